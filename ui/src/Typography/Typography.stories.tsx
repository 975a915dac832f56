import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Eyebrow, Heading, type HeadingSize, Text } from './Typography';

const sizes: HeadingSize[] = ['4xl', '3xl', '2xl', 'xl', 'lg', 'md', 'sm'];
const column = { display: 'grid', gap: 16, maxWidth: 760 } as const;

const meta = {
  title: 'Typography/Typography',
  component: Heading,
  subcomponents: { Text, Eyebrow },
  args: { level: 2, children: 'Software that outlives the launch' },
  argTypes: {
    level: { control: 'inline-radio', options: [1, 2, 3, 4, 5, 6] },
    size: { control: 'select', options: sizes },
  },
  parameters: {
    localeArgs: { ru: { children: 'Программы, которые живут дольше запуска' }, es: { children: 'Software que sobrevive al lanzamiento' } },
  },
} satisfies Meta<typeof Heading>;
export default meta;
type Story = StoryObj<typeof meta>;

export const HeadingDefault: Story = {
  name: 'Heading',
  play: async ({ canvasElement }) => {
    const heading = within(canvasElement).getByRole('heading', { level: 2 });
    await expect(heading).toHaveAttribute('data-size', '2xl');
  },
};

/** Every heading size, each on an `<h2>`: the look does not change the outline. */
export const HeadingSizes: Story = {
  render: () => (
    <div style={column}>
      {sizes.map((size) => (
        <Heading key={size} level={2} size={size}>{`${size} — Software that outlives the launch`}</Heading>
      ))}
    </div>
  ),
};

/** Level and size are independent: an `<h2>` can look small, the `<h3>` under it big. */
export const LevelVersusSize: Story = {
  render: () => (
    <div style={column}>
      <Heading level={2} size="lg">
        An h2 that looks like lg (a dashboard panel title)
      </Heading>
      <Heading level={3} size="3xl">
        An h3 that looks like 3xl
      </Heading>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const h2 = canvas.getByRole('heading', { level: 2 });
    const h3 = canvas.getByRole('heading', { level: 3 });
    await expect(parseFloat(getComputedStyle(h3).fontSize)).toBeGreaterThan(parseFloat(getComputedStyle(h2).fontSize));
  },
};

/** The section opener: eyebrow, display heading, lead paragraph. */
export const SectionIntro: Story = {
  render: () => (
    <div style={{ ...column, gap: 12 }}>
      <Eyebrow>01 — Discovery</Eyebrow>
      <Heading level={1} size="4xl">
        We build software that outlives the launch
      </Heading>
      <Text size="lg" tone="muted" style={{ maxWidth: '60ch' }}>
        A small studio of engineers and designers. We plan in weeks, ship in days and document everything, so your team can carry on without us.
      </Text>
    </div>
  ),
};

export const TextSizes: Story = {
  render: () => (
    <div style={column}>
      {(['lg', 'md', 'sm', 'xs'] as const).map((size) => (
        <Text key={size} size={size}>{`${size} — Every project starts with a two-week discovery with the people who will use the software.`}</Text>
      ))}
    </div>
  ),
};

/** Every tone and weight. */
export const TextTonesAndWeights: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 24, maxWidth: 760, alignItems: 'start' }}>
      <div style={{ display: 'grid', gap: 8 }}>
        {(['default', 'muted', 'subtle', 'danger', 'success'] as const).map((tone) => (
          <Text key={tone} tone={tone}>{`tone ${tone}: Invoice sent on time`}</Text>
        ))}
      </div>
      <div style={{ display: 'grid', gap: 8 }}>
        {(['regular', 'medium', 'semibold', 'bold'] as const).map((weight) => (
          <Text key={weight} weight={weight}>{`weight ${weight}: Invoice sent on time`}</Text>
        ))}
      </div>
    </div>
  ),
};

export const Eyebrows: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 12 }}>
      <Eyebrow>Case study · Logistics</Eyebrow>
      <Eyebrow tone="muted">Updated weekly</Eyebrow>
      <Text>
        Inline: <Eyebrow as="span">new</Eyebrow> next to body text.
      </Text>
    </div>
  ),
};

/** Long words and headings wrap and balance instead of overflowing the column. */
export const LongText: Story = {
  render: () => (
    <div style={{ ...column, maxWidth: 420 }}>
      <Eyebrow>Case study · Manufacturing and industrial automation</Eyebrow>
      <Heading level={2} size="3xl">
        Predictive maintenance for multi-site production lines
      </Heading>
      <Text tone="muted">
        Identifiers like PLANT-EU-WEST-0000000000000000000001 break instead of overflowing; the rest of the paragraph wraps normally and keeps its line height.
      </Text>
    </div>
  ),
};

export const Russian: Story = {
  render: () => (
    <div style={{ ...column, gap: 12 }}>
      <Eyebrow>01 — Исследование</Eyebrow>
      <Heading level={1} size="4xl">
        Делаем программы, которые живут дольше запуска
      </Heading>
      <Text size="lg" tone="muted" style={{ maxWidth: '60ch' }}>
        Небольшая студия инженеров и дизайнеров. Планируем неделями, выпускаем за дни и всё документируем — чтобы ваша команда могла продолжить без нас.
      </Text>
      <Heading level={2} size="xl">
        Достопримечательности высокотехнологичного производства
      </Heading>
      <Text size="sm" tone="subtle">
        Обновлено еженедельно · Время чтения — 7 минут
      </Text>
    </div>
  ),
};

export const Spanish: Story = {
  render: () => (
    <div style={{ ...column, gap: 12 }}>
      <Eyebrow>01 — Investigación</Eyebrow>
      <Heading level={1} size="4xl">
        Creamos software que sobrevive al lanzamiento
      </Heading>
      <Text size="lg" tone="muted" style={{ maxWidth: '60ch' }}>
        Un pequeño estudio de ingenieros y diseñadores. Planificamos por semanas, publicamos en días y lo documentamos todo, para que su equipo pueda continuar
        sin nosotros.
      </Text>
      <Heading level={2} size="xl">
        Automatización de la producción en varias plantas
      </Heading>
      <Text size="sm" tone="subtle">
        Actualizado cada semana · Lectura de 7 minutos
      </Text>
    </div>
  ),
};
