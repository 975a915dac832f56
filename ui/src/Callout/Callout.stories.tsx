import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button';
import { Callout } from './Callout';

const tones = ['info', 'success', 'warning', 'danger'] as const;

const meta = {
  title: 'Display/Callout',
  component: Callout,
  args: {
    tone: 'info',
    title: 'Discovery starts on Monday',
    children: 'We will send the agenda and the list of people we would like to talk to by Friday.',
  },
  argTypes: {
    tone: { control: 'inline-radio', options: tones },
    icon: { control: false },
    action: { control: false },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    localeArgs: {
      ru: { title: 'Исследование начнётся в понедельник', children: 'До пятницы пришлём повестку и список людей, с которыми хотим поговорить.' },
      es: { title: 'El análisis empieza el lunes', children: 'Antes del viernes le enviaremos la agenda y la lista de personas con las que queremos hablar.' },
    },
  },
} satisfies Meta<typeof Callout>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Discovery starts on Monday');
  },
};
export const Success: Story = { args: { tone: 'success', title: 'Message sent', children: 'We answer within one working day.' } };
export const Warning: Story = {
  args: { tone: 'warning', title: 'Your trial ends in 3 days', children: 'Add a payment method to keep your projects and team members.' },
};
export const Danger: Story = {
  args: {
    tone: 'danger',
    title: 'Payment failed',
    children: 'The bank declined the card ending in 4242. No money was taken.',
    action: (
      <Button size="sm" variant="secondary">
        Try again
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert');
    await expect(alert).toHaveTextContent('Payment failed');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Every tone with title, text and an action. */
export const Gallery: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      {tones.map((tone) => (
        <Callout
          key={tone}
          {...args}
          tone={tone}
          action={
            <Button size="sm" variant="secondary">
              Details
            </Button>
          }
        />
      ))}
    </div>
  ),
};

export const WithoutTitle: Story = { args: { title: undefined, children: 'Prices exclude VAT. Invoices are issued in euros.' } };
export const WithoutIcon: Story = { args: { icon: null, tone: 'success' } };

/** In a narrow column the action moves under the text. */
export const Narrow: Story = {
  args: {
    tone: 'warning',
    title: 'Unsaved changes',
    children: 'Leave this page and your brief will be lost.',
    action: (
      <>
        <Button size="sm" variant="secondary">
          Keep editing
        </Button>
        <Button size="sm" variant="ghost">
          Discard
        </Button>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 340 }}>
        <Story />
      </div>
    ),
  ],
};

export const FocusVisible: Story = {
  args: {
    tone: 'danger',
    title: 'Payment failed',
    children: 'The bank declined the card.',
    action: (
      <Button size="sm" variant="secondary">
        Try again
      </Button>
    ),
  },
  parameters: { pseudo: { focusVisible: ['button'] } },
};

export const LongText: Story = {
  args: {
    tone: 'info',
    title: 'We are moving the staging servers to a new data centre over the weekend of the 14th',
    children:
      'Staging will be read-only from Friday 18:00 to Sunday 22:00 UTC. Production is not affected. If you planned a release for that weekend, tell your project lead and we will schedule a dedicated window with an engineer on call. Links like https://staging.example.com/projects/very-long-identifier-0123456789 keep working afterwards.',
    action: (
      <Button size="sm" variant="secondary">
        Add to calendar
      </Button>
    ),
  },
};

export const Russian: Story = {
  args: {
    tone: 'danger',
    title: 'Не удалось провести платёж',
    children: 'Банк отклонил карту, оканчивающуюся на 4242. Деньги не списаны — попробуйте ещё раз или укажите другую карту.',
    action: (
      <Button size="sm" variant="secondary">
        Повторить попытку
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Не удалось провести платёж');
  },
};

export const Spanish: Story = {
  args: {
    tone: 'warning',
    title: 'Su periodo de prueba termina en 3 días',
    children: 'Añada un método de pago para conservar sus proyectos y los miembros de su equipo.',
    action: (
      <Button size="sm" variant="secondary">
        Añadir método de pago
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Su periodo de prueba termina en 3 días');
  },
};
