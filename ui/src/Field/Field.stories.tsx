import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Field } from './Field';

/** A custom control (a native date input) framed by Field: label, hint, error and ARIA wiring for free. */
const meta = {
  title: 'Forms/Field',
  component: Field,
  args: {
    label: 'Preferred start date',
    hint: 'We plan two weeks ahead.',
    children: (ids) => (
      <input
        type="date"
        id={ids.controlId}
        aria-describedby={ids.describedBy}
        aria-invalid={ids.invalid}
        defaultValue="2027-01-15"
        style={{
          minHeight: 44,
          font: 'inherit',
          padding: '0 12px',
          borderRadius: 10,
          border: '1px solid var(--color-border-control)',
          background: 'var(--color-surface)',
          color: 'var(--color-text)',
          maxWidth: 240,
        }}
      />
    ),
  },
  parameters: {
    localeArgs: {
      ru: { label: 'Желаемая дата начала', hint: 'Мы планируем на две недели вперёд.' },
      es: { label: 'Fecha de inicio deseada', hint: 'Planificamos con dos semanas de antelación.' },
    },
  },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Preferred start date');
    await expect(input).toHaveAccessibleDescription('We plan two weeks ahead.');
  },
};
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { error: 'Choose a date after today.' } };
export const Disabled: Story = { args: { disabled: true } };
export const Russian: Story = {
  args: { label: 'Желаемая дата начала', hint: 'Мы планируем на две недели вперёд.', error: 'Выберите дату позже сегодняшней.' },
};
export const Spanish: Story = { args: { label: 'Fecha de inicio deseada', hint: 'Planificamos con dos semanas de antelación.' } };
