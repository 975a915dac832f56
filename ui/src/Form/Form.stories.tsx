import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { Checkbox } from '../Checkbox';
import { PasswordField } from '../PasswordField';
import { Select } from '../Select';
import { Textarea } from '../Textarea';
import { TextField } from '../TextField';
import { Fieldset, Form, FormActions, FormMessage } from './Form';

const preventSubmit = (event: { preventDefault(): void }) => event.preventDefault();

const meta = {
  title: 'Forms/Form',
  component: Form,
  args: { 'aria-label': 'Sign in', noValidate: true, onSubmit: fn(preventSubmit) },
  argTypes: { gap: { control: 'inline-radio', options: ['sm', 'md'] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 420 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Form>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SignIn: Story = {
  render: (args) => (
    <Form {...args}>
      <TextField label="Email" type="email" autoComplete="email" name="email" />
      <PasswordField label="Password" showLabel="Show password" hideLabel="Hide password" autoComplete="current-password" name="password" />
      <FormActions>
        <Button type="submit">Sign in</Button>
        <Button variant="ghost">Forgot password?</Button>
      </FormActions>
    </Form>
  ),
};

/** A failed submit: a form-level error (`role="alert"`) above the fields, field errors wired to the inputs. */
export const WithFormError: Story = {
  render: (args) => (
    <Form {...args}>
      <FormMessage>Wrong email or password. Check them and try again.</FormMessage>
      <TextField label="Email" type="email" autoComplete="email" defaultValue="anna@studio.dev" />
      <PasswordField label="Password" showLabel="Show password" hideLabel="Hide password" autoComplete="current-password" defaultValue="hunter22" />
      <FormActions>
        <Button type="submit">Sign in</Button>
      </FormActions>
    </Form>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Wrong email or password. Check them and try again.');
  },
};

export const WithSuccess: Story = {
  args: { 'aria-label': 'Profile' },
  render: (args) => (
    <Form {...args}>
      <FormMessage tone="success">Your profile has been saved.</FormMessage>
      <TextField label="Name" autoComplete="name" defaultValue="Anna Petrova" />
      <FormActions>
        <Button type="submit">Save</Button>
      </FormActions>
    </Form>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Your profile has been saved.');
  },
};

/** Enter in a field submits the form. */
export const SubmitWithEnter: Story = {
  render: (args) => (
    <Form {...args}>
      <TextField label="Email" type="email" autoComplete="email" name="email" />
      <FormActions>
        <Button type="submit">Continue</Button>
      </FormActions>
    </Form>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'anna@studio.dev{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** A request form with fieldsets: every group control, `gap="md"`, actions at the end. */
export const ProjectRequest: Story = {
  args: { 'aria-label': 'Project request' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 520 }}>
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <Form {...args}>
      <Fieldset legend="Contact details" hint="We reply within one working day.">
        <TextField label="Name" autoComplete="name" required />
        <TextField label="Email" type="email" autoComplete="email" required error="Enter an email address like name@example.com." defaultValue="anna@" />
      </Fieldset>
      <Fieldset legend="Project">
        <Select
          label="Budget"
          placeholder="Choose a range"
          options={[
            { value: 'lt10', label: 'Under €10,000' },
            { value: '10-30', label: '€10,000 – €30,000' },
          ]}
        />
        <Textarea label="About your project" maxLength={1000} rows={3} />
      </Fieldset>
      <Checkbox
        label={
          <>
            I agree to the <a href="#privacy">privacy policy</a>
          </>
        }
        required
      />
      <FormActions>
        <Button type="submit">Send request</Button>
        <Button variant="secondary">Save draft</Button>
      </FormActions>
    </Form>
  ),
};

export const CompactGap: Story = { ...SignIn, args: { gap: 'sm' } };

export const DisabledFieldset: Story = {
  args: { 'aria-label': 'Billing' },
  render: (args) => (
    <Form {...args}>
      <Fieldset legend="Billing address" hint="Managed by your organisation’s administrator." disabled>
        <TextField label="Company" defaultValue="Studio GmbH" />
        <TextField label="VAT number" defaultValue="DE123456789" />
      </Fieldset>
    </Form>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Company' })).toBeDisabled();
  },
};

export const ActionsAlignment: Story = {
  args: { 'aria-label': 'Actions' },
  render: (args) => (
    <Form {...args}>
      <FormActions align="start">
        <Button type="submit">Save</Button>
        <Button variant="ghost">Cancel</Button>
      </FormActions>
      <FormActions align="end">
        <Button type="submit">Save</Button>
        <Button variant="ghost">Cancel</Button>
      </FormActions>
      <FormActions align="between">
        <Button variant="danger">Delete account</Button>
        <Button type="submit">Save</Button>
      </FormActions>
      <FormActions align="stretch">
        <Button type="submit">Save</Button>
        <Button variant="secondary">Cancel</Button>
      </FormActions>
    </Form>
  ),
};

export const FocusVisibleSubmit: Story = { ...SignIn, parameters: { pseudo: { focusVisible: ['button[type="submit"]'] } } };

export const LongText: Story = {
  render: (args) => (
    <Form {...args}>
      <FormMessage>
        We could not send your request because the connection to the server was interrupted. Your answers are kept on this page: check your connection and press
        “Send request” again.
      </FormMessage>
      <Fieldset
        legend="Details of the organisation that will sign the contract and receive the invoices"
        hint="Use the legal name exactly as registered; we copy it into the contract."
      >
        <TextField label="Registered legal name of the organisation" autoComplete="organization" />
      </Fieldset>
      <FormActions>
        <Button type="submit">Send request</Button>
        <Button variant="ghost">Continue without an account</Button>
      </FormActions>
    </Form>
  ),
};

export const Russian: Story = {
  args: { 'aria-label': 'Вход' },
  render: (args) => (
    <Form {...args}>
      <FormMessage>Неверный адрес электронной почты или пароль. Проверьте их и попробуйте ещё раз.</FormMessage>
      <Fieldset legend="Вход в личный кабинет">
        <TextField label="Электронная почта" type="email" autoComplete="email" defaultValue="anna@" error="Введите адрес в формате name@example.com." />
        <PasswordField label="Пароль" showLabel="Показать пароль" hideLabel="Скрыть пароль" autoComplete="current-password" />
      </Fieldset>
      <FormActions>
        <Button type="submit">Войти</Button>
        <Button variant="ghost">Забыли пароль?</Button>
      </FormActions>
    </Form>
  ),
};

export const Spanish: Story = {
  args: { 'aria-label': 'Perfil' },
  render: (args) => (
    <Form {...args}>
      <FormMessage tone="success">Su perfil se ha guardado correctamente.</FormMessage>
      <Fieldset legend="Datos de contacto" hint="Los usamos solo para responder a sus solicitudes.">
        <TextField label="Nombre completo" autoComplete="name" defaultValue="Ana Pérez" />
        <TextField label="Correo electrónico" type="email" autoComplete="email" defaultValue="ana@estudio.es" />
        <Select
          label="Idioma"
          defaultValue="es"
          options={[
            { value: 'en', label: 'English', lang: 'en' },
            { value: 'ru', label: 'Русский', lang: 'ru' },
            { value: 'es', label: 'Español', lang: 'es' },
          ]}
        />
      </Fieldset>
      <FormActions>
        <Button type="submit">Guardar cambios</Button>
        <Button variant="ghost">Cancelar</Button>
      </FormActions>
    </Form>
  ),
};
