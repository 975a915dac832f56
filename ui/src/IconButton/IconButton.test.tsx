import { GearIcon, HamburgerMenuIcon } from '@radix-ui/react-icons';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { IconButton } from './IconButton';

describe('IconButton', () => {
  it('takes its accessible name from label and hides the icon from assistive technology', () => {
    const { container } = render(<IconButton label="Open menu" icon={<HamburgerMenuIcon />} />);
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).not.toHaveAttribute('title');
    expect(container.querySelector('svg')?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('renders a square of the chosen size', () => {
    render(
      <>
        <IconButton label="Small" icon={<GearIcon />} size="sm" />
        <IconButton label="Medium" icon={<GearIcon />} />
      </>,
    );
    const small = screen.getByRole('button', { name: 'Small' }).getBoundingClientRect();
    const medium = screen.getByRole('button', { name: 'Medium' }).getBoundingClientRect();
    expect([small.width, small.height]).toEqual([32, 32]);
    expect([medium.width, medium.height]).toEqual([44, 44]);
  });

  it('activates with Enter and Space from the keyboard', async () => {
    const onClick = vi.fn();
    render(<IconButton label="Open menu" icon={<HamburgerMenuIcon />} onClick={onClick} />);
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('is skipped by Tab and ignores clicks when disabled', async () => {
    const onClick = vi.fn();
    render(
      <>
        <IconButton label="Delete" icon={<GearIcon />} disabled onClick={onClick} />
        <button type="button">Next</button>
      </>,
    );
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }), { force: true });
    expect(onClick).not.toHaveBeenCalled();
  });

  it('copies the label into title only when showTitle is set', () => {
    render(<IconButton label="Settings" icon={<GearIcon />} showTitle />);
    expect(screen.getByRole('button', { name: 'Settings' })).toHaveAttribute('title', 'Settings');
  });

  it('renders its child link with the icon inside when asChild is set', () => {
    render(
      <IconButton asChild label="Settings" icon={<GearIcon />} variant="primary">
        <a href="/settings" />
      </IconButton>,
    );
    const link = screen.getByRole('link', { name: 'Settings' });
    expect(link).toHaveAttribute('href', '/settings');
    expect(link).toHaveAttribute('data-variant', 'primary');
    expect(link).not.toHaveAttribute('type');
    expect(link.querySelector('svg')).not.toBeNull();
  });
});
