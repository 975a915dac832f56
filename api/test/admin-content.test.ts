/**
 * Optimistic concurrency of the content editors (ADMIN-CONCURRENCY) on SQLite and PostgreSQL:
 * every change of a news item or of a product's texts adds one to `version`; the second of two
 * saves made with the same `version` is refused with VERSION_CONFLICT and stores nothing (news
 * update, publish, delete; updateProductTexts; updateProduct); publishing refuses an item with a
 * missing or empty language (TRANSLATION_MISSING naming it); updateProduct needs all three.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VERSION_CONFLICT_MESSAGE } from '../src/modules/content/editing.js';
import { globalId } from '../src/platform/graphql/ids.js';
import { type Member, expectCode, member, newsTexts, productTexts } from './admin-helpers.js';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';

const ITEM = 'id version updated isPublished title(locale: EN) body(locale: RU)';
const CREATE = `mutation ($texts: [NewsItemTextsInput!]!) { createNewsItem(texts: $texts) { ${ITEM} } }`;
const UPDATE = `mutation ($id: ID!, $texts: [NewsItemTextsInput!], $version: Int) { updateNewsItem(id: $id, texts: $texts, version: $version) { ${ITEM} } }`;
const PUBLISH = `mutation ($id: ID!, $published: Boolean, $version: Int) { publishNewsItem(id: $id, published: $published, version: $version) { ${ITEM} } }`;
const DELETE = 'mutation ($id: ID!, $version: Int) { deleteNewsItem(id: $id, version: $version) { id } }';
const PRODUCT = 'id version name(locale: EN) tagline(locale: ES) description(locale: RU) features(locale: EN)';
const UPDATE_TEXTS = `mutation ($id: ID!, $texts: ProductTextsInput!, $version: Int) { updateProductTexts(id: $id, texts: $texts, version: $version) { ${PRODUCT} } }`;
const UPDATE_PRODUCT = `mutation ($id: ID!, $texts: [ProductTextsInput!]!, $version: Int!) { updateProduct(id: $id, texts: $texts, version: $version) { ${PRODUCT} } }`;

describeEachDb('content editors: versions on %s', (kind) => {
  let server: TestServer;
  let admin: Member;
  const db = () => server.app.database.db;

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
    admin = await member(server, 'Ada Admin', 'ADMIN');
  });
  afterAll(() => server?.close());

  const gql = (query: string, variables: Record<string, unknown>) => server.graphql(query, variables, admin.accessToken);
  const create = async (tag: string) => ok(await gql(CREATE, { texts: newsTexts(tag) })).createNewsItem;
  const localId = (id: string) => Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;
  const storedItem = (id: string) => db().selectFrom('newsItems').selectAll().where('id', '=', localId(id)).executeTakeFirst();
  const storedTexts = (id: string) => db().selectFrom('newsTranslations').selectAll().where('newsItemId', '=', localId(id)).orderBy('locale').execute();

  function expectConflict(result: Parameters<typeof expectCode>[0]) {
    const error = expectCode(result, 'VERSION_CONFLICT', 'version');
    expect(error.message).toBe(VERSION_CONFLICT_MESSAGE);
  }

  it('a new item is version 1; each update and publish adds one and moves `updated`', async () => {
    const item = await create('bump');
    expect(item.version).toBe(1);
    const updated = ok(await gql(UPDATE, { id: item.id, texts: [newsTexts('bumped')[0]], version: 1 })).updateNewsItem;
    expect(updated).toMatchObject({ version: 2, title: 'bumped EN title' });
    expect(updated.updated >= item.updated).toBe(true);
    const published = ok(await gql(PUBLISH, { id: item.id, version: 2 })).publishNewsItem;
    expect(published).toMatchObject({ version: 3, isPublished: true });
    const drafted = ok(await gql(PUBLISH, { id: item.id, published: false })).publishNewsItem;
    expect(drafted).toMatchObject({ version: 4, isPublished: false });
    expect((await storedItem(item.id))?.version).toBe(4);
  });

  it('updateNewsItem: the second of two saves with the same version is refused and stores nothing', async () => {
    const item = await create('race');
    ok(await gql(UPDATE, { id: item.id, texts: [newsTexts('first')[0]], version: 1 }));
    const textsBefore = await storedTexts(item.id);
    const itemBefore = await storedItem(item.id);
    expectConflict(await gql(UPDATE, { id: item.id, texts: [newsTexts('second')[0]], version: 1 }));
    expect(await storedTexts(item.id)).toEqual(textsBefore);
    expect(await storedItem(item.id)).toEqual(itemBefore);
  });

  it('two concurrent saves with the same version: exactly one wins', async () => {
    const item = await create('concurrent');
    const results = await Promise.all(['one', 'two', 'three'].map((tag) => gql(UPDATE, { id: item.id, texts: [newsTexts(tag)[0]], version: 1 })));
    const won = results.filter((r) => !r.errors);
    expect(won, results.map((r) => r.text).join('\n')).toHaveLength(1);
    for (const lost of results.filter((r) => r.errors)) expectConflict(lost);
    const stored = await storedItem(item.id);
    expect(stored?.version).toBe(2);
    expect((await storedTexts(item.id)).find((t) => t.locale === 'en')?.title).toBe(won[0]!.data.updateNewsItem.title);
  });

  it('publishNewsItem and deleteNewsItem with a stale version are refused and change nothing', async () => {
    const item = await create('stale');
    ok(await gql(UPDATE, { id: item.id, texts: [newsTexts('moved')[1]], version: 1 }));
    expectConflict(await gql(PUBLISH, { id: item.id, version: 1 }));
    expect(await storedItem(item.id)).toMatchObject({ publishedAt: null, version: 2 });
    expectConflict(await gql(DELETE, { id: item.id, version: 1 }));
    expect(await storedItem(item.id)).toMatchObject({ version: 2 });
    expect(await storedTexts(item.id)).toHaveLength(3);
    expect(ok(await gql(DELETE, { id: item.id, version: 2 })).deleteNewsItem.id).toBe(item.id);
    expect(await storedItem(item.id)).toBeUndefined();
  });

  it('publishing refuses a missing language and an empty one, naming it; nothing is stored', async () => {
    const missing = await create('missing');
    await db().deleteFrom('newsTranslations').where('newsItemId', '=', localId(missing.id)).where('locale', '=', 'ru').execute();
    const refused = expectCode(await gql(PUBLISH, { id: missing.id, version: 1 }), 'TRANSLATION_MISSING', 'texts.ru');
    expect(refused.message).toContain('Russian');
    expect(await storedItem(missing.id)).toMatchObject({ publishedAt: null, version: 1 });

    const empty = await create('empty');
    await db().updateTable('newsTranslations').set({ body: '[]' }).where('newsItemId', '=', localId(empty.id)).where('locale', '=', 'es').execute();
    expect(expectCode(await gql(PUBLISH, { id: empty.id }), 'TRANSLATION_MISSING', 'texts.es').message).toContain('Spanish');
    await db()
      .updateTable('newsTranslations')
      .set({ body: '["ok"]', title: '  ' })
      .where('newsItemId', '=', localId(empty.id))
      .where('locale', '=', 'es')
      .execute();
    expectCode(await gql(PUBLISH, { id: empty.id }), 'TRANSLATION_MISSING', 'texts.es');
    expect(await storedItem(empty.id)).toMatchObject({ publishedAt: null, version: 1 });
    // Taking a draft back to draft needs no complete texts.
    expect(ok(await gql(PUBLISH, { id: missing.id, published: false })).publishNewsItem.version).toBe(2);
  });

  it('updateProductTexts: bumps the version; a stale one is refused and nothing stored', async () => {
    const product = ok(await server.graphql(`{ product(slug: "aura") { ${PRODUCT} } }`)).product;
    const first = ok(await gql(UPDATE_TEXTS, { id: product.id, texts: { locale: 'ES', tagline: 'Primera' }, version: product.version })).updateProductTexts;
    expect(first).toMatchObject({ version: product.version + 1, tagline: 'Primera' });
    expectConflict(await gql(UPDATE_TEXTS, { id: product.id, texts: { locale: 'ES', tagline: 'Segunda' }, version: product.version }));
    const stored = await db()
      .selectFrom('productTranslations')
      .select('tagline')
      .where('productId', '=', localId(product.id))
      .where('locale', '=', 'es')
      .executeTakeFirstOrThrow();
    expect(stored.tagline).toBe('Primera');
    expect((await db().selectFrom('products').select('version').where('slug', '=', 'aura').executeTakeFirstOrThrow()).version).toBe(product.version + 1);
    // Without a version the change applies (and still bumps).
    expect(ok(await gql(UPDATE_TEXTS, { id: product.id, texts: { locale: 'ES', tagline: 'Tercera' } })).updateProductTexts.version).toBe(product.version + 2);
  });

  it('updateProduct replaces all three languages at once with the version check', async () => {
    const product = ok(await server.graphql(`{ product(slug: "affi") { ${PRODUCT} } }`)).product;
    const saved = ok(await gql(UPDATE_PRODUCT, { id: product.id, texts: productTexts('Whole'), version: product.version })).updateProduct;
    expect(saved).toEqual({
      id: product.id,
      version: product.version + 1,
      name: 'Whole EN',
      tagline: 'Whole ES tagline',
      description: ['Whole RU paragraph'],
      features: ['Whole feature'],
    });
    expectConflict(await gql(UPDATE_PRODUCT, { id: product.id, texts: productTexts('Late'), version: product.version }));
    const names = await db()
      .selectFrom('productTranslations')
      .select(['locale', 'name'])
      .where('productId', '=', localId(product.id))
      .orderBy('locale')
      .execute();
    expect(names).toEqual([
      { locale: 'en', name: 'Whole EN' },
      { locale: 'es', name: 'Whole ES' },
      { locale: 'ru', name: 'Whole RU' },
    ]);
  });

  it('updateProduct requires every language complete (TRANSLATION_MISSING naming the first) and stores nothing', async () => {
    const product = ok(await server.graphql(`{ product(slug: "ai-assistant") { ${PRODUCT} } }`)).product;
    const texts = productTexts('Part');
    const missingRu = expectCode(
      await gql(UPDATE_PRODUCT, { id: product.id, texts: [texts[0], texts[2]], version: product.version }),
      'TRANSLATION_MISSING',
      'texts.ru',
    );
    expect(missingRu.message).toContain('Russian');
    const noTagline = texts.map((t) => (t.locale === 'ES' ? { ...t, tagline: undefined } : t));
    expectCode(await gql(UPDATE_PRODUCT, { id: product.id, texts: noTagline, version: product.version }), 'TRANSLATION_MISSING', 'texts.es');
    const noDescription = texts.map((t) => (t.locale === 'EN' ? { ...t, description: undefined } : t));
    expectCode(await gql(UPDATE_PRODUCT, { id: product.id, texts: noDescription, version: product.version }), 'TRANSLATION_MISSING', 'texts.en');
    // An empty list breaks the field rules of ProductTextsInput (1–10 paragraphs) before that.
    const emptyDescription = texts.map((t) => (t.locale === 'EN' ? { ...t, description: [] } : t));
    expectCode(await gql(UPDATE_PRODUCT, { id: product.id, texts: emptyDescription, version: product.version }), 'BAD_USER_INPUT', 'texts.0.description');
    const after = ok(await server.graphql(`{ product(slug: "ai-assistant") { ${PRODUCT} } }`)).product;
    expect(after).toEqual(product);
    // Features may be empty.
    const noFeatures = texts.map((t) => ({ ...t, features: [] }));
    expect(ok(await gql(UPDATE_PRODUCT, { id: product.id, texts: noFeatures, version: product.version })).updateProduct.features).toEqual([]);
  });

  it('an unknown item or product answers BAD_USER_INPUT on id, not a conflict', async () => {
    expectCode(await gql(UPDATE, { id: globalId('NewsItem', 'nope'), texts: [], version: 1 }), 'BAD_USER_INPUT', 'id');
    expectCode(await gql(UPDATE_PRODUCT, { id: globalId('Product', 'nope'), texts: productTexts('x'), version: 1 }), 'BAD_USER_INPUT', 'id');
  });
});
