import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Accordion, type AccordionItemData, type AccordionProps } from './Accordion';

const en: AccordionItemData[] = [
  {
    id: 'timeline',
    question: 'How long does a typical project take?',
    answer:
      'Most websites take six to ten weeks from the first call to launch; mobile apps take three to five months. We agree on stages and dates before any work starts.',
  },
  {
    id: 'price',
    question: 'How do you price a project?',
    answer: 'After a paid discovery week we quote a fixed price for each stage. You pay stage by stage and can stop after any of them.',
  },
  {
    id: 'code',
    question: 'Who owns the code and the designs?',
    answer: 'You do. The repository, the design files and every account are transferred to you at launch.',
  },
  {
    id: 'support',
    question: 'Do you support the product after launch?',
    answer: 'Yes: a monthly plan covers monitoring, security updates and a fixed number of hours for small changes.',
  },
];

const ru: AccordionItemData[] = [
  {
    id: 'timeline',
    question: 'Сколько времени занимает типичный проект?',
    answer:
      'Большинство сайтов мы запускаем за шесть–десять недель от первого созвона, мобильные приложения — за три–пять месяцев. Этапы и сроки согласуем до начала работ.',
  },
  {
    id: 'price',
    question: 'Как формируется стоимость проекта и можно ли оплачивать его по этапам?',
    answer: 'После оплачиваемой недели исследования мы называем фиксированную цену каждого этапа. Оплата — поэтапно, остановиться можно после любого этапа.',
  },
  {
    id: 'code',
    question: 'Кому принадлежат исходный код и макеты?',
    answer: 'Вам. Репозиторий, файлы дизайна и все учётные записи передаются вам при запуске.',
  },
  {
    id: 'support',
    question: 'Вы поддерживаете продукт после запуска?',
    answer: 'Да: ежемесячный тариф включает мониторинг, обновления безопасности и фиксированное число часов на небольшие доработки.',
  },
];

const es: AccordionItemData[] = [
  {
    id: 'timeline',
    question: '¿Cuánto dura un proyecto típico?',
    answer:
      'La mayoría de los sitios web se lanzan entre seis y diez semanas después de la primera llamada; las aplicaciones móviles, entre tres y cinco meses. Acordamos las etapas y las fechas antes de empezar.',
  },
  {
    id: 'price',
    question: '¿Cómo se calcula el precio de un proyecto y se puede pagar por etapas?',
    answer:
      'Tras una semana de descubrimiento remunerada, fijamos un precio cerrado para cada etapa. Se paga etapa por etapa y puede detenerse después de cualquiera.',
  },
  {
    id: 'code',
    question: '¿A quién pertenecen el código y los diseños?',
    answer: 'A usted. El repositorio, los archivos de diseño y todas las cuentas se le transfieren en el lanzamiento.',
  },
  {
    id: 'support',
    question: '¿Ofrecen soporte después del lanzamiento?',
    answer: 'Sí: un plan mensual incluye monitorización, actualizaciones de seguridad y un número fijo de horas para pequeños cambios.',
  },
];

const onValueChange = fn();

// Typed with the props union itself (`satisfies` would collapse single|multiple to `never`).
const meta: Meta<AccordionProps> = {
  title: 'Disclosure/Accordion',
  component: Accordion,
  args: { items: en, onValueChange },
  argTypes: { headingLevel: { control: 'inline-radio', options: [2, 3, 4, 5, 6] } },
  parameters: { localeArgs: { ru: { items: ru }, es: { items: es } } },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
};
export default meta;
type Story = StoryObj<AccordionProps>;

/** All questions closed. */
export const Closed: Story = {};

/** One answer open (single mode: opening another closes it). */
export const OneOpen: Story = { args: { defaultValue: 'price' } };

/** `type="multiple"`: several answers open at once. */
export const Multiple: Story = { args: { type: 'multiple', defaultValue: ['timeline', 'code'] } };

export const WithDisabledItem: Story = {
  args: {
    items: [
      ...en.slice(0, 2),
      { id: 'jobs', question: 'Are you hiring? (no open positions right now)', answer: 'Not at the moment.', disabled: true },
      ...en.slice(3),
    ],
  },
};

/** Hover on the first question: accent text, the chevron follows. */
export const TriggerHover: Story = { parameters: { pseudo: { hover: ['[data-story-frame] > div > div > div:first-child button'] } } };

/** Keyboard: Tab to the first question, arrows and Home/End move, Enter and Space toggle. */
export const KeyboardInteraction: Story = {
  play: async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    const trigger = (name: RegExp) => canvas.getByRole('button', { name });
    await userEvent.tab();
    await expect(trigger(/How long/)).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(trigger(/How do you price/)).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(trigger(/support/)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(trigger(/How long/)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(trigger(/How long/)).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('region', { name: /How long/ })).toBeVisible();
    await userEvent.keyboard(' ');
    await expect(trigger(/How long/)).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}{ArrowDown} ');
    await expect(trigger(/Who owns/)).toHaveAttribute('aria-expanded', 'true');
    await expect(onValueChange).toHaveBeenLastCalledWith('code');
  },
};

export const Russian: Story = { args: { items: ru, defaultValue: 'price' } };
export const Spanish: Story = { args: { items: es, defaultValue: 'price' } };
