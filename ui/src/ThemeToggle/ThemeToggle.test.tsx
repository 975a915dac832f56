import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { type Theme, ThemeToggle } from './ThemeToggle';

function Harness({ onThemeChange }: { onThemeChange: (theme: Theme) => void }) {
  const [theme, setTheme] = useState<Theme>('light');
  return (
    <ThemeToggle
      theme={theme}
      label="Dark theme"
      onThemeChange={(next) => {
        setTheme(next);
        onThemeChange(next);
      }}
    />
  );
}

describe('ThemeToggle', () => {
  it('is a labelled switch that is on while the dark theme is in effect', () => {
    render(<ThemeToggle theme="dark" label="Dark theme" onThemeChange={() => {}} />);
    expect(screen.getByRole('switch', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
  });

  it('flips with Space and Enter from the keyboard and reports the new theme', async () => {
    const onThemeChange = vi.fn();
    render(<Harness onThemeChange={onThemeChange} />);
    await userEvent.keyboard('{Tab}');
    const toggle = screen.getByRole('switch', { name: 'Dark theme' });
    expect(toggle).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(onThemeChange).toHaveBeenLastCalledWith('dark');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onThemeChange).toHaveBeenLastCalledWith('light');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  it('lets a caller veto the change with preventDefault', async () => {
    const onThemeChange = vi.fn();
    render(<ThemeToggle theme="light" label="Dark theme" onThemeChange={onThemeChange} onClick={(event) => event.preventDefault()} />);
    await userEvent.click(screen.getByRole('switch'));
    expect(onThemeChange).not.toHaveBeenCalled();
  });
});
