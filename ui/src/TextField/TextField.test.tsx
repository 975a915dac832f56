import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is labelled by its label and takes typed text', async () => {
    const onChange = vi.fn();
    render(<TextField label="Name" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByText('Name'));
    expect(input).toHaveFocus();
    await userEvent.keyboard('Anna');
    expect(input).toHaveValue('Anna');
    expect(onChange).toHaveBeenCalledTimes(4);
  });

  it('is reached in document order with Tab', async () => {
    render(
      <>
        <TextField label="Name" />
        <TextField label="Email" type="email" />
      </>,
    );
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
  });

  it('describes the input with its hint and has no aria-invalid without an error', () => {
    render(<TextField label="Email" hint="We reply within a day." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).not.toHaveAttribute('aria-invalid');
    const hint = screen.getByText('We reply within a day.');
    expect(input).toHaveAttribute('aria-describedby', hint.id);
    expect(hint).toBeVisible();
  });

  it('wires the error: aria-invalid and aria-describedby pointing at the visible error and hint', () => {
    render(<TextField label="Email" hint="We reply within a day." error="Enter a valid email." aria-describedby="extra" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    const error = screen.getByText('Enter a valid email.').closest('p')!;
    const hint = screen.getByText('We reply within a day.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')!.split(' ')).toEqual([error.id, hint.id, 'extra']);
    expect(error).toBeVisible();
    expect(hint).toBeVisible();
    expect(input).toHaveAccessibleDescription('Enter a valid email. We reply within a day.');
  });

  it('keeps the native required attribute and shows an asterisk hidden from assistive technology', () => {
    render(<TextField label="Email" required />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toBeRequired();
    const star = screen.getByText('*');
    expect(star).toHaveAttribute('aria-hidden', 'true');
    expect(star).toBeVisible();
  });

  it('uses a given id for the input and derives the message ids from it', () => {
    render(<TextField id="email" label="Email" error="Required" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-describedby', 'email-error');
    expect(document.getElementById('email-error')).toHaveTextContent('Required');
  });

  it('cannot be focused or typed into when disabled', async () => {
    render(<TextField label="Name" disabled />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    await userEvent.keyboard('{Tab}');
    expect(input).not.toHaveFocus();
    expect(input).toBeDisabled();
  });
});
