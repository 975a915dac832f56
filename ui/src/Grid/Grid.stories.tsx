import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { Grid } from './Grid';

/** A visible cell, so columns and gaps show in the screenshot. */
function Cell({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        padding: 12,
        minBlockSize: 64,
        border: '1px solid var(--color-border)',
        borderRadius: 'var(--radius-sm)',
        background: 'var(--color-surface-raised)',
        fontSize: 'var(--text-sm)',
      }}
    >
      {children}
    </div>
  );
}

const cells = (count: number, label = 'Item') => Array.from({ length: count }, (_, index) => <Cell key={index}>{`${label} ${index + 1}`}</Cell>);

const meta = {
  title: 'Layout/Grid',
  component: Grid,
  args: { columns: 3, gap: 5 },
  argTypes: {
    gap: { control: { type: 'range', min: 0, max: 9, step: 1 } },
    columns: { control: { type: 'number', min: 1, max: 12 } },
  },
} satisfies Meta<typeof Grid>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Exactly three equal columns at every width. */
export const Columns: Story = {
  render: (args) => <Grid {...args}>{cells(6)}</Grid>,
  play: async ({ canvasElement }) => {
    const grid = within(canvasElement).getByText('Item 1').parentElement as HTMLElement;
    await expect(grid).toHaveAttribute('data-columns', '3');
    await expect(getComputedStyle(grid).gridTemplateColumns.split(' ')).toHaveLength(3);
  },
};

/** Fluid: as many 200 px-or-wider columns as fit; the narrower box below gets fewer. */
export const MinItemWidth: Story = {
  args: { columns: undefined, minItemWidth: 200 },
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <Grid {...args}>{cells(5)}</Grid>
      <div style={{ maxInlineSize: 480 }}>
        <Grid {...args}>{cells(5)}</Grid>
      </div>
    </div>
  ),
};

/** Both: fluid, but never more than three columns however wide the grid gets. */
export const CappedColumns: Story = {
  args: { columns: 3, minItemWidth: 160 },
  render: (args) => (
    <div style={{ display: 'grid', gap: 32 }}>
      <Grid {...args}>{cells(6)}</Grid>
      <div style={{ maxInlineSize: 420 }}>
        <Grid {...args}>{cells(6)}</Grid>
      </div>
    </div>
  ),
};

/** Gap steps 2, 5 and 8. */
export const Gaps: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 32 }}>
      {([2, 5, 8] as const).map((gap) => (
        <Grid key={gap} columns={4} gap={gap}>
          {cells(4, `gap ${gap} ·`)}
        </Grid>
      ))}
    </div>
  ),
};

/** As a list of cards (`as="ul"`): list semantics stay, bullets go. */
export const AsList: Story = {
  args: { as: 'ul', columns: 4, minItemWidth: 180 },
  render: (args) => (
    <Grid {...args}>
      {['Discovery', 'Design', 'Build', 'Support'].map((step) => (
        <li key={step}>
          <Cell>{step}</Cell>
        </li>
      ))}
    </Grid>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(within(canvasElement).getByRole('list')).getAllByRole('listitem')).toHaveLength(4);
  },
};

export const Russian: Story = {
  args: { columns: 3, minItemWidth: 220 },
  render: (args) => (
    <Grid {...args}>
      {['Исследование и интервью с пользователями', 'Проектирование интерфейсов', 'Разработка и тестирование', 'Запуск и сопровождение'].map((step) => (
        <Cell key={step}>{step}</Cell>
      ))}
    </Grid>
  ),
};

export const Spanish: Story = {
  args: { columns: 3, minItemWidth: 220 },
  render: (args) => (
    <Grid {...args}>
      {['Investigación y entrevistas con usuarios', 'Diseño de interfaces', 'Desarrollo y pruebas', 'Lanzamiento y mantenimiento'].map((step) => (
        <Cell key={step}>{step}</Cell>
      ))}
    </Grid>
  ),
};
