import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { NativeSelect } from './NativeSelect';

const OPTIONS = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'ru', label: 'Русский', lang: 'ru' },
  { value: 'es', label: 'Español', lang: 'es' },
];

describe('NativeSelect', () => {
  it('is a combobox named by its (hidden) label, with the options and their languages', () => {
    render(<NativeSelect label="Language" hideLabel options={OPTIONS} defaultValue="ru" />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('ru');
    expect(screen.getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
  });

  it('reports the chosen value when changed with the keyboard', async () => {
    const onValueChange = vi.fn();
    render(<NativeSelect label="Language" options={OPTIONS} defaultValue="en" onValueChange={onValueChange} />);
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('combobox')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(onValueChange).toHaveBeenLastCalledWith('ru');
  });

  it('wires error and hint for assistive technology', () => {
    render(<NativeSelect label="Budget" options={OPTIONS} error="Choose one." hint="A range is enough." />);
    const select = screen.getByRole('combobox', { name: 'Budget' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Choose one. A range is enough.');
  });

  it('is skipped by Tab when disabled', async () => {
    render(
      <>
        <NativeSelect label="Budget" options={OPTIONS} disabled />
        <button type="button">after</button>
      </>,
    );
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });
});
