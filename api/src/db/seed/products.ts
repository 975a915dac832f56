/**
 * Seed data for the product catalogue: the 17 products the studio has built.
 *
 * Each entry carries the URL slug, its position in the catalogue (1-based,
 * ascending = display order) and the localized product name and one-line
 * tagline for every supported site language (`en`, `ru`, `es`).
 *
 * Product names are brand names and therefore stay in Latin script in every
 * language; only the taglines are translated. Taglines are single sentences
 * of at most 90 characters so they fit on product cards.
 *
 * The list is immutable: seeding code should read from it, never mutate it.
 */

/** Languages the seed is localized into. */
export type SeedLocale = 'en' | 'ru' | 'es';

/** One product row to insert into the catalogue. */
export interface ProductSeed {
  /** URL-safe identifier, unique across products. */
  slug: string;
  /** 1-based display order in the catalogue. */
  position: number;
  /** Product (brand) name per language. */
  name: Record<SeedLocale, string>;
  /** One-sentence description per language, at most 90 characters. */
  tagline: Record<SeedLocale, string>;
}

export const productSeeds: readonly ProductSeed[] = [
  {
    slug: 'ai-assistant',
    position: 1,
    name: { en: 'AI Assistant', ru: 'AI Assistant', es: 'AI Assistant' },
    tagline: {
      en: 'A support assistant that answers customers instantly and hands tricky cases to people.',
      ru: 'Ассистент поддержки: мгновенно отвечает клиентам и передаёт сложные случаи людям.',
      es: 'Un asistente de soporte que responde al instante y deriva los casos difíciles a personas.',
    },
  },
  {
    slug: 'voice-match',
    position: 2,
    name: { en: 'Voice Match', ru: 'Voice Match', es: 'Voice Match' },
    tagline: {
      en: 'Compares voice recordings and finds the closest matches in seconds.',
      ru: 'Сравнивает записи голоса и за секунды находит самые похожие.',
      es: 'Compara grabaciones de voz y encuentra las más parecidas en segundos.',
    },
  },
  {
    slug: 'solu-bank',
    position: 3,
    name: { en: 'Solu Bank', ru: 'Solu Bank', es: 'Solu Bank' },
    tagline: {
      en: 'A mobile bank for everyday money: cards, transfers and savings in one app.',
      ru: 'Мобильный банк на каждый день: карты, переводы и накопления в одном приложении.',
      es: 'Banca móvil para el día a día: tarjetas, transferencias y ahorro en una sola app.',
    },
  },
  {
    slug: 'thinksport',
    position: 4,
    name: { en: 'ThinkSport', ru: 'ThinkSport', es: 'ThinkSport' },
    tagline: {
      en: 'Training plans and progress tracking for athletes and their coaches.',
      ru: 'Планы тренировок и учёт прогресса для спортсменов и их тренеров.',
      es: 'Planes de entrenamiento y seguimiento del progreso para deportistas y sus entrenadores.',
    },
  },
  {
    slug: 'three-dv',
    position: 5,
    name: { en: '3DV', ru: '3DV', es: '3DV' },
    tagline: {
      en: 'Interactive 3D models of products and spaces, right in the browser.',
      ru: 'Интерактивные 3D-модели товаров и помещений прямо в браузере.',
      es: 'Modelos 3D interactivos de productos y espacios, directamente en el navegador.',
    },
  },
  {
    slug: 'tspace',
    position: 6,
    name: { en: 'TSpace', ru: 'TSpace', es: 'TSpace' },
    tagline: {
      en: 'Book desks, meeting rooms and studios in coworking spaces in a couple of taps.',
      ru: 'Рабочие места, переговорные и студии в коворкингах — бронирование в пару касаний.',
      es: 'Reserva puestos, salas de reuniones y estudios en coworkings con un par de toques.',
    },
  },
  {
    slug: 'giftery',
    position: 7,
    name: { en: 'Giftery', ru: 'Giftery', es: 'Giftery' },
    tagline: {
      en: 'Digital gift cards from hundreds of brands, ready to send in a minute.',
      ru: 'Электронные подарочные карты сотен брендов — подарок готов за минуту.',
      es: 'Tarjetas regalo digitales de cientos de marcas, listas para enviar en un minuto.',
    },
  },
  {
    slug: 'shotrec',
    position: 8,
    name: { en: 'ShotRec', ru: 'ShotRec', es: 'ShotRec' },
    tagline: {
      en: 'Records every shot in training and turns it into clear stats for players and coaches.',
      ru: 'Фиксирует каждый бросок на тренировке и превращает его в понятную статистику.',
      es: 'Registra cada tiro del entrenamiento y lo convierte en estadísticas claras.',
    },
  },
  {
    slug: 'dastocks',
    position: 9,
    name: { en: 'DaStocks', ru: 'DaStocks', es: 'DaStocks' },
    tagline: {
      en: 'A stock analytics dashboard with live quotes, screeners and portfolio insights.',
      ru: 'Аналитика акций: котировки в реальном времени, скринеры и разбор портфеля.',
      es: 'Análisis bursátil con cotizaciones en directo, filtros y una visión clara de tu cartera.',
    },
  },
  {
    slug: 'corona-cough',
    position: 10,
    name: { en: 'Corona Cough', ru: 'Corona Cough', es: 'Corona Cough' },
    tagline: {
      en: 'A research app that collects cough recordings to study AI screening for COVID-19.',
      ru: 'Исследовательское приложение: записи кашля помогают изучать ИИ-скрининг COVID-19.',
      es: 'App de investigación que recoge grabaciones de tos para estudiar el cribado de COVID-19.',
    },
  },
  {
    slug: 'aura',
    position: 11,
    name: { en: 'Aura', ru: 'Aura', es: 'Aura' },
    tagline: {
      en: 'Short meditations and a mood journal for a calmer, more balanced day.',
      ru: 'Короткие медитации и дневник настроения для спокойного и гармоничного дня.',
      es: 'Meditaciones breves y un diario de ánimo para un día más sereno y equilibrado.',
    },
  },
  {
    slug: 'brave',
    position: 12,
    name: { en: 'Brave', ru: 'Brave', es: 'Brave' },
    tagline: {
      en: 'A public speaking coach that helps you prepare, rehearse and speak with confidence.',
      ru: 'Тренер публичных выступлений: помогает подготовиться, отрепетировать и говорить уверенно.',
      es: 'Un entrenador de oratoria que te ayuda a preparar, ensayar y hablar con seguridad.',
    },
  },
  {
    slug: 'lenta',
    position: 13,
    name: { en: 'Lenta', ru: 'Lenta', es: 'Lenta' },
    tagline: {
      en: 'A calm news reader that gathers your sources into one clean, personal feed.',
      ru: 'Спокойное чтение новостей: все ваши источники в одной аккуратной ленте.',
      es: 'Un lector de noticias sereno que reúne tus fuentes en un único feed limpio.',
    },
  },
  {
    slug: 'magic',
    position: 14,
    name: { en: 'Magic', ru: 'Magic', es: 'Magic' },
    tagline: {
      en: 'An AI photo editor that removes objects and fixes lighting in a single tap.',
      ru: 'ИИ-фоторедактор: убирает лишние объекты и исправляет свет одним касанием.',
      es: 'Editor de fotos con IA que elimina objetos y corrige la luz con un solo toque.',
    },
  },
  {
    slug: 'solwy',
    position: 15,
    name: { en: 'Solwy', ru: 'Solwy', es: 'Solwy' },
    tagline: {
      en: 'Monitors solar panels in real time and forecasts how much energy they will produce.',
      ru: 'Мониторинг солнечных панелей в реальном времени и прогноз выработки энергии.',
      es: 'Monitoriza paneles solares en tiempo real y predice cuánta energía producirán.',
    },
  },
  {
    slug: 'affi',
    position: 16,
    name: { en: 'Affi', ru: 'Affi', es: 'Affi' },
    tagline: {
      en: 'An affiliate platform to launch partner programmes, track sales and pay partners on time.',
      ru: 'Платформа партнёрского маркетинга: запуск программ, учёт продаж и выплаты в срок.',
      es: 'Plataforma de afiliación: lanza programas, mide ventas y paga a tus socios a tiempo.',
    },
  },
  {
    slug: 'dom',
    position: 17,
    name: { en: 'Dom', ru: 'Dom', es: 'Dom' },
    tagline: {
      en: 'Smart home and property management: meters, requests and neighbours in one app.',
      ru: 'Умный дом и управление жильём: счётчики, заявки и соседи в одном приложении.',
      es: 'Hogar inteligente y gestión de comunidades: contadores, incidencias y vecinos en una app.',
    },
  },
];
