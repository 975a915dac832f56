import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Dialog, DialogClose } from './Dialog';

const footer = (cancel: string, save: string) => (
  <>
    <DialogClose asChild>
      <Button variant="secondary">{cancel}</Button>
    </DialogClose>
    <Button>{save}</Button>
  </>
);

const ru = {
  trigger: <Button variant="secondary">Изменить профиль</Button>,
  title: 'Редактирование профиля и контактных данных',
  description: 'Имя и фамилия указываются в счетах, договорах и в сообщениях от команды проекта.',
  closeLabel: 'Закрыть',
  children: <TextField label="Имя и фамилия" defaultValue="Анна Петрова" />,
  footer: footer('Отмена', 'Сохранить изменения'),
};
const es = {
  trigger: <Button variant="secondary">Editar perfil</Button>,
  title: 'Editar el perfil y los datos de contacto',
  description: 'Su nombre aparece en las facturas, en los contratos y en los mensajes del equipo del proyecto.',
  closeLabel: 'Cerrar',
  children: <TextField label="Nombre completo" defaultValue="Ana Pérez" />,
  footer: footer('Cancelar', 'Guardar cambios'),
};

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  args: {
    trigger: <Button variant="secondary">Edit profile</Button>,
    title: 'Edit profile',
    description: 'Your name appears on invoices and in messages from the team.',
    closeLabel: 'Close',
    children: <TextField label="Full name" defaultValue="Anna Petrova" />,
    footer: footer('Cancel', 'Save changes'),
    onOpenChange: fn(),
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  parameters: { localeArgs: { ru, es } },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Only the trigger: the dialog is closed. */
export const Closed: Story = {};

/** Open, with a form field (it receives focus), a footer and the × button. */
export const Open: Story = { args: { defaultOpen: true } };

export const Small: Story = {
  args: {
    defaultOpen: true,
    size: 'sm',
    title: 'Link copied',
    description: 'Anyone with the link can view the project brief.',
    children: undefined,
    footer: (
      <DialogClose asChild>
        <Button>Done</Button>
      </DialogClose>
    ),
  },
};

export const Large: Story = {
  args: {
    defaultOpen: true,
    size: 'lg',
    title: 'How we work',
    description: 'Four stages, one team, a fixed price per stage.',
    children: (
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>Discovery: interviews, goals and a written brief.</li>
        <li>Design: flows and screens you can click through.</li>
        <li>Build: weekly releases to a staging site.</li>
        <li>Launch and support: monitoring, fixes and a handover.</li>
      </ol>
    ),
    footer: (
      <DialogClose asChild>
        <Button variant="secondary">Close</Button>
      </DialogClose>
    ),
  },
};

/** Without a description the panel has no `aria-describedby`; without a footer the body ends the panel. */
export const TitleAndBodyOnly: Story = {
  args: {
    defaultOpen: true,
    description: undefined,
    footer: undefined,
    title: 'Office hours',
    children: <p style={{ margin: 0 }}>Monday to Friday, 10:00–18:00 (UTC). We answer every message within one working day.</p>,
  },
};

export const TriggerHover: Story = { parameters: { pseudo: { hover: true } } };
export const TriggerFocusVisible: Story = { parameters: { pseudo: { focusVisible: true } } };

/** Keyboard: Enter opens, focus moves into the dialog and stays there, Escape closes and focus returns to the trigger. */
export const KeyboardInteraction: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Edit profile' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Full name' })).toHaveFocus());
    // Tab cycles inside: field → Cancel → Save → × → back to the field.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('textbox', { name: 'Full name' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

export const Russian: Story = { args: { ...ru, defaultOpen: true } };
export const Spanish: Story = { args: { ...es, defaultOpen: true } };
