import { ChevronDownIcon, ExitIcon, IdCardIcon, FileTextIcon, GearIcon, PersonIcon, TrashIcon } from '@radix-ui/react-icons';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button';
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from './DropdownMenu';

interface MenuCopy {
  name: string;
  label: string;
  profile: string;
  projects: string;
  invoices: string;
  settings: string;
  signOut: string;
  deleteAccount: string;
}

const en: MenuCopy = {
  name: 'Anna Petrova',
  label: 'Account',
  profile: 'Profile',
  projects: 'My projects',
  invoices: 'Invoices',
  settings: 'Settings',
  signOut: 'Sign out',
  deleteAccount: 'Delete account',
};
const ru: MenuCopy = {
  name: 'Анна Петрова',
  label: 'Учётная запись',
  profile: 'Профиль',
  projects: 'Мои проекты',
  invoices: 'Счета и закрывающие документы',
  settings: 'Настройки уведомлений',
  signOut: 'Выйти',
  deleteAccount: 'Удалить аккаунт',
};
const es: MenuCopy = {
  name: 'Ana Pérez',
  label: 'Cuenta',
  profile: 'Perfil',
  projects: 'Mis proyectos',
  invoices: 'Facturas y comprobantes de pago',
  settings: 'Preferencias de notificaciones',
  signOut: 'Cerrar sesión',
  deleteAccount: 'Eliminar la cuenta',
};

/** The site's user menu: links (asChild), a disabled item, a separator and a destructive item. */
function userMenu(copy: MenuCopy, onSelect?: (event: Event) => void) {
  return {
    trigger: (
      <Button variant="secondary">
        {copy.name}
        <ChevronDownIcon aria-hidden />
      </Button>
    ),
    label: copy.label,
    children: (
      <>
        <DropdownMenuItem asChild>
          <a href="#profile">
            <PersonIcon aria-hidden />
            {copy.profile}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a href="#projects">
            <FileTextIcon aria-hidden />
            {copy.projects}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem disabled>
          <IdCardIcon aria-hidden />
          {copy.invoices}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onSelect}>
          <GearIcon aria-hidden />
          {copy.settings}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSelect}>
          <ExitIcon aria-hidden />
          {copy.signOut}
        </DropdownMenuItem>
        <DropdownMenuItem tone="danger" onSelect={onSelect}>
          <TrashIcon aria-hidden />
          {copy.deleteAccount}
        </DropdownMenuItem>
      </>
    ),
  };
}

const onSelect = fn();

const meta = {
  title: 'Overlays/DropdownMenu',
  component: DropdownMenu,
  args: { ...userMenu(en, onSelect), onOpenChange: fn() },
  argTypes: { align: { control: 'inline-radio', options: ['start', 'center', 'end'] } },
  parameters: { localeArgs: { ru: userMenu(ru), es: userMenu(es) } },
  // Like the site header: the user menu sits at the right edge.
  decorators: [(Story) => <div style={{ display: 'flex', justifyContent: 'flex-end' }}>{Story()}</div>],
} satisfies Meta<typeof DropdownMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Only the trigger: the menu is closed. */
export const Closed: Story = {};

/** Open, aligned to the trigger's end: heading, links, a disabled item, a separator and a destructive item. */
export const Open: Story = { args: { defaultOpen: true } };

/** Without a heading, aligned to the trigger's start. */
export const AlignStart: Story = {
  args: { defaultOpen: true, align: 'start', label: undefined },
  decorators: [(Story) => <div style={{ display: 'flex', justifyContent: 'flex-start' }}>{Story()}</div>],
};

/** A composed menu with its own group heading in the middle. */
export const WithGroupLabel: Story = {
  args: {
    defaultOpen: true,
    label: undefined,
    trigger: (
      <Button variant="secondary">
        Project actions
        <ChevronDownIcon aria-hidden />
      </Button>
    ),
    children: (
      <>
        <DropdownMenuItem>Duplicate</DropdownMenuItem>
        <DropdownMenuItem>Rename</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Share</DropdownMenuLabel>
        <DropdownMenuItem>Copy link</DropdownMenuItem>
        <DropdownMenuItem disabled>Invite by email</DropdownMenuItem>
      </>
    ),
  },
};

export const TriggerHover: Story = { parameters: { pseudo: { hover: true } } };
export const TriggerFocusVisible: Story = { parameters: { pseudo: { focusVisible: true } } };

/** Opened from the keyboard; ArrowDown skips the disabled item; the highlighted item is tinted. */
export const KeyboardHighlight: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Anna Petrova' });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Account' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
  },
};

/** Keyboard: Home/End jump, Enter selects and closes, Escape closes and returns focus to the trigger. */
export const KeyboardSelectAndEscape: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Anna Petrova' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');
    await userEvent.keyboard('{End}');
    await expect(within(menu).getByRole('menuitem', { name: 'Delete account' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await userEvent.keyboard('{End}{ArrowUp}{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(onSelect).toHaveBeenCalled();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

export const Russian: Story = { args: { ...userMenu(ru), defaultOpen: true } };
export const Spanish: Story = { args: { ...userMenu(es), defaultOpen: true } };
