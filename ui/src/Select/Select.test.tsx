import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Select, type SelectOption } from './Select';

const languages: SelectOption[] = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'ru', label: 'Русский', lang: 'ru' },
  { value: 'es', label: 'Español', lang: 'es' },
];

describe('Select', () => {
  it('is a combobox named by its label that shows the placeholder, then the chosen label', () => {
    const { rerender } = render(<Select label="Language" options={languages} placeholder="Choose" />);
    const trigger = screen.getByRole('combobox', { name: 'Language' });
    expect(trigger).toHaveTextContent('Choose');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    rerender(<Select label="Language" options={languages} placeholder="Choose" value="ru" />);
    expect(trigger).toHaveTextContent('Русский');
  });

  it('opens with Enter, moves with arrow keys, chooses with Enter and returns focus to the trigger', async () => {
    const onValueChange = vi.fn();
    render(<Select label="Language" options={languages} defaultValue="en" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Language' });
    await userEvent.keyboard('{Tab}');
    expect(trigger).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox', { name: 'Language' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', listbox.id);
    await waitFor(() => expect(screen.getByRole('option', { name: 'English' })).toHaveFocus());

    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Русский' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Español' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{Enter}');

    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('ru');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger).toHaveTextContent('Русский');
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('opens with ArrowDown and Space; Escape closes without changing the value', async () => {
    const onValueChange = vi.fn();
    render(<Select label="Language" options={languages} defaultValue="es" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Language' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Español' })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp}{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(trigger).toHaveTextContent('Español');
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard(' ');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('chooses an option with the mouse and tags options with their lang', async () => {
    const onValueChange = vi.fn();
    render(<Select label="Language" options={languages} defaultValue="en" onValueChange={onValueChange} size="sm" hideLabel />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    const option = await screen.findByRole('option', { name: 'Español' });
    expect(option).toHaveAttribute('lang', 'es');
    await userEvent.click(option);
    expect(onValueChange).toHaveBeenCalledWith('es');
  });

  it('keeps a visually hidden label as the accessible name', () => {
    render(<Select label="Language" hideLabel options={languages} defaultValue="en" size="sm" />);
    const trigger = screen.getByRole('combobox', { name: 'Language' });
    expect(trigger).toHaveAttribute('data-size', 'sm');
    const label = screen.getByText('Language');
    expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
  });

  it('wires the error and hint: aria-invalid and aria-describedby point at the visible messages', () => {
    render(<Select label="Budget" options={languages} hint="A rough range is enough." error="Choose a range." />);
    const trigger = screen.getByRole('combobox', { name: 'Budget' });
    const error = screen.getByText('Choose a range.').closest('p')!;
    const hint = screen.getByText('A rough range is enough.');
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger.getAttribute('aria-describedby')!.split(' ')).toEqual([error.id, hint.id]);
    expect(error).toBeVisible();
    expect(hint).toBeVisible();
    expect(trigger).toHaveAccessibleDescription('Choose a range. A rough range is enough.');
  });

  it('has no aria-invalid or description without messages', () => {
    render(<Select label="Budget" options={languages} />);
    const trigger = screen.getByRole('combobox', { name: 'Budget' });
    expect(trigger).not.toHaveAttribute('aria-invalid');
    expect(trigger).not.toHaveAttribute('aria-describedby');
  });

  it('submits its value under name inside a form', async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => {
      event.preventDefault();
      return Object.fromEntries(new FormData(event.target as HTMLFormElement));
    });
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent)}>
        <Select label="Language" name="locale" options={languages} defaultValue="ru" />
        <button type="submit">Save</button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit.mock.results[0]!.value).toEqual({ locale: 'ru' });
  });

  it('cannot be opened when disabled and is skipped by Tab', async () => {
    const onOpenChange = vi.fn();
    render(<Select label="Language" options={languages} disabled onOpenChange={onOpenChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Language' });
    expect(trigger).toBeDisabled();
    await userEvent.click(trigger, { force: true });
    await userEvent.keyboard('{Tab}');
    expect(trigger).not.toHaveFocus();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
