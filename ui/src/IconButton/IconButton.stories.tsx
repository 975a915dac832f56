import { Cross2Icon, GearIcon, HamburgerMenuIcon, MagnifyingGlassIcon, MoonIcon, PlusIcon, TrashIcon } from '@radix-ui/react-icons';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { IconButton } from './IconButton';

const meta = {
  title: 'Actions/IconButton',
  component: IconButton,
  args: { label: 'Open menu', icon: <HamburgerMenuIcon />, onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['ghost', 'secondary', 'primary'] },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
    icon: { control: false },
  },
  parameters: { localeArgs: { ru: { label: 'Открыть меню' }, es: { label: 'Abrir el menú' } } },
} satisfies Meta<typeof IconButton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Ghost: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Open menu' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};
export const Secondary: Story = { args: { variant: 'secondary', label: 'Search', icon: <MagnifyingGlassIcon /> } };
export const Primary: Story = { args: { variant: 'primary', label: 'Add to project', icon: <PlusIcon /> } };

/** Every variant in both sizes, enabled and disabled. */
export const Gallery: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, max-content)', gap: 16, alignItems: 'center' }}>
      {(['ghost', 'secondary', 'primary'] as const).map((variant) => (
        <div key={variant} style={{ display: 'contents' }}>
          <IconButton {...args} variant={variant} size="sm" label={`Settings (${variant}, small)`} icon={<GearIcon />} />
          <IconButton {...args} variant={variant} size="md" label={`Settings (${variant})`} icon={<GearIcon />} />
          <IconButton {...args} variant={variant} size="sm" label={`Delete (${variant}, small)`} icon={<TrashIcon />} disabled />
          <IconButton {...args} variant={variant} size="md" label={`Delete (${variant})`} icon={<TrashIcon />} disabled />
        </div>
      ))}
    </div>
  ),
};

export const Small: Story = { args: { size: 'sm', variant: 'secondary', label: 'Close', icon: <Cross2Icon /> } };
export const Hover: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16 }}>
      <IconButton {...args} variant="ghost" />
      <IconButton {...args} variant="secondary" />
      <IconButton {...args} variant="primary" />
    </div>
  ),
  parameters: { pseudo: { hover: true } },
};
export const FocusVisible: Story = { args: { variant: 'secondary' }, parameters: { pseudo: { focusVisible: ['button'] } } };
export const Disabled: Story = {
  args: { disabled: true, variant: 'secondary', label: 'Delete project', icon: <TrashIcon /> },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Delete project' });
    await expect(button).toBeDisabled();
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** The label as a native `title` too; hover shows the browser's hint (not in the screenshot). */
export const WithTitle: Story = {
  args: { showTitle: true, label: 'Switch to dark theme', icon: <MoonIcon /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Switch to dark theme' })).toHaveAttribute('title', 'Switch to dark theme');
  },
};

export const AsLink: Story = {
  args: { asChild: true, variant: 'secondary', label: 'Settings', icon: <GearIcon />, children: <a href="#settings" /> },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Settings' });
    await expect(link).toHaveAttribute('href', '#settings');
    await expect(link).toHaveAttribute('data-variant', 'secondary');
  },
};

/** The name lives only in `aria-label`, so long translations never break the square. */
export const Russian: Story = {
  args: { variant: 'secondary', label: 'Открыть настройки уведомлений', icon: <GearIcon />, showTitle: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Открыть настройки уведомлений' })).toBeVisible();
  },
};
export const Spanish: Story = {
  args: { variant: 'primary', label: 'Añadir al presupuesto', icon: <PlusIcon />, showTitle: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Añadir al presupuesto' })).toBeVisible();
  },
};
