import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Skeleton } from './Skeleton';

const meta = {
  title: 'Display/Skeleton',
  component: Skeleton,
  args: { width: 240, height: 16 },
  argTypes: { radius: { control: 'inline-radio', options: ['xs', 'sm', 'md', 'lg', 'full'] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Block: Story = {};
export const Circle: Story = { args: { width: 64, height: 64, radius: 'full' } };

/** A paragraph placeholder; the last line is shorter, and lines are spaced like body text. */
export const TextLines: Story = { args: { width: undefined, height: undefined, lines: 4 } };

/** The shapes of a loading product card; the region says it is busy, the skeletons are hidden. */
export const CardPlaceholder: Story = {
  render: () => (
    <div
      aria-busy="true"
      aria-label="Loading products"
      role="region"
      style={{
        display: 'grid',
        gap: 16,
        padding: 24,
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-lg)',
        background: 'var(--color-surface-raised)',
        maxWidth: 360,
      }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <Skeleton width={40} height={40} radius="full" />
        <div style={{ flex: 1, display: 'grid', gap: 8 }}>
          <Skeleton width="50%" height={12} />
          <Skeleton width="30%" height={10} />
        </div>
      </div>
      <Skeleton height={140} radius="md" />
      <Skeleton lines={3} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Skeleton width={96} height={32} radius="sm" />
        <Skeleton width={72} height={32} radius="sm" />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Loading products' });
    const shapes = [...region.querySelectorAll('[data-radius]')];
    await expect(shapes.length).toBeGreaterThan(0);
    await expect(shapes.every((shape) => shape.closest('[aria-hidden="true"]'))).toBe(true);
  },
};

/** Every radius token. */
export const Radii: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 16 }}>
      {(['xs', 'sm', 'md', 'lg', 'full'] as const).map((radius) => (
        <Skeleton key={radius} width={72} height={72} radius={radius} />
      ))}
    </div>
  ),
};

/** Lines follow the font size of their context, so a large lead paragraph gets taller bars. */
export const TextSizes: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <div style={{ fontSize: 'var(--text-sm)' }}>
        <Skeleton lines={2} />
      </div>
      <div style={{ fontSize: 'var(--text-md)' }}>
        <Skeleton lines={2} />
      </div>
      <div style={{ fontSize: 'var(--text-2xl)' }}>
        <Skeleton lines={2} width="80%" />
      </div>
    </div>
  ),
};

/** Side by side with real text: the placeholder takes the same height as the paragraph it stands for. */
export const MatchesText: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24, alignItems: 'start' }}>
      <p data-testid="text" style={{ margin: 0 }}>
        Every project starts with a two-week discovery. We talk to the people who will use the software.
      </p>
      <div data-testid="placeholder">
        <Skeleton lines={3} />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const text = canvas.getByTestId('text').getBoundingClientRect().height;
    const placeholder = canvas.getByTestId('placeholder').getBoundingClientRect().height;
    await expect(Math.abs(text - placeholder)).toBeLessThan(2);
  },
};
