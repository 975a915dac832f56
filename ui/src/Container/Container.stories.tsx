import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { Container } from './Container';

/** A dashed box so the container's edges and side padding are visible. */
function Ruler({ children }: { children: ReactNode }) {
  return (
    <div style={{ padding: 16, border: '1px dashed var(--color-border-strong)', borderRadius: 'var(--radius-sm)', background: 'var(--color-bg-subtle)' }}>
      {children}
    </div>
  );
}

const meta = {
  title: 'Layout/Container',
  component: Container,
  args: { children: <Ruler>Page content is centred, at most 1120 px wide, with 24 px side padding.</Ruler> },
  argTypes: { size: { control: 'inline-radio', options: ['wide', 'narrow'] }, children: { control: false } },
} satisfies Meta<typeof Container>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Wide: Story = {
  play: async ({ canvasElement }) => {
    const container = within(canvasElement).getByText(/Page content/).parentElement as HTMLElement;
    await expect(container).toHaveAttribute('data-size', 'wide');
  },
};

export const Narrow: Story = {
  args: { size: 'narrow', children: <Ruler>Forms and reading columns use the narrow size (560 px).</Ruler> },
};

/** Both sizes stacked, as a page with a wide hero and a narrow form. */
export const Both: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 16 }}>
      <Container>
        <Ruler>wide</Ruler>
      </Container>
      <Container size="narrow">
        <Ruler>narrow</Ruler>
      </Container>
    </div>
  ),
};

export const Russian: Story = {
  args: { size: 'narrow', children: <Ruler>Формы и колонки текста используют узкий контейнер, чтобы строки оставались удобными для чтения.</Ruler> },
};

export const Spanish: Story = {
  args: {
    size: 'narrow',
    children: <Ruler>Los formularios y las columnas de texto usan el contenedor estrecho para que las líneas sean cómodas de leer.</Ruler>,
  },
};
