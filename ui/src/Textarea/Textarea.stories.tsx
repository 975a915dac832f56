import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Textarea } from './Textarea';

const meta = {
  title: 'Forms/Textarea',
  component: Textarea,
  args: { label: 'About your project', placeholder: 'What are you building, for whom, and by when?' },
  parameters: {
    localeArgs: {
      ru: { label: 'О вашем проекте', placeholder: 'Что вы создаёте, для кого и к какому сроку?' },
      es: { label: 'Sobre su proyecto', placeholder: '¿Qué está creando, para quién y para cuándo?' },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Textarea>;
export default meta;
type Story = StoryObj<typeof meta>;

const brief = 'A booking app for a chain of six dental clinics: online appointments, reminders by SMS and a small admin panel.';

export const Default: Story = {};
export const Filled: Story = { args: { defaultValue: brief } };
export const Hover: Story = { parameters: { pseudo: { hover: ['textarea'] } } };
export const FocusVisible: Story = { args: { defaultValue: brief }, parameters: { pseudo: { focusVisible: ['textarea'] } } };
export const Required: Story = { args: { required: true } };
export const WithHint: Story = { args: { hint: 'A few sentences are enough; we will ask the rest on a call.' } };
export const WithCounter: Story = { args: { defaultValue: brief, maxLength: 500, hint: 'A few sentences are enough.' } };
export const CounterAtLimit: Story = { args: { defaultValue: 'Dental clinic booking app', maxLength: 25 } };
export const CustomCounterText: Story = {
  args: { defaultValue: brief, maxLength: 500, formatCount: (n, max) => `${max - n} characters left` },
};
export const WithError: Story = {
  args: { defaultValue: 'App', maxLength: 500, required: true, error: 'Tell us a little more: at least 20 characters.', hint: 'A few sentences are enough.' },
  play: async ({ canvasElement }) => {
    const textarea = within(canvasElement).getByRole('textbox');
    await expect(textarea).toHaveAttribute('aria-invalid', 'true');
    await expect(textarea).toHaveAccessibleDescription('Tell us a little more: at least 20 characters. A few sentences are enough. 3 / 500');
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: brief, maxLength: 500 } };

/** Typing updates the counter. */
export const Typing: Story = {
  args: { maxLength: 140, placeholder: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const textarea = canvas.getByRole('textbox', { name: 'About your project' });
    await userEvent.type(textarea, 'A shop for handmade ceramics.');
    await expect(canvas.getByText('29 / 140')).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    label: 'Describe the problem you want the new system to solve, and who will use it every day',
    hint: 'Mention the tools you use today (spreadsheets, email, paper) and what goes wrong with them; links to examples help too.',
    error: 'Please describe the problem in at least 20 characters so we can prepare for the first call.',
    defaultValue: brief,
    maxLength: 2000,
    required: true,
  },
};

export const Russian: Story = {
  args: {
    label: 'О вашем проекте',
    placeholder: 'Что вы создаёте, для кого и к какому сроку?',
    defaultValue: 'Приложение',
    maxLength: 500,
    required: true,
    error: 'Расскажите чуть подробнее: не меньше 20 символов.',
    hint: 'Достаточно нескольких предложений, остальное обсудим по телефону.',
    formatCount: (n, max) => `${n} из ${max}`,
  },
};

export const Spanish: Story = {
  args: {
    label: 'Sobre su proyecto',
    placeholder: '¿Qué está creando, para quién y para cuándo?',
    defaultValue: 'Una aplicación de reservas para una cadena de clínicas dentales.',
    maxLength: 500,
    required: true,
    hint: 'Bastan unas frases; el resto lo hablamos por teléfono.',
    formatCount: (n, max) => `${n} de ${max}`,
  },
};
