import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button';
import { Link } from '../Link';
import { NativeSelect } from '../NativeSelect';
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
    <ThemeToggle size="sm" theme={theme} label={themeLabel} onThemeChange={() => {}} />
    <Button variant="secondary" size="sm">
      {signIn}
    </Button>
  </>
);

const LANGUAGES = [
  { value: 'en', label: 'English', lang: 'en' },
  { value: 'ru', label: 'Русский', lang: 'ru' },
  { value: 'es', label: 'Español', lang: 'es' },
];

/** The wide header's compact language select, as the site's app pages show it. */
const languageSelect = (label: string, value: string) => (
  <NativeSelect size="sm" hideLabel label={label} options={LANGUAGES} value={value} onValueChange={() => {}} />
);

/** The phone menu's languages by full name (the site renders its own; a stand-in with the same shape). */
const languageList = (label: string, current: string) => (
  <div role="group" aria-label={label} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
    {LANGUAGES.map((language) => (
      <Button key={language.value} asChild size="sm" variant={language.value === current ? 'primary' : 'secondary'}>
        <a href={`#${language.value}`} hrefLang={language.lang} lang={language.lang} aria-current={language.value === current ? 'true' : undefined}>
          {language.label}
        </a>
      </Button>
    ))}
  </div>
);

/** A phone-wide frame: the header's layout follows its own width (a container query). */
const Phone = ({ width, children }: { width: number; children: ReactNode }) => (
  <div style={{ inlineSize: width, blockSize: 520, border: '1px dashed var(--color-border)', overflow: 'hidden', position: 'relative' }}>{children}</div>
);

const spanish = {
  navigation: nav(['Productos', 'Cómo trabajamos', 'Equipo', 'Noticias'], 2),
  navigationLabel: 'Navegación principal',
  skipLink: { href: '#main', label: 'Saltar al contenido' },
  actions: actions('Tema oscuro', 'Iniciar sesión'),
  tools: languageSelect('Idioma', 'es'),
  menuLabel: 'Menú',
  menuExtras: languageList('Idioma', 'es'),
};
const russian = {
  navigation: nav(['Продукты', 'Как мы работаем', 'Команда', 'Новости']),
  navigationLabel: 'Основная навигация',
  skipLink: { href: '#main', label: 'Перейти к содержанию' },
  actions: actions('Тёмная тема', 'Войти'),
  tools: languageSelect('Язык', 'ru'),
  menuLabel: 'Меню',
  menuExtras: languageList('Язык', 'ru'),
};

/** Opens the phone menu and checks what it shows. */
async function openMenu(canvasElement: HTMLElement, menuLabel: string, link: string) {
  const canvas = within(canvasElement);
  const button = canvasElement.querySelector<HTMLElement>(`summary[aria-label="${menuLabel}"]`)!;
  await expect(button).toBeVisible();
  await expect(button.getBoundingClientRect().height).toBeGreaterThanOrEqual(44);
  await userEvent.click(button);
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(canvas.getByRole('link', { name: link })).toBeVisible();
}

const meta = {
  title: 'Layout/SiteHeader',
  component: SiteHeader,
  parameters: {
    localeArgs: {
      ru: russian,
      es: { ...spanish, navigation: nav(['Productos', 'Cómo trabajamos', 'Equipo', 'Noticias']) },
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
    tools: languageSelect('Language', 'en'),
    menuLabel: 'Menu',
    menuExtras: languageList('Language', 'en'),
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

export const Russian: Story = { args: russian };

export const Spanish: Story = { args: { ...spanish, actions: actions('Tema oscuro', 'Iniciar sesión', 'dark') } };

/** Without a menu label the narrow header keeps the navigation on a second row that scrolls sideways. */
export const Narrow: Story = {
  args: { menuLabel: undefined, tools: undefined },
  render: (args) => (
    <div style={{ maxWidth: 375, border: '1px dashed var(--color-border)' }}>
      <SiteHeader {...args} />
    </div>
  ),
};

/** A 390 px phone: brand, actions and a 44 px menu button; the language select moves into the menu. */
export const Phone390: Story = {
  name: 'Phone 390',
  render: (args) => (
    <Phone width={390}>
      <SiteHeader {...args} />
    </Phone>
  ),
};

/** A 390 px phone with the menu open: the navigation, then the languages by their full names. */
export const Phone390MenuOpen: Story = {
  ...Phone390,
  name: 'Phone 390 menu open',
  play: async ({ canvasElement }) => openMenu(canvasElement, 'Menu', 'How we work'),
};

/** A 320 px phone in Spanish, the longest sign-in label: the brand keeps its mark, nothing runs off. */
export const Phone320Spanish: Story = {
  name: 'Phone 320 Spanish',
  args: spanish,
  render: (args) => (
    <Phone width={320}>
      <SiteHeader {...args} />
    </Phone>
  ),
  play: async ({ canvasElement }) => {
    const header = canvasElement.querySelector('header')!;
    await expect(header.scrollWidth).toBeLessThanOrEqual(header.clientWidth);
  },
};

/** A 320 px phone in Russian with the menu open: "Русский", "Español" in full. */
export const Phone320RussianMenuOpen: Story = {
  name: 'Phone 320 Russian menu open',
  args: russian,
  render: (args) => (
    <Phone width={320}>
      <SiteHeader {...args} />
    </Phone>
  ),
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, 'Меню', 'Español');
    for (const link of canvasElement.querySelectorAll<HTMLElement>('a[hreflang]')) await expect(link.scrollWidth).toBeLessThanOrEqual(link.clientWidth);
  },
};
