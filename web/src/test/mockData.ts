/**
 * Realistic GraphQL values for MockPayloadGenerator: a signed-in user, three products of the
 * catalogue and three news items, in English and Russian, shaped like the schema's types (dates
 * ISO strings in UTC, money in minor units, enums as the schema spells them).
 * Localized fields follow the operation's `$locale` variable, as the server does, so a page that
 * asks in the wrong language shows the wrong texts. Resolvers are by type name (see
 * relay-test-utils `MockResolvers`); nested objects and lists are taken as given. Ids are global
 * ids as the api makes them: base64url of `Type:key`, without padding.
 */
import { type Locale, localeFromGraphQL } from '@studio/site/locales';
import type { OperationDescriptor } from 'relay-runtime';
import type { MockResolvers } from 'relay-test-utils';

/** The locale an operation asks for (`$locale`), English when it has none. */
export function operationLocale(operation: OperationDescriptor): Locale {
  return localeFromGraphQL(operation.request.variables['locale']) ?? 'en';
}

type Texts<T> = Record<'en' | 'ru', T>;
const pick = <T>(texts: Texts<T>, locale: Locale): T => (locale === 'ru' ? texts.ru : texts.en);

interface ProductFixture {
  id: string;
  slug: string;
  year: number | null;
  technologies: string[];
  visual: { motif: string; hue: number };
  name: Texts<string>;
  tagline: Texts<string>;
  description: Texts<string[]>;
  features: Texts<string[]>;
}

/** Three products of the catalogue (SITE-CATALOGUE), texts as in content/products. */
export const PRODUCTS: readonly ProductFixture[] = [
  {
    id: 'UHJvZHVjdDp2b2ljZS1tYXRjaA',
    slug: 'voice-match',
    year: 2023,
    technologies: ['Python', 'PyTorch', 'FAISS'],
    visual: { motif: 'wave', hue: 294 },
    name: { en: 'Voice Match', ru: 'Voice Match' },
    tagline: { en: 'Compares voice recordings and finds the closest matches in seconds.', ru: 'Сравнивает записи голоса и за секунды находит самые похожие.' },
    description: {
      en: [
        'Dubbing studios and audiobook publishers often need a voice that sounds like someone specific.',
        'Voice Match turns each recording into a compact voice fingerprint.',
      ],
      ru: [
        'Студиям дубляжа и издателям аудиокниг часто нужен голос, похожий на чей-то конкретный.',
        'Voice Match превращает каждую запись в компактный отпечаток голоса.',
      ],
    },
    features: {
      en: ['Finds the voices closest to a reference clip in under a second', 'Works across languages: it compares timbre, not words'],
      ru: ['Находит самые похожие голоса по образцу быстрее чем за секунду', 'Работает с любыми языками: сравнивает тембр, а не слова'],
    },
  },
  {
    id: 'UHJvZHVjdDp0aGlua3Nwb3J0',
    slug: 'thinksport',
    year: 2019,
    technologies: ['React Native', 'TypeScript', 'GraphQL'],
    visual: { motif: 'pulse', hue: 189 },
    name: { en: 'ThinkSport', ru: 'ThinkSport' },
    tagline: {
      en: 'Training plans and progress tracking for athletes and their coaches.',
      ru: 'Планы тренировок и учёт прогресса для спортсменов и их тренеров.',
    },
    description: { en: ['ThinkSport connects athletes and coaches in one app.'], ru: ['ThinkSport объединяет спортсменов и тренеров в одном приложении.'] },
    features: { en: ['Training plans built from reusable blocks'], ru: ['Планы из готовых блоков'] },
  },
  {
    id: 'UHJvZHVjdDpzb2x3eQ',
    slug: 'solwy',
    year: null,
    technologies: [],
    visual: { motif: 'spark', hue: 84 },
    name: { en: 'Solwy', ru: 'Solwy' },
    tagline: {
      en: 'Monitors solar panels in real time and forecasts how much energy they will produce.',
      ru: 'Мониторинг солнечных панелей в реальном времени и прогноз выработки энергии.',
    },
    description: {
      en: ['Solwy collects data from inverters and meters every few seconds.'],
      ru: ['Solwy каждые несколько секунд собирает данные с инверторов и счётчиков.'],
    },
    features: { en: [], ru: [] },
  },
];

interface NewsFixture {
  id: string;
  /** The item's slug address per language (SITE-NEWS), as the api makes them from the titles. */
  slug: Texts<string>;
  published: string | null;
  updated: string;
  product: string | null;
  title: Texts<string>;
  summary: Texts<string>;
  body: Texts<string[]>;
}

/** Three published news items, newest first (SITE-NEWS), texts as in content/news. */
export const NEWS: readonly NewsFixture[] = [
  {
    id: 'TmV3c0l0ZW06MjAyNi0xMC12b2ljZS1tYXRjaC0z',
    slug: { en: 'voice-match-3-shorter-clips-bigger-archives-and-clear-reasons', ru: 'voice-match-3-korotkie-fragmenty-bolshie-arkhivy-i-ponyatnye-prichiny' },
    published: '2026-10-14T09:00:00.000Z',
    updated: '2026-10-15T12:30:00.000Z',
    product: 'voice-match',
    title: {
      en: 'Voice Match 3: shorter clips, bigger archives and clear reasons',
      ru: 'Voice Match 3: короткие фрагменты, большие архивы и понятные причины',
    },
    summary: {
      en: 'The new version matches voices from three-second clips and searches a million recordings in under two seconds.',
      ru: 'Новая версия сравнивает голоса по трёхсекундным фрагментам и ищет по миллиону записей меньше чем за две секунды.',
    },
    body: {
      en: ['Version 3 is the biggest change to the product since launch.', 'The new model needs only three seconds of speech instead of ten.'],
      ru: ['Третья версия — самое большое изменение продукта с момента запуска.', 'Новой модели хватает трёх секунд речи вместо десяти.'],
    },
  },
  {
    id: 'TmV3c0l0ZW06MjAyNi0wOC10aGlua3Nwb3J0LTM',
    slug: { en: 'thinksport-3-one-plan-for-the-whole-squad-adjusted-for-each-athlete', ru: 'thinksport-3-odin-plan-na-vsyu-komandu-s-popravkoy-na-kazhdogo' },
    published: '2026-08-25T09:00:00.000Z',
    updated: '2026-08-25T09:00:00.000Z',
    product: 'thinksport',
    title: { en: 'ThinkSport 3: one plan for the whole squad, adjusted for each athlete', ru: 'ThinkSport 3: один план на всю команду с поправкой на каждого' },
    summary: {
      en: 'Coaches plan for a whole team at once and adjust the plan for each athlete.',
      ru: 'Тренер составляет план сразу для всей команды и подстраивает его под каждого.',
    },
    body: {
      en: ['ThinkSport began as a tool for one coach and a handful of athletes.'],
      ru: ['ThinkSport начинался как инструмент для одного тренера и нескольких спортсменов.'],
    },
  },
  {
    id: 'TmV3c0l0ZW06MjAyNS0wMy1zaXRlLWluLXRocmVlLWxhbmd1YWdlcw',
    slug: { en: 'our-site-is-now-in-english-russian-and-spanish', ru: 'nash-sayt-teper-na-tryokh-yazykakh-angliyskom-russkom-i-ispanskom' },
    published: '2025-03-18T09:00:00.000Z',
    updated: '2025-03-18T09:00:00.000Z',
    product: null,
    title: { en: 'Our site is now in English, Russian and Spanish', ru: 'Наш сайт теперь на трёх языках: английском, русском и испанском' },
    summary: {
      en: 'Every page, product story and news item now exists in three languages.',
      ru: 'Все страницы, истории продуктов и новости теперь доступны на трёх языках.',
    },
    body: {
      en: ['A good share of the people we work with read Russian or Spanish first.'],
      ru: ['Многие из тех, с кем мы работаем, в первую очередь читают по-русски или по-испански.'],
    },
  },
];

/** A product as the schema's `Product` answers it in `locale` (with its news, newest first). */
export function productValues(product: ProductFixture, locale: Locale) {
  return {
    id: product.id,
    slug: product.slug,
    year: product.year,
    technologies: product.technologies,
    visual: product.visual,
    name: pick(product.name, locale),
    tagline: pick(product.tagline, locale),
    description: pick(product.description, locale),
    features: pick(product.features, locale),
    news: NEWS.filter((item) => item.product === product.slug).map((item) => ({
      id: item.id,
      slug: pick(item.slug, locale),
      title: pick(item.title, locale),
      published: item.published,
    })),
  };
}

/**
 * A news item as the schema's `NewsItem` answers it in `locale` (with its product): `slug` in
 * `locale`, and the aliases the news item page asks for each language (`slugEn`, `slugRu`,
 * `slugEs`; Spanish falls back to English, as an item without Spanish text does).
 */
export function newsValues(item: NewsFixture, locale: Locale) {
  const product = PRODUCTS.find((p) => p.slug === item.product);
  return {
    id: item.id,
    slug: pick(item.slug, locale),
    slugEn: item.slug.en,
    slugRu: item.slug.ru,
    slugEs: item.slug.en,
    published: item.published,
    updated: item.updated,
    isPublished: item.published !== null,
    title: pick(item.title, locale),
    summary: pick(item.summary, locale),
    body: pick(item.body, locale),
    product: product ? { slug: product.slug, name: pick(product.name, locale) } : null,
  };
}

/** The catalogue (`products` connection) in the operation's locale; `products` narrows it (e.g. `[]`). */
export function catalogueResolvers(products: readonly ProductFixture[] = PRODUCTS) {
  return (operation: OperationDescriptor): MockResolvers => {
    const locale = operationLocale(operation);
    return {
      ProductConnection: () => ({
        totalCount: products.length,
        edges: products.map((product) => ({ cursor: product.slug, node: productValues(product, locale) })),
        pageInfo: { hasNextPage: false, endCursor: products.at(-1)?.slug ?? null },
      }),
    };
  };
}

/** A news connection page of `items` in the operation's locale; `totalCount` and `hasNextPage` as given. */
export function newsPageResolvers(items: readonly NewsFixture[], page: { totalCount?: number; hasNextPage?: boolean } = {}) {
  return (operation: OperationDescriptor): MockResolvers => {
    const locale = operationLocale(operation);
    return {
      NewsItemConnection: () => ({
        totalCount: page.totalCount ?? items.length,
        edges: items.map((item) => ({ cursor: item.id, node: newsValues(item, locale) })),
        pageInfo: { hasNextPage: page.hasNextPage ?? false, endCursor: items.at(-1)?.id ?? null },
      }),
    };
  };
}

/** A linked sign-in account as the schema's `ServiceAccount` answers it. */
export interface AccountValues {
  id: string;
  serviceType: 'GOOGLE' | 'GITHUB' | 'YANDEX' | 'VK' | 'OIDC';
  serviceEmail: string | null;
  serviceUsername: string | null;
  created: string;
}

/** The signed-in user (`viewer`) with every private field a person sees on /profile. */
export function viewerValues(overrides: Record<string, unknown> = {}) {
  return {
    id: 'VXNlcjox',
    fullName: 'Anna Petrova',
    username: 'anna.petrova',
    email: 'anna@example.com',
    isVerified: true,
    pendingEmail: null,
    created: '2024-03-15T10:20:00.000Z',
    bio: 'Product designer in Lisbon. I like clear forms and short texts.',
    phone: '+14155550123',
    telegram: 'anna_petrova',
    passwordIsSet: true,
    balance: 12345,
    held: 2500,
    balanceCurrency: 'USD',
    image: { id: 'SW1hZ2U6MQ', url: '/uploads/avatars/anna.webp' },
    defaultReferralCode: { id: 'UmVmZXJyYWxDb2RlOjE', code: 'ANNA2024' },
    passkeys: [],
    accounts: [
      {
        id: 'U2VydmljZUFjY291bnQ6MQ',
        serviceType: 'GOOGLE',
        serviceEmail: 'anna.petrova@gmail.com',
        serviceUsername: null,
        created: '2025-01-20T08:00:00.000Z',
      },
      { id: 'U2VydmljZUFjY291bnQ6Mg', serviceType: 'GITHUB', serviceEmail: null, serviceUsername: 'annap', created: '2025-06-02T17:45:00.000Z' },
    ] satisfies AccountValues[],
    ...overrides,
  };
}

/** Resolvers answering `viewer` (and any other `User`) with `viewerValues(overrides)`. */
export function viewerResolvers(overrides: Record<string, unknown> = {}): MockResolvers {
  return { User: () => viewerValues(overrides) };
}
