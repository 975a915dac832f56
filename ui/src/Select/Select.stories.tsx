import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Select, type SelectOption } from './Select';

const budgets: SelectOption[] = [
  { value: 'lt10', label: 'Under €10,000' },
  { value: '10-30', label: '€10,000 – €30,000' },
  { value: '30-80', label: '€30,000 – €80,000' },
  { value: 'gt80', label: 'Over €80,000' },
  { value: 'unknown', label: 'Not sure yet' },
];
const budgetsRu: SelectOption[] = [
  { value: 'lt10', label: 'До 10 000 €' },
  { value: '10-30', label: '10 000 – 30 000 €' },
  { value: '30-80', label: '30 000 – 80 000 €' },
  { value: 'gt80', label: 'Больше 80 000 €' },
  { value: 'unknown', label: 'Пока не знаю' },
];
const budgetsEs: SelectOption[] = [
  { value: 'lt10', label: 'Menos de 10.000 €' },
  { value: '10-30', label: '10.000 – 30.000 €' },
  { value: '30-80', label: '30.000 – 80.000 €' },
  { value: 'gt80', label: 'Más de 80.000 €' },
  { value: 'unknown', label: 'Todavía no lo sé' },
];
/** The site's language switcher: each language named in itself, tagged with its `lang`. */
const languages: SelectOption[] = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'ru', label: 'Русский', lang: 'ru' },
  { value: 'es', label: 'Español', lang: 'es' },
];

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { label: 'Project budget', placeholder: 'Choose a range', options: budgets, onValueChange: fn(), onOpenChange: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] }, align: { control: 'inline-radio', options: ['start', 'end'] } },
  parameters: {
    localeArgs: {
      ru: { label: 'Бюджет проекта', placeholder: 'Выберите диапазон', options: budgetsRu },
      es: { label: 'Presupuesto del proyecto', placeholder: 'Elija un rango', options: budgetsEs },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * While the list is open, Radix hides everything outside it from assistive technology
 * (`aria-hidden`) and traps focus in the list, so the trigger behind it cannot be reached; axe's
 * aria-hidden-focus rule does not know about the focus trap, so it is off for the open-state stories.
 */
const openListA11y = { a11y: { config: { rules: [{ id: 'aria-hidden-focus', enabled: false }] } } };

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: '10-30' } };
export const Hover: Story = { parameters: { pseudo: { hover: ['button'] } } };
export const FocusVisible: Story = { args: { defaultValue: '10-30' }, parameters: { pseudo: { focusVisible: ['button'] } } };
export const Required: Story = { args: { required: true } };
export const WithHint: Story = { args: { hint: 'A rough range is enough; it helps us suggest the right team.' } };
export const WithError: Story = {
  args: { required: true, error: 'Choose a budget range so we can prepare an estimate.', hint: 'A rough range is enough.' },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Project budget' });
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAccessibleDescription('Choose a budget range so we can prepare an estimate. A rough range is enough.');
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: '10-30' } };

/** The open list (popover) under the trigger, with the chosen option checked and highlighted. */
export const Open: Story = {
  args: { defaultValue: '10-30', defaultOpen: true },
  parameters: openListA11y,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const listbox = await body.findByRole('listbox', { name: 'Project budget' });
    await waitFor(() => expect(body.getByRole('option', { name: '€10,000 – €30,000' })).toHaveFocus());
    await expect(within(listbox).getAllByRole('option')).toHaveLength(5);
  },
};

/** Header language switcher: `size="sm"`, label hidden, languages named in themselves. */
export const LanguageSwitcher: Story = {
  args: { label: 'Language', hideLabel: true, size: 'sm', align: 'end', options: languages, defaultValue: 'en', placeholder: undefined },
  parameters: {
    localeArgs: { ru: { label: 'Язык', options: languages, defaultValue: 'ru' }, es: { label: 'Idioma', options: languages, defaultValue: 'es' } },
  },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', width: 360 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Language' });
    await expect(trigger).toHaveTextContent('English');
    // The label is visually hidden (clipped to 1 px) but still names the combobox.
    await expect(canvasElement.querySelector('label')!.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  },
};

export const LanguageSwitcherOpen: Story = {
  ...LanguageSwitcher,
  args: { ...LanguageSwitcher.args, defaultValue: 'ru', defaultOpen: true },
  parameters: { ...LanguageSwitcher.parameters, ...openListA11y },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('listbox', { name: 'Language' });
    await waitFor(() => expect(body.getByRole('option', { name: 'Русский' })).toHaveFocus());
    await expect(body.getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
  },
};

/** Keyboard: Tab to the trigger, Enter opens, ArrowDown moves, Enter chooses and closes. */
export const ChooseWithKeyboard: Story = {
  args: { defaultValue: 'lt10' },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Project budget' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('listbox');
    await waitFor(() => expect(body.getByRole('option', { name: 'Under €10,000' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith('30-80');
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(trigger).toHaveTextContent('€30,000 – €80,000');
    await expect(body.queryByRole('listbox')).toBeNull();
  },
};

export const LongText: Story = {
  args: {
    label: 'Which of our services would you like to discuss on the first call with the team?',
    options: [
      { value: 'app', label: 'Design and development of a mobile application for iOS and Android' },
      { value: 'web', label: 'A website with a content management system and a client area' },
      { value: 'audit', label: 'An audit of an existing product: accessibility, performance and security' },
    ],
    defaultValue: 'audit',
    hint: 'You can pick one now and add the others during the call; nothing here is binding.',
    error: 'Choose a service: it tells us which specialists to invite.',
  },
};

export const Russian: Story = {
  args: {
    label: 'Бюджет проекта',
    placeholder: 'Выберите диапазон',
    options: budgetsRu,
    required: true,
    error: 'Выберите диапазон бюджета, чтобы мы могли подготовить оценку.',
    hint: 'Достаточно примерного диапазона.',
  },
};

export const Spanish: Story = {
  args: {
    label: 'Presupuesto del proyecto',
    placeholder: 'Elija un rango',
    options: budgetsEs,
    defaultValue: '30-80',
    defaultOpen: true,
    hint: 'Basta con un rango aproximado.',
  },
  parameters: openListA11y,
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await body.findByRole('listbox', { name: 'Presupuesto del proyecto' });
    await waitFor(() => expect(body.getByRole('option', { name: '30.000 – 80.000 €' })).toHaveFocus());
  },
};
