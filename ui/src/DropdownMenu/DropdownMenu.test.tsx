import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Button } from '../Button';
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from './DropdownMenu';

function UserMenu({ onSelect = () => {} }: { onSelect?: (item: string) => void }) {
  return (
    <DropdownMenu trigger={<Button>Anna</Button>} label="Account">
      <DropdownMenuItem asChild>
        <a href="#profile">Profile</a>
      </DropdownMenuItem>
      <DropdownMenuItem disabled onSelect={() => onSelect('invoices')}>
        Invoices
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onSelect('settings')}>Settings</DropdownMenuItem>
      <DropdownMenuSeparator />
      <DropdownMenuItem tone="danger" onSelect={() => onSelect('delete')}>
        Delete account
      </DropdownMenuItem>
    </DropdownMenu>
  );
}

describe('DropdownMenu', () => {
  // Radix highlights (and focuses) the item under the mouse on pointermove, and Chromium sends a
  // synthetic move when content appears under a resting cursor: park it away from where menus open.
  beforeEach(async () => {
    await userEvent.hover(document.documentElement, { position: { x: 1000, y: 700 }, force: true });
  });

  it('opens from the trigger with Enter, focuses the first item and is named by its label', async () => {
    render(<UserMenu />);
    const trigger = screen.getByRole('button', { name: 'Anna' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Account' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    // The asChild item is the link itself, with the menu item role.
    expect(screen.getByRole('menuitem', { name: 'Profile' }).tagName).toBe('A');
    // The heading is followed by its own separator, then the one between the groups.
    expect(screen.getAllByRole('separator').filter((el) => menu.contains(el))).toHaveLength(2);
  });

  it('moves with ArrowDown/ArrowUp (skipping disabled items, wrapping) and jumps with Home/End', async () => {
    render(<UserMenu />);
    screen.getByRole('button', { name: 'Anna' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('menu');
    const item = (name: string) => screen.getByRole('menuitem', { name });
    await waitFor(() => expect(item('Profile')).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Settings')).toHaveFocus();
    expect(item('Invoices')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Delete account')).toHaveFocus();
    expect(item('Delete account')).toHaveAttribute('data-tone', 'danger');
    await userEvent.keyboard('{ArrowDown}');
    expect(item('Profile')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(item('Delete account')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(item('Profile')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(item('Delete account')).toHaveFocus();
  });

  it('Enter selects the focused item, closes the menu and returns focus to the trigger', async () => {
    const onSelect = vi.fn();
    render(<UserMenu onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Anna' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('settings');
    expect(trigger).toHaveFocus();
  });

  it('Escape closes without selecting and returns focus to the trigger', async () => {
    const onSelect = vi.fn();
    render(<UserMenu onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Anna' });
    await userEvent.click(trigger);
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('ignores clicks on disabled items and selects enabled ones by click', async () => {
    const onSelect = vi.fn();
    render(<UserMenu onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: 'Anna' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Invoices' }), { force: true });
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete account' }));
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('delete');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('renders a standalone label as a non-interactive heading', async () => {
    render(
      <DropdownMenu trigger={<Button>More</Button>} defaultOpen>
        <DropdownMenuLabel>Share</DropdownMenuLabel>
        <DropdownMenuItem>Copy link</DropdownMenuItem>
      </DropdownMenu>,
    );
    const menu = await screen.findByRole('menu');
    expect(menu).not.toHaveAttribute('aria-labelledby');
    expect(screen.getByText('Share')).not.toHaveAttribute('role', 'menuitem');
    expect(screen.getAllByRole('menuitem')).toHaveLength(1);
  });
});
