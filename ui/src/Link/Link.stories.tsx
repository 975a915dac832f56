import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AnchorHTMLAttributes } from 'react';
import { expect, within } from 'storybook/test';
import { Link } from './Link';

/** Stands in for a router's link component (e.g. React Router's `<Link to>`), which renders an `<a>`. */
function RouterLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a {...props} href={to} data-router-link="" />;
}

const paragraph = { maxWidth: 520, margin: 0 } as const;

const meta = {
  title: 'Actions/Link',
  component: Link,
  args: { href: '#process', children: 'how we work' },
  argTypes: {
    variant: { control: 'inline-radio', options: ['inline', 'subtle', 'nav'] },
  },
  parameters: {
    localeArgs: {
      ru: { children: 'как мы работаем', externalLabel: '(откроется в новой вкладке)' },
      es: { children: 'cómo trabajamos', externalLabel: '(se abre en una pestaña nueva)' },
    },
  },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Inside running text the link is accent-coloured and underlined. */
export const Inline: Story = {
  render: (args) => (
    <p style={paragraph}>
      Every project starts with a two-week discovery. Read more about <Link {...args} /> before we talk.
    </p>
  ),
};

export const Subtle: Story = {
  args: { variant: 'subtle', href: '#privacy', children: 'Privacy policy' },
  render: (args) => (
    <nav aria-label="Legal" style={{ display: 'flex', gap: 24, fontSize: 'var(--text-sm)' }}>
      <Link {...args} />
      <Link {...args} href="#terms">
        Terms of service
      </Link>
      <Link {...args} href="#imprint">
        Imprint
      </Link>
    </nav>
  ),
};

/** Header navigation: the current page carries `aria-current="page"` and an accent rule. */
export const Nav: Story = {
  args: { variant: 'nav' },
  render: (args) => (
    <nav aria-label="Main">
      <ul style={{ display: 'flex', gap: 28, listStyle: 'none', margin: 0, padding: 0 }}>
        <li>
          <Link {...args} href="#services">
            Services
          </Link>
        </li>
        <li>
          <Link {...args} href="#work" aria-current="page">
            Work
          </Link>
        </li>
        <li>
          <Link {...args} href="#products">
            Products
          </Link>
        </li>
        <li>
          <Link {...args} href="#contact">
            Contact
          </Link>
        </li>
      </ul>
    </nav>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Work' })).toHaveAttribute('aria-current', 'page');
  },
};

export const External: Story = {
  args: { href: 'https://github.com/', external: true, externalLabel: '(opens in a new tab)', children: 'our open-source work on GitHub' },
  render: (args) => (
    <p style={paragraph}>
      You can browse <Link {...args} /> without an account.
    </p>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'our open-source work on GitHub (opens in a new tab)' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  },
};

/** All three looks, plain and external, side by side. */
export const Gallery: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 20 }}>
      <p style={paragraph}>
        An <Link href="#a">inline link</Link> and an{' '}
        <Link href="#b" external externalLabel="(opens in a new tab)">
          external one
        </Link>{' '}
        in a sentence.
      </p>
      <div style={{ display: 'flex', gap: 24, fontSize: 'var(--text-sm)' }}>
        <Link variant="subtle" href="#c">
          Subtle link
        </Link>
        <Link variant="subtle" href="#d" external externalLabel="(opens in a new tab)">
          Subtle external
        </Link>
      </div>
      <nav aria-label="Example" style={{ display: 'flex', gap: 28 }}>
        <Link variant="nav" href="#e">
          Nav link
        </Link>
        <Link variant="nav" href="#f" aria-current="page">
          Current page
        </Link>
        <Link variant="nav" href="#g" external externalLabel="(opens in a new tab)">
          Blog
        </Link>
      </nav>
    </div>
  ),
};

export const Hover: Story = { ...Gallery, parameters: { pseudo: { hover: true } } };
export const FocusVisible: Story = { ...Gallery, parameters: { pseudo: { focusVisible: ['a'] } } };

/** A router link takes the look through `asChild`; the external suffix goes inside it. */
export const AsRouterLink: Story = {
  render: () => (
    <nav aria-label="Main" style={{ display: 'flex', gap: 28 }}>
      <Link asChild variant="nav">
        <RouterLink to="/services">Services</RouterLink>
      </Link>
      <Link asChild variant="nav" aria-current="page">
        <RouterLink to="/work">Work</RouterLink>
      </Link>
    </nav>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Work' });
    await expect(link).toHaveAttribute('href', '/work');
    await expect(link).toHaveAttribute('data-router-link');
    await expect(link).toHaveAttribute('data-variant', 'nav');
  },
};

/** A long link wraps with the text; the underline follows every line. */
export const LongText: Story = {
  args: { href: '#case', children: 'the full case study on rebuilding a logistics platform for twelve warehouses in three countries' },
  render: Inline.render,
};

export const Russian: Story = {
  args: { href: 'https://example.com/ru', external: true, externalLabel: '(откроется в новой вкладке)', children: 'подробный разбор проекта для сети клиник' },
  render: (args) => (
    <div style={{ display: 'grid', gap: 20 }}>
      <p style={paragraph}>
        Мы переписали систему записи пациентов за четыре месяца. Читайте <Link {...args} /> — с цифрами и выводами.
      </p>
      <nav aria-label="Основное меню" style={{ display: 'flex', gap: 28 }}>
        <Link variant="nav" href="#uslugi">
          Услуги
        </Link>
        <Link variant="nav" href="#raboty" aria-current="page">
          Работы
        </Link>
        <Link variant="nav" href="#produkty">
          Продукты
        </Link>
        <Link variant="nav" href="#kontakty">
          Контакты
        </Link>
      </nav>
      <Link variant="subtle" href="#konfidencialnost">
        Политика конфиденциальности
      </Link>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'подробный разбор проекта для сети клиник (откроется в новой вкладке)' })).toHaveAttribute(
      'target',
      '_blank',
    );
  },
};

export const Spanish: Story = {
  args: {
    href: 'https://example.com/es',
    external: true,
    externalLabel: '(se abre en una pestaña nueva)',
    children: 'el análisis completo del proyecto para una red de clínicas',
  },
  render: (args) => (
    <div style={{ display: 'grid', gap: 20 }}>
      <p style={paragraph}>
        Reescribimos el sistema de citas de los pacientes en cuatro meses. Lea <Link {...args} />, con cifras y conclusiones.
      </p>
      <nav aria-label="Menú principal" style={{ display: 'flex', gap: 28 }}>
        <Link variant="nav" href="#servicios">
          Servicios
        </Link>
        <Link variant="nav" href="#proyectos" aria-current="page">
          Proyectos
        </Link>
        <Link variant="nav" href="#productos">
          Productos
        </Link>
        <Link variant="nav" href="#contacto">
          Contacto
        </Link>
      </nav>
      <Link variant="subtle" href="#privacidad">
        Política de privacidad
      </Link>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'el análisis completo del proyecto para una red de clínicas (se abre en una pestaña nueva)' }),
    ).toHaveAttribute('target', '_blank');
  },
};
