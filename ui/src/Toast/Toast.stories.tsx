import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { Toast, Toaster, ToastProvider, ToastViewport, useToast } from './Toast';

/**
 * Every story keeps its toasts open (`duration={Infinity}`), so no timer races the screenshot; the
 * provider and the viewport come from this decorator, as an app would render them once.
 */
const meta = {
  title: 'Overlays/Toast',
  component: Toast,
  args: {
    title: 'Changes saved',
    description: 'Your profile is up to date.',
    tone: 'success',
    closeLabel: 'Close',
    onOpenChange: fn(),
  },
  argTypes: { tone: { control: 'inline-radio', options: ['neutral', 'success', 'danger'] } },
  parameters: {
    localeArgs: {
      ru: { title: 'Изменения сохранены', description: 'Данные профиля обновлены.', closeLabel: 'Закрыть' },
      es: { title: 'Cambios guardados', description: 'Su perfil está actualizado.', closeLabel: 'Cerrar' },
    },
  },
  decorators: [
    (Story, { parameters }) =>
      parameters.ownToastProvider ? (
        Story()
      ) : (
        <ToastProvider label="Notification" duration={Infinity}>
          {Story()}
          <ToastViewport label="Notifications ({hotkey})" />
        </ToastProvider>
      ),
  ],
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async () => {
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    await expect(await within(region).findByRole('status')).toHaveTextContent('Changes saved');
  },
};
export const Neutral: Story = { args: { tone: 'neutral', title: 'New message', description: 'Maria from the design team replied to your brief.' } };
export const Danger: Story = { args: { tone: 'danger', title: 'Could not save changes', description: 'Check your connection and try again.' } };
export const TitleOnly: Story = { args: { tone: 'neutral', title: 'Link copied', description: undefined } };

export const WithAction: Story = {
  args: {
    tone: 'neutral',
    title: 'Project archived',
    description: '“Mobile banking app” moved to the archive.',
    action: { label: 'Undo', altText: 'Open the archive to restore the project', onClick: fn() },
  },
};

/** Several at once: they stack upwards from the bottom-right corner. */
export const Stack: Story = {
  render: (args) => (
    <>
      <Toast {...args} tone="neutral" title="New message" description="Maria replied to your brief." />
      <Toast {...args} tone="danger" title="Upload failed" description="The file is larger than 20 MB." />
      <Toast {...args} />
    </>
  ),
};

export const CloseHover: Story = { parameters: { pseudo: { hover: ['button[aria-label="Close"]'] } } };
export const CloseFocusVisible: Story = { parameters: { pseudo: { focusVisible: ['button[aria-label="Close"]'] } } };
/** The whole toast focused, as after F8 and Tab. */
export const ToastFocusVisible: Story = {
  args: { action: { label: 'Undo', altText: 'Open the archive to restore the project', onClick: fn() } },
  parameters: { pseudo: { focusVisible: ['li[data-tone]'] } },
};

export const Russian: Story = {
  args: {
    tone: 'danger',
    title: 'Не удалось отправить заявку',
    description: 'Сервер временно недоступен. Мы сохранили черновик — попробуйте отправить его ещё раз через несколько минут.',
    closeLabel: 'Закрыть',
    action: { label: 'Повторить', altText: 'Отправьте заявку ещё раз со страницы «Мои заявки»', onClick: fn() },
  },
};
export const Spanish: Story = {
  args: {
    tone: 'success',
    title: 'Solicitud enviada correctamente',
    description: 'Nuestro equipo revisará su proyecto y le responderá en un plazo de un día laborable.',
    closeLabel: 'Cerrar',
  },
};

/** App code calls `toast()` from `useToast()`; a `Toaster` renders the queue. */
function SaveButton({ label }: { label: string }) {
  const { toast } = useToast();
  return <Button onClick={() => toast({ title: 'Changes saved', description: 'Your profile is up to date.', tone: 'success' })}>{label}</Button>;
}

export const WithUseToast: Story = {
  parameters: { ownToastProvider: true },
  render: () => (
    <ToastProvider label="Notification" duration={Infinity}>
      <SaveButton label="Save profile" />
      <Toaster label="Notifications ({hotkey})" closeLabel="Close" />
    </ToastProvider>
  ),
  play: async ({ canvasElement }) => {
    const save = within(canvasElement).getByRole('button', { name: 'Save profile' });
    await userEvent.click(save);
    const region = screen.getByRole('region', { name: 'Notifications (F8)' });
    const toast = await within(region).findByRole('status');
    await expect(toast).toHaveTextContent('Changes saved');
    await userEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(region).queryByRole('status')).not.toBeInTheDocument());
    // Shown again, to leave one on screen for the screenshot.
    await userEvent.click(save);
    await expect(await within(region).findByRole('status')).toBeVisible();
  },
};
