import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { PasswordField } from './PasswordField';

const labels = { label: 'Password', showLabel: 'Show password', hideLabel: 'Hide password' } as const;

function input(): HTMLInputElement {
  return screen.getByLabelText(/^Password/) as HTMLInputElement;
}

describe('PasswordField', () => {
  it('starts masked, labelled, with autoComplete passed through', () => {
    render(<PasswordField {...labels} autoComplete="new-password" name="password" />);
    expect(input()).toHaveAttribute('type', 'password');
    expect(input()).toHaveAttribute('autocomplete', 'new-password');
    expect(input()).toHaveAttribute('name', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('type', 'button');
    expect(toggle).toHaveAttribute('aria-controls', input().id);
  });

  it('Tab goes to the input, then to the toggle; Enter and Space toggle and focus stays on the toggle', async () => {
    const onVisibleChange = vi.fn();
    render(<PasswordField {...labels} defaultValue="hunter22" onVisibleChange={onVisibleChange} />);
    await userEvent.keyboard('{Tab}');
    expect(input()).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    expect(input()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAccessibleName('Hide password');
    expect(toggle).toHaveFocus();

    await userEvent.keyboard(' ');
    expect(input()).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAccessibleName('Show password');
    expect(toggle).toHaveFocus();
    expect(onVisibleChange.mock.calls).toEqual([[true], [false]]);

    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(input()).toHaveFocus();
  });

  it('keeps focus and the caret in the input when the toggle is clicked while typing', async () => {
    render(<PasswordField {...labels} />);
    await userEvent.click(input());
    await userEvent.keyboard('secret');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(input().selectionStart).toBe(4);

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input()).toHaveAttribute('type', 'text');
    expect(input()).toHaveFocus();
    expect(input().selectionStart).toBe(4);
    expect(input().selectionEnd).toBe(4);

    await userEvent.keyboard('X');
    expect(input()).toHaveValue('secrXet');

    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input()).toHaveAttribute('type', 'password');
    expect(input()).toHaveFocus();
    expect(input().selectionStart).toBe(5);
  });

  it('keeps a selection across the toggle', async () => {
    render(<PasswordField {...labels} defaultValue="abcdef" />);
    input().focus();
    input().setSelectionRange(1, 4);
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input()).toHaveFocus();
    expect([input().selectionStart, input().selectionEnd]).toEqual([1, 4]);
  });

  it('can be controlled', async () => {
    function Controlled() {
      const [visible, setVisible] = useState(true);
      return (
        <>
          <PasswordField {...labels} visible={visible} onVisibleChange={setVisible} />
          <output>{visible ? 'shown' : 'hidden'}</output>
        </>
      );
    }
    render(<Controlled />);
    expect(input()).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('status')).toHaveTextContent('hidden');
  });

  it('wires the error and hint: aria-invalid and aria-describedby point at the visible messages', () => {
    render(<PasswordField {...labels} hint="At least 10 characters." error="Too short." />);
    const error = screen.getByText('Too short.').closest('p')!;
    const hint = screen.getByText('At least 10 characters.');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input().getAttribute('aria-describedby')!.split(' ')).toEqual([error.id, hint.id]);
    expect(error).toBeVisible();
    expect(hint).toBeVisible();
  });

  it('has no aria-invalid without an error and keeps native required', () => {
    render(<PasswordField {...labels} required />);
    expect(input()).not.toHaveAttribute('aria-invalid');
    expect(input()).not.toHaveAttribute('aria-describedby');
    expect(input()).toBeRequired();
  });

  it('forwards its ref to the input', () => {
    const ref = { current: null as HTMLInputElement | null };
    render(<PasswordField {...labels} ref={ref} />);
    expect(ref.current).toBe(input());
  });

  it('disables the toggle with the input', async () => {
    render(<PasswordField {...labels} disabled />);
    expect(input()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
    await userEvent.keyboard('{Tab}');
    expect(document.body).toHaveFocus();
  });
});
