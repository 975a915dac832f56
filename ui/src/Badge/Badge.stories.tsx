import { CheckIcon, ClockIcon, LightningBoltIcon } from '@radix-ui/react-icons';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from './Badge';

const tones = ['neutral', 'accent', 'success', 'warning', 'danger'] as const;
const row = { display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' } as const;

const meta = {
  title: 'Display/Badge',
  component: Badge,
  args: { children: 'New' },
  argTypes: {
    tone: { control: 'inline-radio', options: tones },
    icon: { control: false },
  },
  parameters: { localeArgs: { ru: { children: 'Новое' }, es: { children: 'Nuevo' } } },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('New');
    await expect(badge).toHaveAttribute('data-tone', 'neutral');
    // Rendered uppercase by CSS only: the DOM (and screen readers) keep the author's casing.
    await expect(getComputedStyle(badge).textTransform).toBe('uppercase');
  },
};
export const Accent: Story = { args: { tone: 'accent', children: 'Open source' } };
export const Success: Story = { args: { tone: 'success', children: 'In production' } };
export const Warning: Story = { args: { tone: 'warning', children: 'Beta' } };
export const Danger: Story = { args: { tone: 'danger', children: 'Deprecated' } };

/** Every tone, plain and with an icon. */
export const Gallery: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <div style={row}>
        {tones.map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
      </div>
      <div style={row}>
        <Badge tone="neutral" icon={<ClockIcon />}>
          2 weeks
        </Badge>
        <Badge tone="accent" icon={<LightningBoltIcon />}>
          Fast track
        </Badge>
        <Badge tone="success" icon={<CheckIcon />}>
          Shipped
        </Badge>
        <Badge tone="warning">Limited seats</Badge>
        <Badge tone="danger">Sold out</Badge>
      </div>
    </div>
  ),
};

/** Inline with a heading, as on a product card. */
export const InContext: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <span style={{ fontSize: 'var(--text-xl)', fontWeight: 600 }}>Inventory Sync</span>
      <Badge tone="accent">v2.4</Badge>
      <Badge tone="success" icon={<CheckIcon />}>
        Stable
      </Badge>
    </div>
  ),
};

/** A long label in a narrow column wraps inside the badge instead of overflowing. */
export const LongText: Story = {
  args: { tone: 'warning', children: 'Maintenance window scheduled for the weekend' },
  render: (args) => (
    <div style={{ inlineSize: 220, padding: 8, border: '1px dashed var(--color-border-strong)' }}>
      <Badge {...args} />
    </div>
  ),
};

export const Russian: Story = {
  render: () => (
    <div style={row}>
      <Badge>Новинка</Badge>
      <Badge tone="accent">Открытый код</Badge>
      <Badge tone="success" icon={<CheckIcon />}>
        В эксплуатации
      </Badge>
      <Badge tone="warning">Бета-версия</Badge>
      <Badge tone="danger">Поддержка прекращена</Badge>
    </div>
  ),
};

export const Spanish: Story = {
  render: () => (
    <div style={row}>
      <Badge>Novedad</Badge>
      <Badge tone="accent">Código abierto</Badge>
      <Badge tone="success" icon={<CheckIcon />}>
        En producción
      </Badge>
      <Badge tone="warning">Versión beta</Badge>
      <Badge tone="danger">Obsoleto</Badge>
    </div>
  ),
};
