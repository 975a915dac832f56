import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button';
import { Spinner } from './Spinner';

const meta = {
  title: 'Display/Spinner',
  component: Spinner,
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  parameters: { localeArgs: { ru: { label: 'Загрузка…' }, es: { label: 'Cargando…' } } },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Decorative: no label, hidden from assistive technology (the surrounding UI says what is loading). */
export const Decorative: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('status')).toBeNull();
    await expect(canvasElement.querySelector('[data-size]')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** Labelled: a status region whose name is the label. */
export const Labelled: Story = {
  args: { label: 'Loading projects…' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading projects…' })).toBeInTheDocument();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <Spinner {...args} size="sm" />
      <Spinner {...args} size="md" />
      <Spinner {...args} size="lg" />
    </div>
  ),
};

/** It takes the text colour, so it fits on any surface: muted text, accent text, inside a button. */
export const Colours: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
      <span style={{ color: 'var(--color-text-muted)' }}>
        <Spinner />
      </span>
      <span style={{ color: 'var(--color-accent-text)' }}>
        <Spinner />
      </span>
      <Button loading>Saving…</Button>
      <Button loading variant="secondary">
        Saving…
      </Button>
    </div>
  ),
};

/** With visible text beside it, the spinner stays decorative and the text is the status. */
export const WithText: Story = {
  render: () => (
    <div role="status" style={{ display: 'flex', gap: 12, alignItems: 'center', color: 'var(--color-text-muted)' }}>
      <Spinner size="sm" />
      <span>Loading your projects…</span>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading your projects…');
  },
};

export const Russian: Story = {
  args: { label: 'Загружаем ваши проекты…', size: 'lg' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Загружаем ваши проекты…' })).toBeInTheDocument();
  },
};

export const Spanish: Story = {
  args: { label: 'Cargando sus proyectos…', size: 'lg' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Cargando sus proyectos…' })).toBeInTheDocument();
  },
};
