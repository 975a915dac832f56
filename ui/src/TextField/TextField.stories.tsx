import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './TextField';

const meta = {
  title: 'Forms/TextField',
  component: TextField,
  args: { label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'name@example.com' },
  parameters: {
    localeArgs: {
      ru: { label: 'Электронная почта', placeholder: 'name@example.com' },
      es: { label: 'Correo electrónico', placeholder: 'nombre@ejemplo.com' },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Filled: Story = { args: { defaultValue: 'anna@studio.dev' } };
export const Hover: Story = { parameters: { pseudo: { hover: ['input'] } } };
export const FocusVisible: Story = { parameters: { pseudo: { focusVisible: ['input'] } } };
export const Required: Story = { args: { required: true } };
export const WithHint: Story = { args: { hint: 'We only use it to reply to your request.' } };
export const WithError: Story = {
  args: { defaultValue: 'anna@', error: 'Enter an email address like name@example.com.', hint: 'We only use it to reply to your request.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Enter an email address like name@example.com. We only use it to reply to your request.');
  },
};
export const ErrorFocused: Story = {
  args: { defaultValue: 'anna@', error: 'Enter an email address like name@example.com.' },
  parameters: { pseudo: { focusVisible: ['input'] } },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'anna@studio.dev' } };

export const Typing: Story = {
  args: { label: 'Name', type: 'text', autoComplete: 'name', placeholder: undefined },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Name' });
    await userEvent.type(input, 'Anna Petrova');
    await expect(input).toHaveValue('Anna Petrova');
  },
};

export const LongText: Story = {
  args: {
    label: 'Company or organisation name, as it should appear on the invoice and in the contract',
    type: 'text',
    autoComplete: 'organization',
    placeholder: undefined,
    hint: 'If you are ordering as a private person, leave this empty; we will use your full name on all documents instead.',
    error: 'The name is too long: keep it under 100 characters so it fits on the invoice.',
    required: true,
  },
};

export const Russian: Story = {
  args: {
    label: 'Электронная почта',
    defaultValue: 'anna@',
    required: true,
    error: 'Введите адрес электронной почты в формате name@example.com.',
    hint: 'Мы используем его только для ответа на вашу заявку.',
  },
};

export const Spanish: Story = {
  args: {
    label: 'Correo electrónico',
    placeholder: 'nombre@ejemplo.com',
    required: true,
    error: 'Introduzca una dirección de correo electrónico válida, por ejemplo nombre@ejemplo.com.',
    hint: 'Solo lo usaremos para responder a su solicitud.',
  },
};
