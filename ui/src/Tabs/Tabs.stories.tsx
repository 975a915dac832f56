import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { type TabItem, Tabs } from './Tabs';

const panel = (text: string) => <p style={{ margin: 0, maxWidth: '60ch' }}>{text}</p>;

const en: TabItem[] = [
  {
    value: 'overview',
    label: 'Overview',
    content: panel('A banking app for 2 million customers: new onboarding, card management and instant transfers, built in five months.'),
  },
  {
    value: 'process',
    label: 'Process',
    content: panel('Two weeks of discovery, six design sprints and weekly releases to a staging environment the bank could test.'),
  },
  { value: 'results', label: 'Results', content: panel('App Store rating from 3.1 to 4.7; onboarding completed by 82 % of new users instead of 54 %.') },
  { value: 'team', label: 'Team', content: panel('A product manager, a designer, three engineers and a QA engineer.'), disabled: true },
];
const ru: TabItem[] = [
  {
    value: 'overview',
    label: 'Обзор проекта',
    content: panel('Банковское приложение для 2 миллионов клиентов: новая регистрация, управление картами и мгновенные переводы — за пять месяцев.'),
  },
  {
    value: 'process',
    label: 'Как мы работали',
    content: panel('Две недели исследования, шесть дизайн-спринтов и еженедельные релизы на тестовый стенд банка.'),
  },
  {
    value: 'results',
    label: 'Результаты',
    content: panel('Рейтинг в App Store вырос с 3,1 до 4,7; регистрацию завершают 82 % новых пользователей вместо 54 %.'),
  },
  { value: 'team', label: 'Команда', content: panel('Менеджер продукта, дизайнер, три разработчика и тестировщик.'), disabled: true },
];
const es: TabItem[] = [
  {
    value: 'overview',
    label: 'Resumen del proyecto',
    content: panel('Una aplicación bancaria para 2 millones de clientes: nuevo registro, gestión de tarjetas y transferencias inmediatas, en cinco meses.'),
  },
  {
    value: 'process',
    label: 'Cómo trabajamos',
    content: panel('Dos semanas de descubrimiento, seis sprints de diseño y entregas semanales a un entorno de pruebas del banco.'),
  },
  {
    value: 'results',
    label: 'Resultados',
    content: panel('La valoración en App Store pasó de 3,1 a 4,7; el 82 % de los nuevos usuarios completa el registro, frente al 54 %.'),
  },
  { value: 'team', label: 'Equipo', content: panel('Una responsable de producto, un diseñador, tres ingenieros y un ingeniero de QA.'), disabled: true },
];

const meta = {
  title: 'Disclosure/Tabs',
  component: Tabs,
  args: { tabs: en, label: 'Case study', onValueChange: fn() },
  argTypes: { activationMode: { control: 'inline-radio', options: ['automatic', 'manual'] } },
  parameters: { localeArgs: { ru: { tabs: ru, label: 'Кейс' }, es: { tabs: es, label: 'Caso de estudio' } } },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The first tab selected by default; the last one is disabled. */
export const Default: Story = {};
export const SecondSelected: Story = { args: { defaultValue: 'process' } };

/** Hover on an unselected tab: darker text, a faint underline. */
export const TabHover: Story = { parameters: { pseudo: { hover: ['[role="tab"][data-state="inactive"]:not([data-disabled])'] } } };

/** Keyboard: arrows move and select (wrapping past the disabled tab), Home/End jump, Tab enters the panel. */
export const KeyboardInteraction: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const tab = (name: string) => canvas.getByRole('tab', { name });
    await userEvent.tab();
    await expect(tab('Overview')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(tab('Process')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect(tab('Results')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(tab('Overview')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(tab('Results')).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Results' })).toHaveTextContent('App Store rating');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('results');
  },
};

/** Tab from the tab list moves focus into the panel (it is focusable, so keyboard users can reach text-only panels). */
export const PanelFocusVisible: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('tabpanel')).toHaveFocus();
  },
};

/** Long labels in a narrow column: the list scrolls sideways instead of wrapping. */
export const Overflow: Story = {
  args: { tabs: es, label: 'Caso de estudio' },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};

export const Russian: Story = { args: { tabs: ru, label: 'Кейс', defaultValue: 'process' } };
export const Spanish: Story = { args: { tabs: es, label: 'Caso de estudio', defaultValue: 'process' } };
