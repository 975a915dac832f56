/**
 * Public content (schema 1.2) over real HTTP on SQLite and PostgreSQL: the catalogue and the news
 * as seeded from content/, seeding once per key (content_seeds), the administrators' content
 * mutations and their policy, the content-change notices behind page-cache invalidation,
 * createOrder end to end through a real SMTP sink (smtp-server + mailparser), and
 * /sitemap.xml and /robots.txt.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { repoRoot } from '../src/platform/config.js';
import { seedDatabase } from '../src/modules/content/seed.js';
import { PUBLIC_PATHS } from '@studio/site/pages';
import {
  DB_KINDS,
  type DbKind,
  type GraphQLResult,
  ok,
  redisSkipReason,
  type Registered,
  skipReason,
  startServer,
  TEST_REDIS_URL,
  type TestServer,
  uniqueEmail,
} from './harness.js';
import { type Sink, startSink } from './smtp-sink.js';

const FORBIDDEN = 'Forbidden resource';
const REFERENCE = /^ST-[2-9A-HJ-NP-Z]{6}$/;
const SALES_EMAIL = 'sales-desk@example.test';
const redisSkip = await redisSkipReason();

// ---------------------------------------------------------------------------------------------
// The seed content, read straight from the files (not through the code under test).

type FileLocale = 'en' | 'ru' | 'es';
const FILE_LOCALES: FileLocale[] = ['en', 'ru', 'es'];
interface ProductJson {
  slug: string;
  position: number;
  year?: number;
  technologies: string[];
  visual: { motif: string; hue: number };
  locales: Record<FileLocale, { name: string; tagline: string; description: string[]; features: string[] }>;
}
interface NewsJson {
  key: string;
  published: string;
  product?: string;
  locales: Record<FileLocale, { title: string; summary: string; body: string[] }>;
}

function readJsonDir<T>(dir: string): T[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T);
}

const CONTENT_DIR = join(repoRoot, 'content');
const PRODUCTS = readJsonDir<ProductJson>(join(CONTENT_DIR, 'products')).sort((a, b) => a.position - b.position);
/** Newest first. */
const NEWS = readJsonDir<NewsJson>(join(CONTENT_DIR, 'news')).sort((a, b) => Date.parse(b.published) - Date.parse(a.published));

// ---------------------------------------------------------------------------------------------
/** The addresses a parsed mail was sent to. */
function recipients(mail: ParsedMail): string[] {
  const to = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

// ---------------------------------------------------------------------------------------------
// GraphQL documents

const NEWS_PAGE = `query ($first: Int, $after: String, $drafts: Boolean) {
  news(first: $first, after: $after, includeDrafts: $drafts) {
    totalCount
    edges { cursor node { id title(locale: EN) published isPublished } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const ITEM = `id titleEn: title(locale: EN) titleRu: title(locale: RU) titleEs: title(locale: ES)
  summaryRu: summary(locale: RU) bodyEs: body(locale: ES) published isPublished product { slug } updated`;
const NEWS_ITEM = `query ($id: ID!) { newsItem(id: $id) { ${ITEM} } }`;
const NODE_ITEM = `query ($id: ID!) { node(id: $id) { __typename id ... on NewsItem { titleEn: title(locale: EN) } } }`;
const CREATE = `mutation ($texts: [NewsItemTextsInput!]!, $productSlug: String) { createNewsItem(texts: $texts, productSlug: $productSlug) { ${ITEM} } }`;
const UPDATE = `mutation ($id: ID!, $texts: [NewsItemTextsInput!], $productSlug: String) { updateNewsItem(id: $id, texts: $texts, productSlug: $productSlug) { ${ITEM} } }`;
const PUBLISH = `mutation ($id: ID!, $published: Boolean, $publishedAt: DateTime) { publishNewsItem(id: $id, published: $published, publishedAt: $publishedAt) { ${ITEM} } }`;
const DELETE = 'mutation ($id: ID!) { deleteNewsItem(id: $id) { id } }';
const SLUGS = 'query ($id: ID!) { newsItem(id: $id) { en: slug(locale: EN) ru: slug(locale: RU) es: slug(locale: ES) } }';
const PRODUCT_TEXTS = `id slug
  nameEn: name(locale: EN) nameRu: name(locale: RU) nameEs: name(locale: ES)
  taglineEn: tagline(locale: EN) taglineRu: tagline(locale: RU) taglineEs: tagline(locale: ES)
  descEn: description(locale: EN) descRu: description(locale: RU) descEs: description(locale: ES)
  featEn: features(locale: EN) featRu: features(locale: RU) featEs: features(locale: ES)`;
const PRODUCT = `query ($slug: String!) { product(slug: $slug) { ${PRODUCT_TEXTS} } }`;
const UPDATE_PRODUCT = `mutation ($id: ID!, $texts: ProductTextsInput!) { updateProductTexts(id: $id, texts: $texts) { ${PRODUCT_TEXTS} } }`;
const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';

/** Texts of a news item in the three languages, marked with `tag`. */
function newsTexts(tag: string, locales: Array<'EN' | 'RU' | 'ES'> = ['EN', 'RU', 'ES']) {
  const words = { EN: 'Studio news', RU: 'Новости студии', ES: 'Noticias del estudio' };
  return locales.map((locale) => ({
    locale,
    title: `${words[locale]} ${tag}`,
    summary: `${words[locale]}: summary ${tag}`,
    body: [`${words[locale]}: first paragraph ${tag}`, `${words[locale]}: second paragraph`],
  }));
}

/** Asserts one error with `message` (string: exact, RegExp: match) and `code`, and no data. */
function expectError(result: GraphQLResult, message: string | RegExp, code: string) {
  expect(result.errors, result.text).toBeDefined();
  const error = result.errors![0]!;
  if (typeof message === 'string') expect(error.message, result.text).toBe(message);
  else expect(error.message, result.text).toMatch(message);
  expect(error.extensions?.['code'], result.text).toBe(code);
  expect(result.data ?? null).toBeNull();
}

/** Asserts success and answers `data`. */

/** A news global id (`NewsItem:<local id>` in base64url), for ids the server never issued. */
const newsGlobalId = (local: string) => Buffer.from(`NewsItem:${local}`, 'utf8').toString('base64url');

interface Member extends Registered {
  localId: string;
}

async function member(server: TestServer, name: string, role: 'USER' | 'ADMIN' = 'USER'): Promise<Member> {
  const registered = await server.register({ name });
  const db = server.app.database.db;
  const row = await db.selectFrom('users').select('id').where('email', '=', registered.email).executeTakeFirstOrThrow();
  if (role === 'ADMIN') await db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', row.id).execute();
  return { ...registered, localId: row.id };
}

/** Everything the content mutations may touch, in a stable order. */
async function contentSnapshot(server: TestServer) {
  const db = server.app.database.db;
  const [items, newsTranslations, products, productTranslations, seeds] = await Promise.all([
    db.selectFrom('newsItems').selectAll().orderBy('id').execute(),
    db.selectFrom('newsTranslations').selectAll().orderBy('newsItemId').orderBy('locale').execute(),
    db.selectFrom('products').selectAll().orderBy('id').execute(),
    db.selectFrom('productTranslations').selectAll().orderBy('productId').orderBy('locale').execute(),
    db.selectFrom('contentSeeds').select('key').orderBy('key').execute(),
  ]);
  return { items, newsTranslations, products, productTranslations, seeds };
}

async function countRows(
  server: TestServer,
  table: 'orders' | 'mailOutbox' | 'newsItems' | 'newsTranslations' | 'products' | 'productTranslations' | 'contentSeeds',
) {
  const row = await server.app.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DB_KINDS)('content on %s', (kind: DbKind) => {
  const skip = skipReason(kind);
  if (skip) {
    it.skip(skip, () => {});
    return;
  }

  let smtp: Sink;
  let server: TestServer;
  let admin: Member;
  let user: Member;

  const anonymousNews = async (first = 50) => ok(await server.graphql(NEWS_PAGE, { first })).news;

  beforeAll(async () => {
    smtp = await startSink();
    server = await startServer(kind, {
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      JOBS_POLL_INTERVAL_MS: '600000', // only explicit drains (and send's nudge) deliver
      SALES_EMAIL,
      ORDER_RATE_LIMIT_MAX: '1000', // every order of this suite comes from 127.0.0.1
    });
    [admin, user] = await Promise.all([member(server, 'Ada Admin', 'ADMIN'), member(server, 'Uma User')]);
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  // -------------------------------------------------------------------------------------------
  describe('content queries', () => {
    it('products(first: 50) lists every product of content/products in position order with their details', async () => {
      const result = await server.graphql(`{
        products(first: 50) {
          totalCount
          pageInfo { hasNextPage }
          edges { node { ${PRODUCT_TEXTS} position year technologies visual { motif hue } } }
        }
      }`);
      const { products } = ok(result);
      expect(PRODUCTS.length).toBeGreaterThan(0);
      expect(products.totalCount).toBe(PRODUCTS.length);
      expect(products.pageInfo.hasNextPage).toBe(false);
      const nodes = products.edges.map((e: any) => e.node);
      expect(nodes.map((n: any) => n.slug)).toEqual(PRODUCTS.map((p) => p.slug));
      expect(nodes.map((n: any) => n.position)).toEqual([...nodes.map((n: any) => n.position)].sort((a: number, b: number) => a - b));
      for (const [i, node] of nodes.entries()) {
        const file = PRODUCTS[i]!;
        for (const [suffix, locale] of [
          ['En', 'en'],
          ['Ru', 'ru'],
          ['Es', 'es'],
        ] as const) {
          expect(node[`desc${suffix}`].length, `${file.slug} description ${locale}`).toBeGreaterThan(0);
          expect(node[`feat${suffix}`].length, `${file.slug} features ${locale}`).toBeGreaterThan(0);
          expect(node[`desc${suffix}`].every((p: string) => p.trim().length > 0)).toBe(true);
          expect(node[`desc${suffix}`]).toEqual(file.locales[locale].description);
          expect(node[`feat${suffix}`]).toEqual(file.locales[locale].features);
          expect(node[`name${suffix}`]).toBe(file.locales[locale].name);
          expect(node[`tagline${suffix}`]).toBe(file.locales[locale].tagline);
        }
        expect(node.descRu, file.slug).not.toEqual(node.descEn);
        expect(node.featRu, file.slug).not.toEqual(node.featEn);
        expect(node.technologies.length, file.slug).toBeGreaterThan(0);
        expect(node.technologies).toEqual(file.technologies);
        expect(node.visual).toEqual(file.visual);
        expect(node.year).toBe(file.year ?? null);
      }
    });

    it('product(slug:) answers the product, with its published news; an unknown slug answers null', async () => {
      const known = ok(
        await server.graphql('{ product(slug: "voice-match") { slug nameEs: name(locale: ES) news { titleEn: title(locale: EN) isPublished } } }'),
      );
      const file = PRODUCTS.find((p) => p.slug === 'voice-match')!;
      expect(known.product).toMatchObject({ slug: 'voice-match', nameEs: file.locales.es.name });
      expect(known.product.news).toEqual(NEWS.filter((n) => n.product === 'voice-match').map((n) => ({ titleEn: n.locales.en.title, isPublished: true })));

      const unknown = await server.graphql('{ product(slug: "no-such-product") { slug } }');
      expect(unknown.json).toEqual({ data: { product: null } });
    });

    it('news(first: 3) is newest first with totalCount 10 and pages on with `after` without overlap', async () => {
      expect(NEWS).toHaveLength(10);
      const first = ok(await server.graphql(NEWS_PAGE, { first: 3 })).news;
      expect(first.totalCount).toBe(10);
      expect(first.edges).toHaveLength(3);
      expect(first.pageInfo.hasNextPage).toBe(true);
      expect(first.pageInfo.endCursor).toBe(first.edges[2].cursor);
      expect(first.edges.map((e: any) => e.node.title)).toEqual(NEWS.slice(0, 3).map((n) => n.locales.en.title));
      const published = first.edges.map((e: any) => Date.parse(e.node.published));
      expect(published).toEqual([...published].sort((a, b) => b - a));
      expect(first.edges.map((e: any) => e.node.published)).toEqual(NEWS.slice(0, 3).map((n) => new Date(n.published).toISOString()));

      const second = ok(await server.graphql(NEWS_PAGE, { first: 3, after: first.pageInfo.endCursor })).news;
      expect(second.totalCount).toBe(10);
      expect(second.edges.map((e: any) => e.node.title)).toEqual(NEWS.slice(3, 6).map((n) => n.locales.en.title));
      const firstIds = new Set(first.edges.map((e: any) => e.node.id));
      expect(second.edges.filter((e: any) => firstIds.has(e.node.id))).toEqual([]);
      expect(second.pageInfo.hasNextPage).toBe(true);

      const rest = ok(await server.graphql(NEWS_PAGE, { first: 50, after: second.pageInfo.endCursor })).news;
      expect(rest.edges.map((e: any) => e.node.title)).toEqual(NEWS.slice(6).map((n) => n.locales.en.title));
      expect(rest.pageInfo.hasNextPage).toBe(false);
      const all = [...first.edges, ...second.edges, ...rest.edges].map((e: any) => e.node.id);
      expect(new Set(all).size).toBe(10);
    });

    it('newsItem(id:) and node(id:) answer the item by its global id', async () => {
      const newest = (await anonymousNews(1)).edges[0].node;
      const file = NEWS[0]!;
      const item = ok(await server.graphql(NEWS_ITEM, { id: newest.id })).newsItem;
      expect(item).toMatchObject({
        id: newest.id,
        titleEn: file.locales.en.title,
        titleRu: file.locales.ru.title,
        titleEs: file.locales.es.title,
        summaryRu: file.locales.ru.summary,
        bodyEs: file.locales.es.body,
        published: new Date(file.published).toISOString(),
        isPublished: true,
        product: file.product ? { slug: file.product } : null,
      });
      expect(item.titleRu).not.toBe(item.titleEn);
      // The global id is URL-safe: it is also the item's address, /news/{id}.
      expect(newest.id).toMatch(/^[A-Za-z0-9_-]+$/);

      const node = ok(await server.graphql(NODE_ITEM, { id: newest.id })).node;
      expect(node).toEqual({ __typename: 'NewsItem', id: newest.id, titleEn: file.locales.en.title });
    });

    it('an id that is not a news item’s, or an unknown one, answers null from newsItem; node answers null when malformed', async () => {
      // schema.graphql (1.2, working tree): newsItem is null "when the id is not a news item's"
      // (the web app's route validation turns it into a 404), like node(id:).
      const userId = Buffer.from(`User:${admin.localId}`).toString('base64url');
      const productId = ok(await server.graphql('{ product(slug: "aura") { id } }')).product.id;
      for (const id of ['not a global id!', 'garbage', userId, productId, newsGlobalId('no-such-item')]) {
        for (const token of [undefined, admin.accessToken]) {
          expect((await server.graphql(NEWS_ITEM, { id }, token)).json, id).toEqual({ data: { newsItem: null } });
        }
      }
      for (const id of ['not a global id!', 'garbage', newsGlobalId('no-such-item')]) {
        expect((await server.graphql(NODE_ITEM, { id })).json, id).toEqual({ data: { node: null } });
      }
      // node(id:) of another type's id answers that type, never a NewsItem.
      expect(ok(await server.graphql(NODE_ITEM, { id: productId })).node).toEqual({ __typename: 'Product', id: productId });
    });

    it('refuses news(first: 51) and a bad cursor with BAD_USER_INPUT', async () => {
      expectError(await server.graphql(NEWS_PAGE, { first: 51 }), /^first: /, 'BAD_USER_INPUT');
      expectError(await server.graphql(NEWS_PAGE, { first: -1 }), /^first: /, 'BAD_USER_INPUT');
      expectError(await server.graphql(NEWS_PAGE, { first: 3, after: 'garbage' }), /^after: /, 'BAD_USER_INPUT');
      const viaProduct = await server.graphql('{ product(slug: "voice-match") { news(first: 51) { id } } }');
      expect(viaProduct.errors?.[0]?.extensions?.['code'], viaProduct.text).toBe('BAD_USER_INPUT');
      // 50 is the limit, not beyond it.
      expect(ok(await server.graphql(NEWS_PAGE, { first: 50 })).news.edges.length).toBeGreaterThanOrEqual(10);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('admin-only content mutations', () => {
    let seededId: string;
    let productId: string;

    beforeAll(async () => {
      seededId = (await anonymousNews(1)).edges[0].node.id;
      productId = ok(await server.graphql('{ product(slug: "aura") { id } }')).product.id;
    });

    const operations = () =>
      [
        ['createNewsItem', CREATE, { texts: newsTexts('refused'), productSlug: 'aura' }],
        ['updateNewsItem', UPDATE, { id: seededId, texts: newsTexts('refused', ['EN']), productSlug: '' }],
        ['publishNewsItem', PUBLISH, { id: seededId, published: false }],
        ['deleteNewsItem', DELETE, { id: seededId }],
        ['updateProductTexts', UPDATE_PRODUCT, { id: productId, texts: { locale: 'ES', tagline: 'Refused tagline' } }],
        ['news(includeDrafts: true)', NEWS_PAGE, { first: 10, drafts: true }],
      ] as const;

    it('anonymous callers get UNAUTHENTICATED (HTTP 401) and change nothing', async () => {
      const before = await contentSnapshot(server);
      for (const [name, query, variables] of operations()) {
        const result = await server.graphql(query, variables);
        expect(result.status, `${name}: ${result.text}`).toBe(401);
        expect(result.errors?.[0]?.extensions?.['code'], name).toBe('UNAUTHENTICATED');
        expect(result.data ?? null, name).toBeNull();
      }
      expect(await contentSnapshot(server)).toEqual(before);
    });

    it('a regular user gets `Forbidden resource` (FORBIDDEN) and changes nothing', async () => {
      const before = await contentSnapshot(server);
      for (const [name, query, variables] of operations()) {
        const result = await server.graphql(query, variables, user.accessToken);
        expect(result.status, `${name}: ${result.text}`).toBe(200);
        expect(result.errors, name).toHaveLength(1);
        expect(result.errors![0], name).toMatchObject({ message: FORBIDDEN, extensions: { code: 'FORBIDDEN' } });
        expect(result.data ?? null, name).toBeNull();
      }
      // Invalid input does not turn the refusal into a validation error (no probing).
      expectError(await server.graphql(CREATE, { texts: newsTexts('x', ['EN']), productSlug: 'nope' }, user.accessToken), FORBIDDEN, 'FORBIDDEN');
      expect(await contentSnapshot(server)).toEqual(before);
    });

    describe('a news item’s life: draft, edit, publish, unpublish, delete', () => {
      const tag = randomBytes(3).toString('hex');
      let draft: any;
      let publishedBefore: number;

      it('createNewsItem makes a draft that only administrators see', async () => {
        publishedBefore = (await anonymousNews()).totalCount;
        const created = ok(await server.graphql(CREATE, { texts: newsTexts(tag), productSlug: 'aura' }, admin.accessToken)).createNewsItem;
        draft = created;
        expect(created).toMatchObject({
          titleEn: `Studio news ${tag}`,
          titleRu: `Новости студии ${tag}`,
          titleEs: `Noticias del estudio ${tag}`,
          summaryRu: `Новости студии: summary ${tag}`,
          bodyEs: [`Noticias del estudio: first paragraph ${tag}`, 'Noticias del estudio: second paragraph'],
          published: null,
          isPublished: false,
          product: { slug: 'aura' },
        });
        const local = Buffer.from(created.id, 'base64url')
          .toString('utf8')
          .replace(/^NewsItem:/, '');
        const row = await server.app.database.db.selectFrom('newsItems').selectAll().where('id', '=', local).executeTakeFirstOrThrow();
        expect(row.publishedAt).toBeNull();
        expect(
          await server.app.database.db.selectFrom('newsTranslations').select('locale').where('newsItemId', '=', local).orderBy('locale').execute(),
        ).toEqual([{ locale: 'en' }, { locale: 'es' }, { locale: 'ru' }]);

        // Not for visitors or regular users.
        const anonymous = await anonymousNews();
        expect(anonymous.totalCount).toBe(publishedBefore);
        expect(anonymous.edges.map((e: any) => e.node.id)).not.toContain(created.id);
        for (const token of [undefined, user.accessToken]) {
          expect((await server.graphql(NEWS_ITEM, { id: created.id }, token)).json).toEqual({ data: { newsItem: null } });
          expect((await server.graphql(NODE_ITEM, { id: created.id }, token)).json).toEqual({ data: { node: null } });
        }
        const aura = ok(await server.graphql('{ product(slug: "aura") { news(first: 50) { id } } }')).product.news;
        expect(aura.map((n: any) => n.id)).not.toContain(created.id);

        // Administrators: not in the plain list, but with includeDrafts and by id.
        const plain = ok(await server.graphql(NEWS_PAGE, { first: 50 }, admin.accessToken)).news;
        expect(plain.edges.map((e: any) => e.node.id)).not.toContain(created.id);
        const drafts = ok(await server.graphql(NEWS_PAGE, { first: 50, drafts: true }, admin.accessToken)).news;
        expect(drafts.totalCount).toBe(publishedBefore + 1);
        expect(drafts.edges.find((e: any) => e.node.id === created.id)?.node).toEqual({
          id: created.id,
          title: `Studio news ${tag}`,
          published: null,
          isPublished: false,
        });
        expect(ok(await server.graphql(NEWS_ITEM, { id: created.id }, admin.accessToken)).newsItem.titleEn).toBe(`Studio news ${tag}`);
      });

      it('updateNewsItem replaces the texts of the locales given only', async () => {
        const ru = { locale: 'RU', title: `Исправленный заголовок ${tag}`, summary: 'Исправленная сводка', body: ['Один абзац.'] };
        const updated = ok(await server.graphql(UPDATE, { id: draft.id, texts: [ru] }, admin.accessToken)).updateNewsItem;
        expect(updated).toMatchObject({
          titleRu: ru.title,
          summaryRu: ru.summary,
          titleEn: draft.titleEn,
          titleEs: draft.titleEs,
          bodyEs: draft.bodyEs,
          product: { slug: 'aura' },
        });
        expect(Date.parse(updated.updated)).toBeGreaterThanOrEqual(Date.parse(draft.updated));
        const again = ok(await server.graphql(NEWS_ITEM, { id: draft.id }, admin.accessToken)).newsItem;
        expect(again).toMatchObject({ titleRu: ru.title, titleEn: draft.titleEn, titleEs: draft.titleEs, isPublished: false });

        // An empty productSlug clears the product; a slug sets it.
        expect(ok(await server.graphql(UPDATE, { id: draft.id, productSlug: '' }, admin.accessToken)).updateNewsItem.product).toBeNull();
        expect(ok(await server.graphql(UPDATE, { id: draft.id, productSlug: 'voice-match' }, admin.accessToken)).updateNewsItem.product).toEqual({
          slug: 'voice-match',
        });
        draft = { ...draft, titleRu: ru.title };
      });

      it('publishNewsItem makes it visible to visitors, first in the list', async () => {
        const published = ok(await server.graphql(PUBLISH, { id: draft.id }, admin.accessToken)).publishNewsItem;
        expect(published.isPublished).toBe(true);
        expect(Math.abs(Date.parse(published.published) - Date.now())).toBeLessThan(60_000);

        const list = ok(await server.graphql(NEWS_PAGE, { first: 3 })).news;
        expect(list.totalCount).toBe(publishedBefore + 1);
        expect(list.edges[0].node).toEqual({ id: draft.id, title: draft.titleEn, published: published.published, isPublished: true });
        const item = ok(await server.graphql(NEWS_ITEM, { id: draft.id })).newsItem;
        expect(item).toMatchObject({ id: draft.id, titleRu: draft.titleRu, isPublished: true, product: { slug: 'voice-match' } });
        expect(ok(await server.graphql(NODE_ITEM, { id: draft.id })).node.id).toBe(draft.id);
      });

      it('a publication time in the future keeps it from visitors until then', async () => {
        const future = new Date(Date.now() + 86_400_000).toISOString();
        const scheduled = ok(await server.graphql(PUBLISH, { id: draft.id, publishedAt: future }, admin.accessToken)).publishNewsItem;
        expect(scheduled).toMatchObject({ published: future, isPublished: false });
        expect((await server.graphql(NEWS_ITEM, { id: draft.id })).json).toEqual({ data: { newsItem: null } });
        expect((await anonymousNews()).edges.map((e: any) => e.node.id)).not.toContain(draft.id);
        const bad = await server.graphql(PUBLISH, { id: draft.id, publishedAt: 'not a date' }, admin.accessToken);
        expectError(bad, /^publishedAt: /, 'BAD_USER_INPUT');
        expect(bad.errors![0]!.extensions?.['field']).toBe('publishedAt');
        expect(ok(await server.graphql(NEWS_ITEM, { id: draft.id }, admin.accessToken)).newsItem.published).toBe(future);
      });

      it('publishNewsItem(published: false) takes it back to a draft', async () => {
        const unpublished = ok(await server.graphql(PUBLISH, { id: draft.id, published: false }, admin.accessToken)).publishNewsItem;
        expect(unpublished).toMatchObject({ published: null, isPublished: false });
        expect((await server.graphql(NEWS_ITEM, { id: draft.id })).json).toEqual({ data: { newsItem: null } });
        const list = await anonymousNews();
        expect(list.totalCount).toBe(publishedBefore);
        expect(list.edges.map((e: any) => e.node.id)).not.toContain(draft.id);
        expect(ok(await server.graphql(NEWS_ITEM, { id: draft.id }, admin.accessToken)).newsItem.isPublished).toBe(false);
      });

      it('deleteNewsItem deletes it with its texts; afterwards it is an unknown id', async () => {
        const local = Buffer.from(draft.id, 'base64url')
          .toString('utf8')
          .replace(/^NewsItem:/, '');
        expect(ok(await server.graphql(DELETE, { id: draft.id }, admin.accessToken))).toEqual({ deleteNewsItem: { id: draft.id } });
        expect((await server.graphql(NEWS_ITEM, { id: draft.id }, admin.accessToken)).json).toEqual({ data: { newsItem: null } });
        const db = server.app.database.db;
        expect(await db.selectFrom('newsItems').select('id').where('id', '=', local).execute()).toEqual([]);
        expect(await db.selectFrom('newsTranslations').select('locale').where('newsItemId', '=', local).execute()).toEqual([]);
        const drafts = ok(await server.graphql(NEWS_PAGE, { first: 50, drafts: true }, admin.accessToken)).news;
        expect(drafts.edges.map((e: any) => e.node.id)).not.toContain(draft.id);

        for (const [query, variables] of [
          [DELETE, { id: draft.id }],
          [PUBLISH, { id: draft.id }],
          [UPDATE, { id: draft.id, texts: newsTexts('late', ['EN']) }],
        ] as const) {
          expectError(await server.graphql(query, variables, admin.accessToken), /^id: /, 'BAD_USER_INPUT');
        }
        expect(await db.selectFrom('newsItems').select('id').where('id', '=', local).execute()).toEqual([]);
      });
    });

    it('refuses incomplete or duplicate texts and an unknown productSlug with BAD_USER_INPUT, creating nothing', async () => {
      const before = await contentSnapshot(server);
      const cases: Array<[string, string, Record<string, unknown>, RegExp, string]> = [
        ['two locales', CREATE, { texts: newsTexts('two', ['EN', 'RU']) }, /^texts: /, 'texts'],
        ['one locale', CREATE, { texts: newsTexts('one', ['ES']) }, /^texts: /, 'texts'],
        ['a locale twice', CREATE, { texts: newsTexts('dup', ['EN', 'RU', 'RU']) }, /^texts: /, 'texts'],
        // The issue names the entry and field ("2.title: …"); the path of the argument itself is left out.
        ['an empty title', CREATE, { texts: newsTexts('empty').map((t) => (t.locale === 'ES' ? { ...t, title: '   ' } : t)) }, /^(texts\.)?2\.title: /, ''],
        ['an unknown product', CREATE, { texts: newsTexts('product'), productSlug: 'no-such-product' }, /^productSlug: /, 'productSlug'],
        ['update: an unknown product', UPDATE, { id: seededId, productSlug: 'no-such-product' }, /^productSlug: /, 'productSlug'],
        ['update: a locale twice', UPDATE, { id: seededId, texts: newsTexts('dup', ['EN', 'EN']) }, /^texts: /, 'texts'],
        ['update: a malformed id', UPDATE, { id: 'garbage', texts: newsTexts('x', ['EN']) }, /^id: /, 'id'],
      ];
      for (const [name, query, variables, message, field] of cases) {
        const result = await server.graphql(query, variables, admin.accessToken);
        expect(result.errors?.[0]?.extensions?.['code'], `${name}: ${result.text}`).toBe('BAD_USER_INPUT');
        expect(result.errors![0]!.message, name).toMatch(message);
        if (field) expect(result.errors![0]!.extensions?.['field'], name).toBe(field);
        expect(result.data ?? null, name).toBeNull();
      }
      expect(await contentSnapshot(server)).toEqual(before);
    });

    it('updateProductTexts changes the Spanish tagline only', async () => {
      const db = server.app.database.db;
      const before = ok(await server.graphql(PRODUCT, { slug: 'aura' })).product;
      const localProductId = Buffer.from(before.id, 'base64url')
        .toString('utf8')
        .replace(/^Product:/, '');
      const otherRows = () =>
        db.selectFrom('productTranslations').selectAll().where('productId', '!=', localProductId).orderBy('productId').orderBy('locale').execute();
      const othersBefore = await otherRows();
      const ownBefore = await db.selectFrom('productTranslations').selectAll().where('productId', '=', localProductId).orderBy('locale').execute();

      const tagline = `Accesible para todos ${randomBytes(2).toString('hex')}`;
      const result = ok(await server.graphql(UPDATE_PRODUCT, { id: before.id, texts: { locale: 'ES', tagline } }, admin.accessToken)).updateProductTexts;
      expect(result).toEqual({ ...before, taglineEs: tagline });
      // A fresh read, anonymous, sees the same.
      expect(ok(await server.graphql(PRODUCT, { slug: 'aura' })).product).toEqual({ ...before, taglineEs: tagline });

      const ownAfter = await db.selectFrom('productTranslations').selectAll().where('productId', '=', localProductId).orderBy('locale').execute();
      expect(ownAfter).toEqual(ownBefore.map((row) => (row.locale === 'es' ? { ...row, tagline } : row)));
      expect(await otherRows()).toEqual(othersBefore);

      // Bad input changes nothing.
      expectError(
        await server.graphql(UPDATE_PRODUCT, { id: before.id, texts: { locale: 'ES', tagline: '' } }, admin.accessToken),
        /tagline/,
        'BAD_USER_INPUT',
      );
      expectError(
        await server.graphql(UPDATE_PRODUCT, { id: newsGlobalId('x'), texts: { locale: 'ES', tagline: 'x' } }, admin.accessToken),
        /^id: /,
        'BAD_USER_INPUT',
      );
      expect(await db.selectFrom('productTranslations').selectAll().where('productId', '=', localProductId).orderBy('locale').execute()).toEqual(ownAfter);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('page-cache invalidation (content-change notices)', () => {
    // The test servers run without the web app (no page cache), so this checks the notice the
    // cache listens for: `pubsub.onContentChanged`, which buildApp wires to `ssr.invalidate()`.
    it('notifies listeners after an admin mutation, not after reads or refused mutations', async () => {
      let calls = 0;
      const stop = server.app.pubsub.onContentChanged(() => {
        calls += 1;
      });
      try {
        await sleep(10);
        const newest = (await anonymousNews(1)).edges[0].node;
        const id = newest.id;
        // Reads, and mutations that are refused or invalid.
        ok(await server.graphql(NEWS_PAGE, { first: 5 }));
        ok(await server.graphql(NEWS_PAGE, { first: 5, drafts: true }, admin.accessToken));
        ok(await server.graphql(NEWS_ITEM, { id }));
        ok(await server.graphql(PRODUCT, { slug: 'aura' }));
        expect((await server.get('/sitemap.xml')).status).toBe(200);
        expect((await server.graphql(PUBLISH, { id }, user.accessToken)).errors?.[0]?.message).toBe(FORBIDDEN);
        expect((await server.graphql(PUBLISH, { id })).status).toBe(401);
        expect((await server.graphql(CREATE, { texts: newsTexts('bad', ['EN']) }, admin.accessToken)).errors?.[0]?.extensions?.['code']).toBe('BAD_USER_INPUT');
        await sleep(50);
        expect(calls).toBe(0);

        // An admin's publishNewsItem (at its own publication time, so the list stays as it is): exactly one notice.
        expect(ok(await server.graphql(PUBLISH, { id, publishedAt: newest.published }, admin.accessToken)).publishNewsItem.published).toBe(newest.published);
        await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(1), 5_000);
        await sleep(50);
        expect(calls).toBe(1);

        // More reads: still one.
        ok(await server.graphql(NEWS_ITEM, { id }));
        ok(await server.graphql(NEWS_PAGE, { first: 5 }));
        await sleep(50);
        expect(calls).toBe(1);

        // Every content mutation announces itself.
        const created = ok(await server.graphql(CREATE, { texts: newsTexts('notice') }, admin.accessToken)).createNewsItem;
        ok(await server.graphql(UPDATE, { id: created.id, texts: newsTexts('notice 2', ['EN']) }, admin.accessToken));
        ok(await server.graphql(DELETE, { id: created.id }, admin.accessToken));
        const product = ok(await server.graphql(PRODUCT, { slug: 'solwy' })).product;
        ok(await server.graphql(UPDATE_PRODUCT, { id: product.id, texts: { locale: 'EN', tagline: product.taglineEn } }, admin.accessToken));
        await vi.waitFor(() => expect(calls).toBe(5), 5_000);
      } finally {
        stop();
      }
      // After stop(), nothing more arrives.
      const after = calls;
      const created = ok(await server.graphql(CREATE, { texts: newsTexts('after stop') }, admin.accessToken)).createNewsItem;
      ok(await server.graphql(DELETE, { id: created.id }, admin.accessToken));
      await sleep(50);
      expect(calls).toBe(after);
    });

    it.skipIf(redisSkip !== null)('with Redis, a mutation through one process notifies the listeners of another', async () => {
      const env = { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `studio-test-${randomBytes(6).toString('hex')}:`, MAIL_TRANSPORT: 'memory' };
      const a = await startServer(kind, env);
      try {
        const b = await startServer(kind, env, { shareDataWith: a });
        try {
          expect([a.app.pubsub.transport, b.app.pubsub.transport]).toEqual(['redis', 'redis']);
          const boss = await member(a, 'Bea Boss', 'ADMIN');
          let calls = 0;
          const stop = b.app.pubsub.onContentChanged(() => {
            calls += 1;
          });
          try {
            const id = ok(await a.graphql(NEWS_PAGE, { first: 1 })).news.edges[0].node.id;
            // The SUBSCRIBE reaches Redis asynchronously: publish until the first notice arrives.
            await vi.waitFor(async () => {
              ok(await a.graphql(PUBLISH, { id }, boss.accessToken));
              expect(calls).toBeGreaterThanOrEqual(1);
            }, 10_000);
            await sleep(100);
            const settled = calls;
            ok(await a.graphql(NEWS_ITEM, { id }));
            ok(await b.graphql(NEWS_PAGE, { first: 3 }));
            await sleep(100);
            expect(calls).toBe(settled);
            ok(await a.graphql(PUBLISH, { id, published: false }, boss.accessToken));
            await vi.waitFor(() => expect(calls).toBe(settled + 1), 10_000);
          } finally {
            stop();
          }
        } finally {
          await b.close();
        }
      } finally {
        await a.close();
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('createOrder', () => {
    const order = (overrides: Record<string, unknown> = {}) => ({
      name: 'Olga Orlova',
      email: uniqueEmail('order'),
      company: 'Acme & Co',
      interest: 'voice-match',
      budget: 'FROM_10K_TO_25K',
      message: 'We need a voice assistant for our call centre.',
      consent: true,
      locale: 'RU',
      ...overrides,
    });
    /** Drains the outbox until the sink holds `n` mails that mention `reference` in the subject. */
    const mailsAbout = async (reference: string, n: number) => {
      await vi.waitFor(async () => {
        await server.app.mail.drain();
        expect(smtp.received.filter((m) => m.subject?.includes(reference))).toHaveLength(n);
      }, 15_000);
      return smtp.received.filter((m) => m.subject?.includes(reference));
    };

    it('signed out: answers a reference, stores the order and mails the customer (in Russian) and the sales team', async () => {
      const input = order();
      const { reference } = ok(await server.graphql(CREATE_ORDER, { input })).createOrder;
      expect(reference).toMatch(REFERENCE);

      const row = await server.app.database.db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        name: 'Olga Orlova',
        email: input.email,
        company: 'Acme & Co',
        interest: 'voice-match',
        budget: 'FROM_10K_TO_25K',
        message: input.message,
        referralCode: null,
        locale: 'ru',
        userId: null,
      });

      const mails = await mailsAbout(reference, 2);
      const customer = mails.find((m) => recipients(m).includes(input.email));
      const sales = mails.find((m) => recipients(m).includes(SALES_EMAIL));
      expect(customer, 'customer confirmation').toBeDefined();
      expect(sales, 'sales notification').toBeDefined();
      expect(customer!.subject).toBe(`Мы получили вашу заявку ${reference}`);
      expect(customer!.text).toContain('ответим в течение рабочего дня');
      // ORDER-MAIL: our own words and the reference only; nothing the visitor typed.
      expect(customer!.text).toContain('Здравствуйте!');
      expect(customer!.text).not.toContain('Olga Orlova');
      expect(customer!.text).not.toContain(input.message);
      expect(customer!.html).toContain('<html lang="ru">');
      expect(sales!.subject).toBe(`New request ${reference} from Olga Orlova`);
      expect(sales!.text).toContain(input.email);
      expect(sales!.text).toContain('Russian');
      // Human labels, as the form shows them (ORDER-MAIL); no phone line: the form has no phone field.
      expect(sales!.text).toContain('Interest: Voice Match (product)');
      expect(sales!.text).toContain('Budget: $10,000–25,000');
      expect(sales!.text).not.toContain('Phone');
      expect(sales!.text).toContain('Company: Acme & Co');
      expect(sales!.html).not.toContain('Acme & Co'); // escaped in HTML
      const outbox = await server.app.database.db
        .selectFrom('mailOutbox')
        .select(['recipient', 'status', 'template'])
        .where('idempotencyKey', 'like', `order:${reference}:%`)
        .orderBy('template')
        .execute();
      expect(outbox).toEqual([
        { recipient: SALES_EMAIL, status: 'sent', template: 'orderNotification' },
        { recipient: input.email, status: 'sent', template: 'orderReceived' },
      ]);
    });

    it('signed in: stores the user with the order; the confirmation is in the customer’s language (Spanish)', async () => {
      // A real referrer's code, typed in lower case (LEDGER-ATTRIBUTION: any letter case; stored upper case).
      const referrer = await server.register({ fullName: 'Rita Referrer' });
      const code: string = ok(await server.graphql('{ viewer { defaultReferralCode { code } } }', {}, referrer.accessToken)).viewer.defaultReferralCode.code;
      const input = order({
        name: 'Uma User',
        email: user.email,
        interest: 'design',
        budget: 'NOT_SURE',
        locale: 'ES',
        company: null,
        referralCode: code.toLowerCase(),
      });
      const { reference } = ok(await server.graphql(CREATE_ORDER, { input }, user.accessToken)).createOrder;
      expect(reference).toMatch(REFERENCE);
      const row = await server.app.database.db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        userId: user.localId,
        email: user.email,
        interest: 'design',
        budget: 'NOT_SURE',
        locale: 'es',
        company: null,
        referralCode: code,
      });
      const mails = await mailsAbout(reference, 2);
      expect(mails.find((m) => recipients(m).includes(user.email))?.subject).toBe(`Hemos recibido tu solicitud ${reference}`);
      const sales = mails.find((m) => recipients(m).includes(SALES_EMAIL));
      expect(sales?.subject).toBe(`New request ${reference} from Uma User`);
      expect(sales?.text).toContain('Interest: Product & UX design (service)');
      expect(sales?.text).toContain('Budget: Not sure yet');
      expect(sales?.text).toContain('Spanish');
      expect(sales?.text).toContain(`Referral code: ${code}`);
    });

    it('refuses invalid input with BAD_USER_INPUT naming the field, storing and mailing nothing', async () => {
      const [ordersBefore, outboxBefore] = [await countRows(server, 'orders'), await countRows(server, 'mailOutbox')];
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ email: 'not-an-email' }, 'email'],
        [{ message: 'Too short' }, 'message'],
        [{ message: '          padded             ' }, 'message'],
        [{ consent: false }, 'consent'],
        [{ interest: 'no-such-product' }, 'interest'],
        [{ name: '   ' }, 'name'],
        [{ referralCode: 'bad code!' }, 'referralCode'],
      ];
      const emails: string[] = [];
      for (const [overrides, field] of cases) {
        const input = order(overrides);
        emails.push(String(input.email));
        const result = await server.graphql(CREATE_ORDER, { input });
        const label = `${JSON.stringify(overrides)}: ${result.text}`;
        expect(result.errors?.[0]?.extensions?.['code'], label).toBe('BAD_USER_INPUT');
        expect(result.errors![0]!.extensions?.['field'], label).toBe(field);
        expect(result.errors![0]!.message, label).toMatch(new RegExp(`^${field}: `));
        expect(result.data ?? null, label).toBeNull();
      }
      expect(await countRows(server, 'orders')).toBe(ordersBefore);
      expect(await countRows(server, 'mailOutbox')).toBe(outboxBefore);
      await server.app.mail.drain();
      expect(smtp.received.filter((m) => recipients(m).some((r) => emails.includes(r)))).toEqual([]);
    });

    it('a filled honeypot (`website`) answers a plausible reference but stores and mails nothing', async () => {
      const [ordersBefore, outboxBefore, receivedBefore] = [await countRows(server, 'orders'), await countRows(server, 'mailOutbox'), smtp.received.length];
      const input = order({ website: 'https://spam.example' });
      const { reference } = ok(await server.graphql(CREATE_ORDER, { input })).createOrder;
      expect(reference).toMatch(REFERENCE);
      expect(
        await server.app.database.db
          .selectFrom('orders')
          .select('id')
          .where((eb) => eb.or([eb('reference', '=', reference), eb('email', '=', input.email)]))
          .execute(),
      ).toEqual([]);
      expect(await countRows(server, 'orders')).toBe(ordersBefore);
      expect(await countRows(server, 'mailOutbox')).toBe(outboxBefore);
      await server.app.mail.drain();
      expect(smtp.received.length).toBe(receivedBefore);
      expect(smtp.received.filter((m) => recipients(m).includes(input.email) || m.subject?.includes(reference))).toEqual([]);
    });

    it('with ORDER_RATE_LIMIT_MAX=2 the third order from one client is TOO_MANY_REQUESTS and not stored', async () => {
      const limited = await startServer(kind, { ORDER_RATE_LIMIT_MAX: '2', MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
      try {
        for (let i = 0; i < 2; i += 1) expect(ok(await limited.graphql(CREATE_ORDER, { input: order() })).createOrder.reference).toMatch(REFERENCE);
        const input = order();
        const third = await limited.graphql(CREATE_ORDER, { input });
        expect(third.errors?.[0]?.extensions?.['code'], third.text).toBe('TOO_MANY_REQUESTS');
        expect(third.errors![0]!.extensions?.['retryAfterSeconds']).toBeGreaterThan(0);
        expect(third.data ?? null).toBeNull();
        expect(await countRows(limited, 'orders')).toBe(2);
        expect(await countRows(limited, 'mailOutbox')).toBe(4);
        expect(await limited.app.database.db.selectFrom('orders').select('id').where('email', '=', input.email).execute()).toEqual([]);
        // Signing in does not lift the limit of the address.
        const signedIn = await member(limited, 'Lim Ited');
        const fourth = await limited.graphql(CREATE_ORDER, { input: order() }, signedIn.accessToken);
        expect(fourth.errors?.[0]?.extensions?.['code'], fourth.text).toBe('TOO_MANY_REQUESTS');
        expect(await countRows(limited, 'orders')).toBe(2);
      } finally {
        await limited.close();
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('sitemap.xml and robots.txt', () => {
    const PREFIXES = { en: '', ru: '/ru', es: '/es' } as const;
    const localized = (path: string) => FILE_LOCALES.map((l) => (path === '/' ? PREFIXES[l] || '/' : `${PREFIXES[l]}${path}`));

    /** The sitemap's entries: loc → { hreflang → href }. */
    async function sitemap() {
      const result = await server.get('/sitemap.xml');
      expect(result.status).toBe(200);
      expect(result.headers.get('content-type')).toMatch(/^application\/xml/);
      expect(result.text).toMatch(/^<\?xml /);
      expect(result.text).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
      const entries = new Map<string, Record<string, string>>();
      for (const [, block] of result.text.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
        const loc = /<loc>([^<]*)<\/loc>/.exec(block!)?.[1];
        expect(loc, block).toBeDefined();
        expect(entries.has(loc!), `${loc} listed twice`).toBe(false);
        const links: Record<string, string> = {};
        for (const link of block!.matchAll(/<xhtml:link\b([^>]*)\/>/g)) {
          const attrs = Object.fromEntries([...link[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
          expect(attrs['rel']).toBe('alternate');
          links[attrs['hreflang']!] = attrs['href']!;
        }
        entries.set(loc!, links);
      }
      return entries;
    }

    it('lists every public page, product and published news item in en/ru/es with hreflang alternates; not drafts', async () => {
      const origin = server.config.publicUrl;
      const draft = ok(await server.graphql(CREATE, { texts: newsTexts('sitemap draft') }, admin.accessToken)).createNewsItem;
      const published: string[] = (await anonymousNews()).edges.map((e: any) => e.node.id);
      expect(published.length).toBeGreaterThanOrEqual(10);
      expect(published).not.toContain(draft.id);

      const paths = [...PUBLIC_PATHS, ...PRODUCTS.map((p) => `/products/${p.slug}`)];
      const entries = await sitemap();
      const expected = new Map<string, Record<string, string>>();
      const add = ([en, ru, es]: string[]) => {
        const links = { en: en!, ru: ru!, es: es!, 'x-default': en! };
        for (const loc of [en!, ru!, es!]) expected.set(loc, links);
      };
      for (const path of paths) add(localized(path).map((p) => `${origin}${p}`));
      // A news item is listed at each language's own slug, its alternates too (SITE-NEWS).
      for (const id of published) {
        const slugs = ok(await server.graphql(SLUGS, { id })).newsItem;
        add([`${origin}/news/${slugs.en}`, `${origin}/ru/news/${slugs.ru}`, `${origin}/es/news/${slugs.es}`]);
      }
      expect([...entries.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [loc, links] of expected) expect(entries.get(loc), loc).toEqual(links);
      expect(entries.has(`${origin}/news/${draft.id}`)).toBe(false);
      expect([...entries.keys()].filter((loc) => loc.includes(draft.id))).toEqual([]);
      for (const slug of ['voice-match', 'ai-assistant']) {
        expect(entries.has(`${origin}/ru/products/${slug}`)).toBe(true);
        expect(entries.has(`${origin}/es/products/${slug}`)).toBe(true);
      }
      expect(entries.has(`${origin}/`)).toBe(true);
      expect(entries.has(`${origin}/ru`)).toBe(true);

      // Published, it is listed at once; deleted, it is gone.
      ok(await server.graphql(PUBLISH, { id: draft.id }, admin.accessToken));
      const afterPublish = await sitemap();
      const slugs = ok(await server.graphql(SLUGS, { id: draft.id })).newsItem;
      for (const p of [`/news/${slugs.en}`, `/ru/news/${slugs.ru}`, `/es/news/${slugs.es}`]) expect(afterPublish.has(`${origin}${p}`), p).toBe(true);
      ok(await server.graphql(DELETE, { id: draft.id }, admin.accessToken));
      expect([...(await sitemap()).keys()].filter((loc) => loc.includes(draft.id) || loc.endsWith(`/${slugs.en}`))).toEqual([]);
    });

    it('robots.txt names the sitemap and keeps crawlers out of /api/', async () => {
      const result = await server.get('/robots.txt');
      expect(result.status).toBe(200);
      expect(result.headers.get('content-type')).toMatch(/^text\/plain/);
      const lines = result.text.split('\n');
      expect(lines).toContain(`Sitemap: ${server.config.publicUrl}/sitemap.xml`);
      expect(lines).toContain('Disallow: /api/');
      expect(lines).toContain('User-agent: *');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('seeding', () => {
    let seeded: TestServer;
    let boss: Member;

    beforeAll(async () => {
      seeded = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
      boss = await member(seeded, 'Sam Seed', 'ADMIN');
    });
    afterAll(async () => {
      await seeded?.close();
    });

    const counts = async (s: TestServer) => ({
      products: await countRows(s, 'products'),
      productTranslations: await countRows(s, 'productTranslations'),
      newsItems: await countRows(s, 'newsItems'),
      newsTranslations: await countRows(s, 'newsTranslations'),
      contentSeeds: await countRows(s, 'contentSeeds'),
    });

    it('seeds every product and news item once; seeding again adds nothing', async () => {
      expect(await counts(seeded)).toEqual({
        products: PRODUCTS.length,
        productTranslations: PRODUCTS.length * 3,
        newsItems: NEWS.length,
        newsTranslations: NEWS.length * 3,
        contentSeeds: PRODUCTS.length + NEWS.length,
      });
      const keys = (await seeded.app.database.db.selectFrom('contentSeeds').select('key').execute()).map((r) => r.key).sort();
      expect(keys).toEqual([...PRODUCTS.map((p) => `product:${p.slug}`), ...NEWS.map((n) => `news:${n.key}`)].sort());
      const before = await contentSnapshot(seeded);
      expect(await seedDatabase(seeded.app.database.db, seeded.config.contentDir)).toEqual({ products: 0, news: 0 });
      expect(await contentSnapshot(seeded)).toEqual(before);
    });

    it('a seeded news item an admin deleted, and a product text an admin changed, stay so after seeding again and a restart', async () => {
      const newest = ok(await seeded.graphql(NEWS_PAGE, { first: 1 })).news.edges[0].node;
      expect(newest.title).toBe(NEWS[0]!.locales.en.title);
      ok(await seeded.graphql(DELETE, { id: newest.id }, boss.accessToken));
      const product = ok(await seeded.graphql(PRODUCT, { slug: 'dom' })).product;
      const tagline = 'Changed by an administrator';
      ok(await seeded.graphql(UPDATE_PRODUCT, { id: product.id, texts: { locale: 'EN', tagline } }, boss.accessToken));

      const check = async (s: TestServer) => {
        const news = ok(await s.graphql(NEWS_PAGE, { first: 50 })).news;
        expect(news.totalCount).toBe(9);
        expect(news.edges.map((e: any) => e.node.title)).toEqual(NEWS.slice(1).map((n) => n.locales.en.title));
        const titles = await s.app.database.db.selectFrom('newsTranslations').select('title').where('title', '=', NEWS[0]!.locales.en.title).execute();
        expect(titles).toEqual([]);
        expect(ok(await s.graphql(PRODUCT, { slug: 'dom' })).product.taglineEn).toBe(tagline);
        expect(await counts(s)).toEqual({
          products: PRODUCTS.length,
          productTranslations: PRODUCTS.length * 3,
          newsItems: NEWS.length - 1,
          newsTranslations: (NEWS.length - 1) * 3,
          contentSeeds: PRODUCTS.length + NEWS.length,
        });
      };
      expect(await seedDatabase(seeded.app.database.db, seeded.config.contentDir)).toEqual({ products: 0, news: 0 });
      await check(seeded);
      // A second process on the same database seeds on start (buildApp) — the item stays deleted.
      const restarted = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' }, { shareDataWith: seeded });
      try {
        await check(restarted);
      } finally {
        await restarted.close();
      }
    });
  });
});
