import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from '../Link';
import { BrandMark } from '../SiteHeader';
import { ThemeToggle } from '../ThemeToggle';
import { SiteFooter } from './SiteFooter';

const links = (labels: string[]) =>
  labels.map((label, index) => (
    <Link key={label} variant="subtle" href={`#${index}`}>
      {label}
    </Link>
  ));

const meta = {
  title: 'Layout/SiteFooter',
  component: SiteFooter,
  args: {
    brand: <BrandMark name="Studio" />,
    tagline: 'We design and build web and mobile products, from the first sketch to the release and beyond.',
    columns: [
      { title: 'Company', links: links(['How we work', 'Team', 'Culture', 'Technologies']) },
      { title: 'Clients', links: links(['Products', 'FAQ', 'Order a project', 'Privacy policy']) },
    ],
    legal: <p>© 2026 Studio. All rights reserved.</p>,
    tools: <ThemeToggle theme="light" label="Dark theme" onThemeChange={() => {}} size="sm" />,
  },
} satisfies Meta<typeof SiteFooter>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const LinkHover: Story = { parameters: { pseudo: { hover: ['a[href="#1"]'] } } };

export const Russian: Story = {
  args: {
    tagline: 'Проектируем и разрабатываем веб- и мобильные продукты — от первого эскиза до релиза и дальше.',
    columns: [
      { title: 'Компания', links: links(['Как мы работаем', 'Команда', 'Культура', 'Технологии']) },
      { title: 'Клиентам', links: links(['Продукты', 'Вопросы и ответы', 'Заказать проект', 'Политика конфиденциальности']) },
    ],
    legal: <p>© 2026 Studio. Все права защищены.</p>,
    tools: <ThemeToggle theme="light" label="Тёмная тема" onThemeChange={() => {}} size="sm" />,
  },
};

export const Spanish: Story = {
  args: {
    tagline: 'Diseñamos y desarrollamos productos web y móviles, desde el primer boceto hasta el lanzamiento y más allá.',
    columns: [
      { title: 'Empresa', links: links(['Cómo trabajamos', 'Equipo', 'Cultura', 'Tecnologías']) },
      { title: 'Clientes', links: links(['Productos', 'Preguntas frecuentes', 'Encargar un proyecto', 'Política de privacidad']) },
    ],
    legal: <p>© 2026 Studio. Todos los derechos reservados.</p>,
    tools: <ThemeToggle theme="dark" label="Tema oscuro" onThemeChange={() => {}} size="sm" />,
  },
};
