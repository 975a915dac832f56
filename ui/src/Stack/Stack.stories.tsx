import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Stack } from './Stack';

/** A visible cell, so gaps and alignment show in the screenshot. */
function Box({ children, height }: { children: ReactNode; height?: number }) {
  return (
    <div
      style={{
        padding: '8px 12px',
        minBlockSize: height,
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

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: { gap: 4 },
  argTypes: {
    gap: { control: { type: 'range', min: 0, max: 9, step: 1 } },
    direction: { control: 'inline-radio', options: ['column', 'row'] },
    align: { control: 'inline-radio', options: ['start', 'center', 'end', 'stretch', 'baseline'] },
    justify: { control: 'inline-radio', options: ['start', 'center', 'end', 'between'] },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Column: Story = {
  render: (args) => (
    <Stack {...args}>
      <Box>Discovery</Box>
      <Box>Design</Box>
      <Box>Build</Box>
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const stack = within(canvasElement).getByText('Discovery').parentElement as HTMLElement;
    await expect(stack).toHaveAttribute('data-direction', 'column');
    await expect(getComputedStyle(stack).rowGap).toBe('16px');
  },
};

export const Row: Story = {
  args: { direction: 'row', gap: 3 },
  render: (args) => (
    <Stack {...args}>
      <Button>Start a project</Button>
      <Button variant="secondary">See our work</Button>
    </Stack>
  ),
};

/** Every gap step from 1 (4 px) to 9 (96 px). */
export const Gaps: Story = {
  render: () => (
    <Stack gap={3}>
      {([1, 2, 3, 4, 5, 6, 7, 8, 9] as const).map((gap) => (
        <Stack key={gap} direction="row" gap={gap} align="center">
          <Box>gap {gap}</Box>
          <Box>→</Box>
          <Box>→</Box>
        </Stack>
      ))}
    </Stack>
  ),
};

/** `align` on a row of cells of different heights, and `justify="between"`. */
export const Alignment: Story = {
  render: () => (
    <Stack gap={5}>
      {(['start', 'center', 'end', 'stretch'] as const).map((align) => (
        <Stack key={align} direction="row" gap={2} align={align} style={{ blockSize: 80, outline: '1px dashed var(--color-border-strong)' }}>
          <Box>align {align}</Box>
          <Box height={56}>tall</Box>
        </Stack>
      ))}
      <Stack direction="row" justify="between" style={{ outline: '1px dashed var(--color-border-strong)' }}>
        <Box>justify between</Box>
        <Box>end</Box>
      </Stack>
    </Stack>
  ),
};

/** `wrap`: badges flow onto a second line in a narrow column. */
export const Wrap: Story = {
  render: () => (
    <Stack as="ul" direction="row" gap={2} wrap style={{ maxInlineSize: 320 }}>
      {['TypeScript', 'React', 'GraphQL', 'PostgreSQL', 'Kubernetes', 'Rust', 'Accessibility audits'].map((tag) => (
        <li key={tag}>
          <Badge>{tag}</Badge>
        </li>
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list');
    await expect(list).toHaveAttribute('data-wrap');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(7);
  },
};

export const Russian: Story = {
  render: () => (
    <Stack gap={3}>
      <Stack direction="row" gap={3} wrap>
        <Button>Обсудить проект</Button>
        <Button variant="secondary">Посмотреть наши работы</Button>
      </Stack>
      <Stack as="ul" direction="row" gap={2} wrap>
        {['Исследование', 'Проектирование интерфейсов', 'Разработка', 'Сопровождение'].map((tag) => (
          <li key={tag}>
            <Badge tone="accent">{tag}</Badge>
          </li>
        ))}
      </Stack>
    </Stack>
  ),
};

export const Spanish: Story = {
  render: () => (
    <Stack gap={3}>
      <Stack direction="row" gap={3} wrap>
        <Button>Hablemos de su proyecto</Button>
        <Button variant="secondary">Ver nuestros proyectos</Button>
      </Stack>
      <Stack as="ul" direction="row" gap={2} wrap>
        {['Investigación', 'Diseño de interfaces', 'Desarrollo', 'Mantenimiento'].map((tag) => (
          <li key={tag}>
            <Badge tone="accent">{tag}</Badge>
          </li>
        ))}
      </Stack>
    </Stack>
  ),
};
