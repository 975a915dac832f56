import { HeartFilledIcon } from '@radix-ui/react-icons';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { VisuallyHidden } from './VisuallyHidden';

const meta = {
  title: 'Layout/VisuallyHidden',
  component: VisuallyHidden,
  args: { children: 'Price per month, excluding VAT:' },
  parameters: {
    localeArgs: { ru: { children: 'Цена в месяц без НДС:' }, es: { children: 'Precio al mes, sin IVA:' } },
  },
} satisfies Meta<typeof VisuallyHidden>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The hidden text completes what sighted users read from the layout; only "€490" shows. */
export const Default: Story = {
  render: (args) => (
    <p style={{ margin: 0, fontSize: 'var(--text-2xl)', fontWeight: 600 }}>
      <VisuallyHidden {...args} /> €490
    </p>
  ),
  play: async ({ args, canvasElement }) => {
    const hidden = within(canvasElement).getByText(String(args.children));
    const box = hidden.getBoundingClientRect();
    await expect(box.width).toBeLessThanOrEqual(1);
    await expect(box.height).toBeLessThanOrEqual(1);
  },
};

/** Gives an icon-only control its name. */
export const IconLabel: Story = {
  render: () => (
    <Button variant="secondary">
      <HeartFilledIcon aria-hidden />
      <VisuallyHidden>Add to favourites</VisuallyHidden>
    </Button>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Add to favourites' })).toBeVisible();
  },
};

/** `focusable`: a skip link that appears when it receives keyboard focus. */
export const SkipLink: Story = {
  render: () => (
    <div style={{ position: 'relative', paddingBlockStart: 64 }}>
      <VisuallyHidden focusable asChild>
        <Button asChild variant="secondary" style={{ top: 0, left: 0 }}>
          <a href="#main">Skip to content</a>
        </Button>
      </VisuallyHidden>
      <p style={{ margin: 0, color: 'var(--color-text-muted)' }}>Press Tab: the skip link shows above while it has focus.</p>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Skip to content' });
    await expect(getComputedStyle(link).clipPath).not.toBe('none');
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(getComputedStyle(link).clipPath).toBe('none');
    await expect(link.getBoundingClientRect().width).toBeGreaterThan(100);
  },
};

export const Russian: Story = {
  render: () => (
    <p style={{ margin: 0, fontSize: 'var(--text-2xl)', fontWeight: 600 }}>
      <VisuallyHidden>Цена в месяц без НДС:</VisuallyHidden> 49 000 ₽
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Цена в месяц без НДС:')).toBeInTheDocument();
  },
};

export const Spanish: Story = {
  render: () => (
    <p style={{ margin: 0, fontSize: 'var(--text-2xl)', fontWeight: 600 }}>
      <VisuallyHidden>Precio al mes, sin IVA:</VisuallyHidden> 490 €
    </p>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Precio al mes, sin IVA:')).toBeInTheDocument();
  },
};
