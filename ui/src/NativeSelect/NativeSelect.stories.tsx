import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NativeSelect } from './NativeSelect';

const LANGUAGES = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'ru', label: 'Русский', lang: 'ru' },
  { value: 'es', label: 'Español', lang: 'es' },
];
const BUDGETS = [
  { value: 'small', label: 'Up to $10,000' },
  { value: 'medium', label: '$10,000 – $50,000' },
  { value: 'large', label: 'More than $50,000' },
];

const meta = {
  title: 'Forms/NativeSelect',
  component: NativeSelect,
  args: { label: 'Budget', options: BUDGETS, defaultValue: 'medium', onValueChange: fn() },
  parameters: {
    localeArgs: {
      ru: {
        label: 'Бюджет',
        options: [
          { value: 'small', label: 'До 10 000 $' },
          { value: 'medium', label: '10 000 – 50 000 $' },
          { value: 'large', label: 'Более 50 000 $' },
        ],
      },
      es: {
        label: 'Presupuesto',
        options: [
          { value: 'small', label: 'Hasta 10 000 $' },
          { value: 'medium', label: '10 000 – 50 000 $' },
          { value: 'large', label: 'Más de 50 000 $' },
        ],
      },
    },
  },
} satisfies Meta<typeof NativeSelect>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: 'A rough range is enough; we will refine it together.' } };
export const WithError: Story = { args: { error: 'Choose a budget range.', defaultValue: undefined, required: true } };
export const Hover: Story = { parameters: { pseudo: { hover: ['select'] } } };
export const FocusVisible: Story = { parameters: { pseudo: { focusVisible: ['select'] } } };
export const Disabled: Story = { args: { disabled: true } };

/** The header's language switcher: small, label for screen readers only. */
export const LanguageSwitcher: Story = {
  args: { label: 'Language', hideLabel: true, size: 'sm', options: LANGUAGES, defaultValue: 'en' },
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'ru');
    await expect(args.onValueChange).toHaveBeenCalledWith('ru');
  },
};

export const Russian: Story = {
  args: {
    label: 'Бюджет',
    hint: 'Достаточно примерного диапазона.',
    options: [
      { value: 'small', label: 'До 10 000 $' },
      { value: 'medium', label: '10 000 – 50 000 $' },
      { value: 'large', label: 'Более 50 000 $' },
    ],
  },
};
export const Spanish: Story = {
  args: {
    label: 'Presupuesto',
    error: 'Elija un rango de presupuesto.',
    options: [
      { value: 'small', label: 'Hasta 10 000 $' },
      { value: 'medium', label: '10 000 – 50 000 $' },
      { value: 'large', label: 'Más de 50 000 $' },
    ],
  },
};
