import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type Theme, ThemeToggle } from './ThemeToggle';

const meta = {
  title: 'Actions/ThemeToggle',
  component: ThemeToggle,
  args: { theme: 'light', label: 'Dark theme', onThemeChange: fn() },
  parameters: { localeArgs: { ru: { label: 'Тёмная тема' }, es: { label: 'Tema oscuro' } } },
} satisfies Meta<typeof ThemeToggle>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Light: Story = {};
export const Dark: Story = { args: { theme: 'dark' } };
export const Small: Story = { args: { size: 'sm' } };
export const Hover: Story = { parameters: { pseudo: { hover: true } } };
export const FocusVisible: Story = { parameters: { pseudo: { focusVisible: ['button'] } } };
export const Disabled: Story = { args: { disabled: true } };
export const Russian: Story = { args: { label: 'Тёмная тема' } };
export const Spanish: Story = { args: { label: 'Tema oscuro', theme: 'dark' } };

/** Flips on click and with the keyboard; the switch reports its state. */
export const Interactive: Story = {
  render: function Render(args) {
    const [theme, setTheme] = useState<Theme>(args.theme);
    return (
      <ThemeToggle
        {...args}
        theme={theme}
        onThemeChange={(next) => {
          setTheme(next);
          args.onThemeChange(next);
        }}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    await expect(args.onThemeChange).toHaveBeenLastCalledWith('dark');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  },
};
