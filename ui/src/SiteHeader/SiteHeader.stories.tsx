import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { Link } from '../Link';
import { ThemeToggle } from '../ThemeToggle';
import { BrandMark, SiteHeader } from './SiteHeader';

const nav = (items: string[], current = 0) =>
  items.map((label, index) => (
    <Link key={label} variant="nav" href={`#${index}`} aria-current={index === current ? 'page' : undefined}>
      {label}
    </Link>
  ));

const actions = (themeLabel: string, signIn: string, theme: 'light' | 'dark' = 'light') => (
  <>
    <ThemeToggle theme={theme} label={themeLabel} onThemeChange={() => {}} />
    <Button variant="secondary" size="sm">
      {signIn}
    </Button>
  </>
);

const meta = {
  title: 'Layout/SiteHeader',
  component: SiteHeader,
  parameters: {
    localeArgs: {
      ru: { navigation: nav(['Продукты', 'Как мы работаем', 'Команда', 'Новости']), navigationLabel: 'Основная навигация', skipLink: { href: '#main', label: 'Перейти к содержанию' }, actions: actions('Тёмная тема', 'Войти') },
      es: { navigation: nav(['Productos', 'Cómo trabajamos', 'Equipo', 'Noticias']), navigationLabel: 'Navegación principal', skipLink: { href: '#main', label: 'Saltar al contenido' }, actions: actions('Tema oscuro', 'Iniciar sesión') },
    },
  },
  args: {
    brand: (
      <a href="#home">
        <BrandMark name="Studio" />
      </a>
    ),
    navigation: nav(['Products', 'How we work', 'Team', 'News']),
    navigationLabel: 'Main',
    skipLink: { href: '#main', label: 'Skip to content' },
    actions: actions('Dark theme', 'Sign in'),
  },
} satisfies Meta<typeof SiteHeader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const NavigationHover: Story = { parameters: { pseudo: { hover: ['a[href="#1"]'] } } };

/** The skip link appears when it receives keyboard focus. */
export const SkipLinkFocused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    const skip = within(canvasElement).getByRole('link', { name: 'Skip to content' });
    await expect(skip).toHaveFocus();
  },
};

export const Russian: Story = {
  args: {
    navigation: nav(['Продукты', 'Как мы работаем', 'Команда', 'Новости']),
    navigationLabel: 'Основная навигация',
    skipLink: { href: '#main', label: 'Перейти к содержанию' },
    actions: actions('Тёмная тема', 'Войти'),
  },
};

export const Spanish: Story = {
  args: {
    navigation: nav(['Productos', 'Cómo trabajamos', 'Equipo', 'Noticias'], 2),
    navigationLabel: 'Navegación principal',
    skipLink: { href: '#main', label: 'Saltar al contenido' },
    actions: actions('Tema oscuro', 'Iniciar sesión', 'dark'),
  },
};

/** On a phone the navigation becomes a second row that scrolls sideways. */
export const Narrow: Story = {
  render: (args) => (
    <div style={{ maxWidth: 375, border: '1px dashed var(--color-border)' }}>
      <SiteHeader {...args} />
    </div>
  ),
};
