import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  args: {
    label: 'Password',
    showLabel: 'Show password',
    hideLabel: 'Hide password',
    autoComplete: 'current-password',
    onVisibleChange: fn(),
  },
  parameters: {
    localeArgs: {
      ru: { label: 'Пароль', showLabel: 'Показать пароль', hideLabel: 'Скрыть пароль' },
      es: { label: 'Contraseña', showLabel: 'Mostrar contraseña', hideLabel: 'Ocultar contraseña' },
    },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Filled: Story = { args: { defaultValue: 'correct horse battery' } };
export const Shown: Story = { args: { defaultValue: 'correct horse battery', defaultVisible: true } };
export const Hover: Story = { args: { defaultValue: 'correct horse battery' }, parameters: { pseudo: { hover: ['input'] } } };
export const ToggleHover: Story = { args: { defaultValue: 'correct horse battery' }, parameters: { pseudo: { hover: ['button'] } } };
export const FocusVisible: Story = { args: { defaultValue: 'correct horse battery' }, parameters: { pseudo: { focusVisible: ['input'] } } };
export const ToggleFocusVisible: Story = { args: { defaultValue: 'correct horse battery' }, parameters: { pseudo: { focusVisible: ['button'] } } };
export const Required: Story = { args: { required: true } };
export const WithHint: Story = {
  args: { autoComplete: 'new-password', hint: 'At least 10 characters. A short sentence is easy to remember.' },
};
export const WithError: Story = {
  args: {
    defaultValue: 'qwerty',
    autoComplete: 'new-password',
    error: 'The password is too short: use at least 10 characters.',
    hint: 'At least 10 characters. A short sentence is easy to remember.',
  },
  play: async ({ canvasElement }) => {
    const input = canvasElement.querySelector('input')!;
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'The password is too short: use at least 10 characters. At least 10 characters. A short sentence is easy to remember.',
    );
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: 'correct horse battery' } };

/** Mouse: type, press the eye, the password is shown and the caret stays in the input. */
export const ToggleWithMouse: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    await userEvent.type(input, 'hunter22');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveFocus();
    await expect(args.onVisibleChange).toHaveBeenLastCalledWith(true);
    await expect(canvas.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  },
};

/** Keyboard: Tab to the eye and press Enter, then Space; focus stays on the toggle. */
export const ToggleWithKeyboard: Story = {
  args: { defaultValue: 'hunter22' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Password');
    input.focus();
    await userEvent.tab();
    const toggle = canvas.getByRole('button', { name: 'Show password' });
    await expect(toggle).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAccessibleName('Hide password');
    await userEvent.keyboard(' ');
    await expect(input).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveFocus();
  },
};

export const LongText: Story = {
  args: {
    label: 'Current password of the account you use to sign in to the client portal',
    hint: 'If you signed up with Google or GitHub, you have no password here: use “Forgot password” to create one first.',
    error: 'This password does not match our records. Check the keyboard layout and Caps Lock, then try again.',
    defaultValue: 'correct horse battery',
    required: true,
  },
};

export const Russian: Story = {
  args: {
    label: 'Пароль',
    showLabel: 'Показать пароль',
    hideLabel: 'Скрыть пароль',
    autoComplete: 'new-password',
    defaultValue: 'qwerty',
    required: true,
    error: 'Пароль слишком короткий: используйте не меньше 10 символов.',
    hint: 'Не меньше 10 символов. Короткую фразу легко запомнить.',
  },
};

export const Spanish: Story = {
  args: {
    label: 'Contraseña',
    showLabel: 'Mostrar contraseña',
    hideLabel: 'Ocultar contraseña',
    autoComplete: 'new-password',
    defaultValue: 'qwerty',
    defaultVisible: true,
    required: true,
    error: 'La contraseña es demasiado corta: utilice al menos 10 caracteres.',
    hint: 'Al menos 10 caracteres. Una frase corta es fácil de recordar.',
  },
};
