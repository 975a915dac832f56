import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Textarea } from './Textarea';

describe('Textarea', () => {
  it('is labelled, reachable with Tab and takes multi-line text', async () => {
    const onChange = vi.fn();
    render(<Textarea label="Message" onChange={onChange} />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.keyboard('{Tab}');
    expect(textarea).toHaveFocus();
    await userEvent.keyboard('Hello{Enter}world');
    expect(textarea).toHaveValue('Hello\nworld');
    expect(onChange).toHaveBeenCalled();
    await userEvent.keyboard('{Tab}');
    expect(textarea).not.toHaveFocus();
  });

  it('counts characters as "n / max", stops at the limit and marks it', async () => {
    render(<Textarea label="Message" maxLength={5} defaultValue="ab" />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    const counter = screen.getByText('2 / 5');
    expect(counter).toBeVisible();
    expect(counter).not.toHaveAttribute('data-at-limit');
    await userEvent.click(textarea);
    await userEvent.keyboard('cdefgh');
    expect(textarea).toHaveValue('abcde');
    expect(counter).toHaveTextContent('5 / 5');
    expect(counter).toHaveAttribute('data-at-limit');
    expect(textarea).toHaveAttribute('maxlength', '5');
  });

  it('uses formatCount for the counter text and follows a controlled value', async () => {
    function Controlled() {
      const [value, setValue] = useState('hi');
      return (
        <Textarea
          label="Message"
          maxLength={10}
          value={value}
          onChange={(e) => setValue(e.target.value.toUpperCase())}
          formatCount={(n, max) => `${max - n} left`}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByText('8 left')).toBeVisible();
    screen.getByRole('textbox', { name: 'Message' }).focus();
    await userEvent.keyboard('{End}yo');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('HIYO');
    expect(screen.getByText('6 left')).toBeVisible();
  });

  it('has no counter without maxLength', () => {
    render(<Textarea label="Message" />);
    expect(screen.getByRole('textbox', { name: 'Message' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/\//)).toBeNull();
  });

  it('wires error, hint and counter into aria-describedby, in that order, and sets aria-invalid', () => {
    render(<Textarea label="Message" hint="A few sentences." error="Too short." maxLength={100} defaultValue="Hi" />);
    const textarea = screen.getByRole('textbox', { name: 'Message' });
    const error = screen.getByText('Too short.').closest('p')!;
    const hint = screen.getByText('A few sentences.');
    const counter = screen.getByText('2 / 100');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
    expect(textarea.getAttribute('aria-describedby')!.split(' ')).toEqual([error.id, hint.id, counter.id]);
    for (const el of [error, hint, counter]) expect(el).toBeVisible();
    expect(textarea).toHaveAccessibleDescription('Too short. A few sentences. 2 / 100');
  });

  it('keeps native required and is skipped by Tab when disabled', async () => {
    render(
      <>
        <Textarea label="Required one" required />
        <Textarea label="Disabled one" disabled />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Required one' })).toBeRequired();
    await userEvent.keyboard('{Tab}{Tab}');
    expect(screen.getByRole('textbox', { name: 'Disabled one' })).not.toHaveFocus();
  });
});
