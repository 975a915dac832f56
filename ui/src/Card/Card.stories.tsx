import { ArrowRightIcon } from '@radix-ui/react-icons';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Grid } from '../Grid';
import { Eyebrow, Heading, Text } from '../Typography';
import { Card, CardBody, CardFooter, CardHeader } from './Card';

interface Product {
  slug: string;
  eyebrow: string;
  name: string;
  summary: string;
  price: string;
  badge?: string;
}

const products: Product[] = [
  {
    slug: 'inventory-sync',
    eyebrow: 'Product · Logistics',
    name: 'Inventory Sync',
    summary: 'Keeps stock levels in step across warehouses, shops and marketplaces, minute by minute.',
    price: 'from €490 / month',
    badge: 'New',
  },
  {
    slug: 'clinic-booking',
    eyebrow: 'Product · Health',
    name: 'Clinic Booking',
    summary: 'Online appointments with reminders and a waiting list.',
    price: 'from €290 / month',
  },
  {
    slug: 'field-reports',
    eyebrow: 'Product · Construction',
    name: 'Field Reports',
    summary: 'Site diaries and photo reports that work offline.',
    price: 'from €190 / month',
  },
];

function ProductCard({ product }: { product: Product }) {
  return (
    <Card asChild interactive>
      <a href={`#${product.slug}`}>
        <CardHeader>
          <Eyebrow>{product.eyebrow}</Eyebrow>
          <Heading level={3} size="lg">
            {product.name}
          </Heading>
        </CardHeader>
        <CardBody>
          <Text size="sm" tone="muted">
            {product.summary}
          </Text>
        </CardBody>
        <CardFooter>
          <Text as="span" size="sm" weight="medium">
            {product.price}
          </Text>
          {product.badge ? <Badge tone="accent">{product.badge}</Badge> : null}
        </CardFooter>
      </a>
    </Card>
  );
}

const meta = {
  title: 'Display/Card',
  component: Card,
  subcomponents: { CardHeader, CardBody, CardFooter },
  argTypes: {
    padding: { control: 'inline-radio', options: ['none', 'sm', 'md', 'lg'] },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 960 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Card {...args} style={{ maxWidth: 380 }}>
      <CardHeader>
        <Eyebrow>Case study</Eyebrow>
        <Heading level={3} size="xl">
          A booking system for 40 clinics
        </Heading>
      </CardHeader>
      <CardBody>
        <Text size="sm" tone="muted">
          We replaced a phone queue with online booking in four months. No-shows fell by a third.
        </Text>
      </CardBody>
      <CardFooter>
        <Button size="sm" variant="secondary">
          Read the case study
        </Button>
      </CardFooter>
    </Card>
  ),
};

/** Product cards: each whole card is one link (`asChild` + `interactive`); footers line up across the row. */
export const ProductGrid: Story = {
  render: () => (
    <Grid as="ul" columns={3} minItemWidth={240} gap={5}>
      {products.map((product) => (
        <li key={product.slug} style={{ display: 'grid' }}>
          <ProductCard product={product} />
        </li>
      ))}
    </Grid>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Inventory Sync/ });
    await expect(link).toHaveAttribute('href', '#inventory-sync');
    await expect(link).toHaveAttribute('data-interactive');
  },
};

export const Hover: Story = { ...ProductGrid, play: undefined, parameters: { pseudo: { hover: true } } };
export const FocusVisible: Story = { ...ProductGrid, play: undefined, parameters: { pseudo: { focusVisible: ['a'] } } };

/** The padding steps, and `none` for media that runs edge to edge. */
export const Padding: Story = {
  render: () => (
    <Grid columns={4} gap={4}>
      {(['sm', 'md', 'lg'] as const).map((padding) => (
        <Card key={padding} padding={padding}>
          <Eyebrow tone="muted">padding {padding}</Eyebrow>
          <Text size="sm">Content sits this far from the border.</Text>
        </Card>
      ))}
      <Card padding="none">
        <div aria-hidden style={{ blockSize: 72, background: 'var(--color-accent-subtle)', borderBlockEnd: '1px solid var(--color-border)' }} />
        <div style={{ padding: 'var(--space-4)' }}>
          <Eyebrow tone="muted">padding none</Eyebrow>
          <Text size="sm">Media edge to edge.</Text>
        </div>
      </Card>
    </Grid>
  ),
};

export const LongText: Story = {
  render: () => (
    <Card style={{ maxWidth: 320 }}>
      <CardHeader>
        <Eyebrow>Product · Manufacturing and industrial automation</Eyebrow>
        <Heading level={3} size="lg">
          Predictive maintenance scheduling for multi-site production lines
        </Heading>
      </CardHeader>
      <CardBody>
        <Text size="sm" tone="muted">
          Collects vibration and temperature readings from existing sensors, flags machines that drift out of their normal range, and books a technician before
          the line stops. Serial numbers like SN-2024-000000000000000001 wrap instead of overflowing.
        </Text>
      </CardBody>
      <CardFooter>
        <Button size="sm">
          Request a demo <ArrowRightIcon aria-hidden />
        </Button>
      </CardFooter>
    </Card>
  ),
};

export const Russian: Story = {
  render: () => (
    <Grid as="ul" columns={3} minItemWidth={240}>
      <li style={{ display: 'grid' }}>
        <ProductCard
          product={{
            slug: 'sklad',
            eyebrow: 'Продукт · Логистика',
            name: 'Синхронизация складов',
            summary: 'Поддерживает актуальные остатки на складах, в магазинах и на маркетплейсах — с точностью до минуты.',
            price: 'от 49 000 ₽ в месяц',
            badge: 'Новинка',
          }}
        />
      </li>
      <li style={{ display: 'grid' }}>
        <ProductCard
          product={{
            slug: 'zapis',
            eyebrow: 'Продукт · Медицина',
            name: 'Онлайн-запись в клинику',
            summary: 'Запись на приём с напоминаниями и листом ожидания.',
            price: 'от 29 000 ₽ в месяц',
          }}
        />
      </li>
      <li style={{ display: 'grid' }}>
        <ProductCard
          product={{
            slug: 'otchety',
            eyebrow: 'Продукт · Строительство',
            name: 'Полевые отчёты',
            summary: 'Журналы работ и фотоотчёты, которые работают без интернета.',
            price: 'от 19 000 ₽ в месяц',
          }}
        />
      </li>
    </Grid>
  ),
};

export const Spanish: Story = {
  render: () => (
    <Grid as="ul" columns={3} minItemWidth={240}>
      <li style={{ display: 'grid' }}>
        <ProductCard
          product={{
            slug: 'inventario',
            eyebrow: 'Producto · Logística',
            name: 'Sincronización de inventario',
            summary: 'Mantiene al día el stock de almacenes, tiendas y marketplaces, minuto a minuto.',
            price: 'desde 490 € al mes',
            badge: 'Novedad',
          }}
        />
      </li>
      <li style={{ display: 'grid' }}>
        <ProductCard
          product={{
            slug: 'citas',
            eyebrow: 'Producto · Salud',
            name: 'Citas para clínicas',
            summary: 'Citas en línea con recordatorios y lista de espera.',
            price: 'desde 290 € al mes',
          }}
        />
      </li>
      <li style={{ display: 'grid' }}>
        <ProductCard
          product={{
            slug: 'informes',
            eyebrow: 'Producto · Construcción',
            name: 'Informes de obra',
            summary: 'Diarios de obra e informes fotográficos que funcionan sin conexión.',
            price: 'desde 190 € al mes',
          }}
        />
      </li>
    </Grid>
  ),
};
