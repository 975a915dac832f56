/**
 * The audit log (ADMIN-AUDIT) on SQLite and PostgreSQL: each administrator's action on news,
 * products and users writes exactly one entry — actor, action, target, the changed fields before
 * and after, never secrets — in the same transaction as the change; a refused change (version
 * conflict, missing translation, forbidden, own admin role) writes none; `auditLog` pages newest
 * first with its filters and search, resolves the actor (null once deleted) and is for
 * administrators only; the database itself refuses UPDATE and DELETE of an entry.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import { type Member, auditCount, auditRows, expectCode, member, newsTexts, productTexts } from './admin-helpers.js';
import { describeEachDb, ok, startServer, type TestServer } from './harness.js';

const CREATE = 'mutation ($texts: [NewsItemTextsInput!]!) { createNewsItem(texts: $texts) { id version } }';
const UPDATE = 'mutation ($id: ID!, $texts: [NewsItemTextsInput!], $version: Int) { updateNewsItem(id: $id, texts: $texts, version: $version) { id version } }';
const PUBLISH =
  'mutation ($id: ID!, $published: Boolean, $version: Int) { publishNewsItem(id: $id, published: $published, version: $version) { version published } }';
const DELETE = 'mutation ($id: ID!) { deleteNewsItem(id: $id) { id } }';
const UPDATE_TEXTS =
  'mutation ($id: ID!, $texts: ProductTextsInput!, $version: Int) { updateProductTexts(id: $id, texts: $texts, version: $version) { version } }';
const UPDATE_PRODUCT =
  'mutation ($id: ID!, $texts: [ProductTextsInput!]!, $version: Int!) { updateProduct(id: $id, texts: $texts, version: $version) { version } }';
const UPDATE_USER =
  'mutation ($id: ID!, $role: UserRoles, $type: UserTypes, $fullName: String, $bio: String, $isVerified: Boolean) { updateUser(id: $id, role: $role, type: $type, fullName: $fullName, bio: $bio, isVerified: $isVerified) { id } }';
const DELETE_USER = 'mutation ($id: ID!) { deleteUser(id: $id) { id } }';
const END = 'mutation ($id: ID!) { endUserSessions(id: $id) { endedCount } }';
const AUDIT_LOG = `query ($first: Int, $after: String, $targetId: ID, $actorId: ID, $search: String) {
  auditLog(first: $first, after: $after, targetId: $targetId, actorId: $actorId, search: $search) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { id actor { id } actorEmail action targetType targetId targetLabel before after created } }
  }
}`;

const localOf = (id: string) => Buffer.from(id, 'base64url').toString('utf8').split(':')[1]!;

describeEachDb('audit log on %s', (kind) => {
  let server: TestServer;
  let admin: Member;
  let user: Member;
  const db = () => server.app.database.db;

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
    admin = await member(server, 'Ada Admin', 'ADMIN');
    user = await member(server, 'Uma User');
  });
  afterAll(() => server?.close());

  const asAdmin = (query: string, variables: Record<string, unknown>) => server.graphql(query, variables, admin.accessToken);
  /** Runs `action` and answers the audit entries it added (all of them, whatever their target). */
  async function added(action: () => Promise<unknown>) {
    const before = await auditCount(server);
    await action();
    const rows = await db()
      .selectFrom('auditLog')
      .selectAll()
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(Math.max(0, (await auditCount(server)) - before))
      .execute();
    return rows.map((row) => ({ ...row, before: row.before && JSON.parse(row.before), after: row.after && JSON.parse(row.after) }));
  }
  const actorOf = () => ({ actorId: admin.localId, actorEmail: admin.email });

  describe('each action writes exactly one entry', () => {
    it('news: create, update, publish, unpublish, delete', async () => {
      let id = '';
      const created = await added(async () => (id = ok(await asAdmin(CREATE, { texts: newsTexts('Audited') })).createNewsItem.id));
      expect(created).toHaveLength(1);
      expect(created[0]).toMatchObject({
        ...actorOf(),
        action: 'news.create',
        targetType: 'NewsItem',
        targetId: localOf(id),
        targetLabel: 'Audited EN title',
        before: null,
      });
      expect(created[0]!.after).toMatchObject({
        en: { title: 'Audited EN title', body: ['Audited EN body'] },
        ru: { title: 'Audited RU title' },
        productSlug: null,
      });

      const updated = await added(async () => ok(await asAdmin(UPDATE, { id, texts: [newsTexts('Changed')[1]], version: 1 })));
      expect(updated).toHaveLength(1);
      expect(updated[0]).toMatchObject({ action: 'news.update', targetLabel: 'Audited EN title' });
      // Only the changed language, before and after.
      expect(updated[0]!.before).toEqual({ ru: { title: 'Audited RU title', summary: 'Audited RU summary', body: ['Audited RU body'] } });
      expect(updated[0]!.after).toEqual({ ru: { title: 'Changed RU title', summary: 'Changed RU summary', body: ['Changed RU body'] } });

      const published = await added(async () => ok(await asAdmin(PUBLISH, { id, version: 2 })));
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({ action: 'news.publish', before: { publishedAt: null } });
      expect(published[0]!.after.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      const unpublished = await added(async () => ok(await asAdmin(PUBLISH, { id, published: false })));
      expect(unpublished).toHaveLength(1);
      expect(unpublished[0]).toMatchObject({
        action: 'news.unpublish',
        before: { publishedAt: published[0]!.after.publishedAt },
        after: { publishedAt: null },
      });

      const deleted = await added(async () => ok(await asAdmin(DELETE, { id })));
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ ...actorOf(), action: 'news.delete', targetId: localOf(id), after: null });
      expect(deleted[0]!.before).toMatchObject({ en: { title: 'Audited EN title' }, ru: { title: 'Changed RU title' }, publishedAt: null });
      expect(await auditRows(server, localOf(id))).toHaveLength(5);
    });

    it('products: updateProductTexts and updateProduct, with only the changed language', async () => {
      const product = await db().selectFrom('products').selectAll().where('slug', '=', 'aura').executeTakeFirstOrThrow();
      const id = globalId('Product', product.id);
      const oldEs = await db()
        .selectFrom('productTranslations')
        .select('tagline')
        .where('productId', '=', product.id)
        .where('locale', '=', 'es')
        .executeTakeFirstOrThrow();
      const one = await added(async () => ok(await asAdmin(UPDATE_TEXTS, { id, texts: { locale: 'ES', tagline: 'Nuevo lema' }, version: product.version })));
      expect(one).toHaveLength(1);
      expect(one[0]).toMatchObject({ ...actorOf(), action: 'product.update', targetType: 'Product', targetId: product.id, targetLabel: 'aura' });
      expect(Object.keys(one[0]!.before)).toEqual(['es']);
      expect(one[0]!.before.es.tagline).toBe(oldEs.tagline);
      expect(one[0]!.after.es.tagline).toBe('Nuevo lema');

      const all = await added(async () => ok(await asAdmin(UPDATE_PRODUCT, { id, texts: productTexts('Aura'), version: product.version + 1 })));
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ action: 'product.update', targetId: product.id });
      expect(all[0]!.after).toEqual({
        en: { name: 'Aura EN', tagline: 'Aura EN tagline', description: ['Aura EN paragraph'], features: ['Aura feature'] },
        ru: { name: 'Aura RU', tagline: 'Aura RU tagline', description: ['Aura RU paragraph'], features: ['Aura feature'] },
        es: { name: 'Aura ES', tagline: 'Aura ES tagline', description: ['Aura ES paragraph'], features: ['Aura feature'] },
      });
    });

    it('users: update (changed fields only, no secrets), own admin-only fields, delete, end sessions', async () => {
      const target = await member(server, 'Tess Target');
      const changed = await added(async () => ok(await asAdmin(UPDATE_USER, { id: target.id, role: 'ADMIN', fullName: 'Tess Renamed', type: 'CLIENT' })));
      expect(changed).toHaveLength(1);
      expect(changed[0]).toMatchObject({ ...actorOf(), action: 'user.update', targetType: 'User', targetId: target.localId, targetLabel: target.email });
      // type was CLIENT already: not a change.
      expect(changed[0]!.before).toEqual({ role: 'USER', fullName: 'Tess Target' });
      expect(changed[0]!.after).toEqual({ role: 'ADMIN', fullName: 'Tess Renamed' });
      expect(JSON.stringify(changed)).not.toMatch(/password|hash|code/i);

      const ownAdminField = await added(async () => ok(await asAdmin(UPDATE_USER, { id: admin.id, type: 'PARTNER' })));
      expect(ownAdminField).toHaveLength(1);
      expect(ownAdminField[0]).toMatchObject({ action: 'user.update', targetId: admin.localId, before: { type: 'CLIENT' }, after: { type: 'PARTNER' } });
      // An administrator's own profile and a user's own profile are not admin actions.
      expect(await added(async () => ok(await asAdmin(UPDATE_USER, { id: admin.id, bio: 'Admin bio' })))).toHaveLength(0);
      expect(await added(async () => ok(await server.graphql(UPDATE_USER, { id: user.id, fullName: 'Uma Renamed' }, user.accessToken)))).toHaveLength(0);

      const ended = await added(async () => ok(await asAdmin(END, { id: target.id })));
      expect(ended).toHaveLength(1);
      expect(ended[0]).toMatchObject({
        action: 'user.endSessions',
        targetId: target.localId,
        before: { activeSessionCount: 1 },
        after: { activeSessionCount: 0 },
      });

      const deleted = await added(async () => ok(await asAdmin(DELETE_USER, { id: target.id })));
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ action: 'user.delete', targetId: target.localId, targetLabel: target.email, after: null });
      expect(deleted[0]!.before).toMatchObject({ email: target.email, role: 'ADMIN', fullName: 'Tess Renamed' });
      expect(Object.keys(deleted[0]!.before)).not.toContain('passwordHash');
      expect(await auditRows(server, target.localId)).toHaveLength(3);
    });
  });

  describe('a refused change writes no entry', () => {
    it('version conflict, missing translation, forbidden, own admin role, bad input', async () => {
      const item = ok(await asAdmin(CREATE, { texts: newsTexts('Refused') })).createNewsItem;
      ok(await asAdmin(UPDATE, { id: item.id, texts: [newsTexts('First')[0]], version: 1 }));
      const product = await db().selectFrom('products').selectAll().where('slug', '=', 'affi').executeTakeFirstOrThrow();
      const productId = globalId('Product', product.id);
      await db().deleteFrom('newsTranslations').where('newsItemId', '=', localOf(item.id)).where('locale', '=', 'es').execute();
      const refusals: Array<[string, () => Promise<unknown>]> = [
        ['stale update', async () => expectCode(await asAdmin(UPDATE, { id: item.id, texts: [newsTexts('Second')[0]], version: 1 }), 'VERSION_CONFLICT')],
        ['stale publish', async () => expectCode(await asAdmin(PUBLISH, { id: item.id, version: 1 }), 'VERSION_CONFLICT')],
        ['publish without Spanish', async () => expectCode(await asAdmin(PUBLISH, { id: item.id, version: 2 }), 'TRANSLATION_MISSING')],
        [
          'stale product texts',
          async () =>
            expectCode(await asAdmin(UPDATE_TEXTS, { id: productId, texts: { locale: 'EN', name: 'X' }, version: product.version + 5 }), 'VERSION_CONFLICT'),
        ],
        [
          'stale product',
          async () => expectCode(await asAdmin(UPDATE_PRODUCT, { id: productId, texts: productTexts('X'), version: product.version + 5 }), 'VERSION_CONFLICT'),
        ],
        [
          'incomplete product',
          async () =>
            expectCode(await asAdmin(UPDATE_PRODUCT, { id: productId, texts: productTexts('X').slice(1), version: product.version }), 'TRANSLATION_MISSING'),
        ],
        ['user creates news', async () => expectCode(await server.graphql(CREATE, { texts: newsTexts('Nope') }, user.accessToken), 'FORBIDDEN')],
        ['user ends sessions', async () => expectCode(await server.graphql(END, { id: admin.id }, user.accessToken), 'FORBIDDEN')],
        ['user changes a role', async () => expectCode(await server.graphql(UPDATE_USER, { id: admin.id, role: 'USER' }, user.accessToken), 'FORBIDDEN')],
        ['own admin role', async () => expectCode(await asAdmin(UPDATE_USER, { id: admin.id, role: 'USER' }), 'OWN_ADMIN_ROLE')],
        ['bad name', async () => expectCode(await asAdmin(UPDATE_USER, { id: user.id, fullName: '' }), 'BAD_USER_INPUT')],
      ];
      for (const [name, refuse] of refusals) expect(await added(refuse), name).toHaveLength(0);
    });
  });

  describe('auditLog', () => {
    let other: Member;
    let itemId = '';
    beforeAll(async () => {
      other = await member(server, 'Olga Other', 'ADMIN');
      itemId = ok(await server.graphql(CREATE, { texts: newsTexts('Olga item') }, other.accessToken)).createNewsItem.id;
      ok(await server.graphql(PUBLISH, { id: itemId }, other.accessToken));
    });

    it('reads the entries newest first with global ids, the actor and the JSON texts', async () => {
      const log = ok(await asAdmin(AUDIT_LOG, { targetId: itemId })).auditLog;
      expect(log.totalCount).toBe(2);
      const [publish, create] = log.edges.map((e: any) => e.node);
      expect(publish).toMatchObject({
        actor: { id: other.id },
        actorEmail: other.email,
        action: 'news.publish',
        targetType: 'NewsItem',
        targetId: itemId,
        targetLabel: 'Olga item EN title',
      });
      expect(JSON.parse(publish.before)).toEqual({ publishedAt: null });
      expect(create).toMatchObject({ action: 'news.create', before: null });
      expect(JSON.parse(create.after).en.title).toBe('Olga item EN title');
      expect(publish.created >= create.created).toBe(true);
    });

    it('filters by actor, searches action, label and e-mail, and pages', async () => {
      const byOther = ok(await asAdmin(AUDIT_LOG, { actorId: other.id })).auditLog;
      expect(byOther.edges.map((e: any) => e.node.action)).toEqual(['news.publish', 'news.create']);
      const search = async (text: string) => ok(await asAdmin(AUDIT_LOG, { search: text, first: 50 })).auditLog.edges.map((e: any) => e.node);
      expect((await search('OLGA ITEM')).map((n: any) => n.action)).toEqual(['news.publish', 'news.create']);
      expect((await search(other.email.toUpperCase())).every((n: any) => n.actorEmail === other.email)).toBe(true);
      expect((await search('user.endsessions')).map((n: any) => n.action)).toEqual(['user.endSessions']);
      expect(await search('news_')).toEqual([]); // "_" is text, not a wildcard
      const first = ok(await asAdmin(AUDIT_LOG, { first: 3 })).auditLog;
      expect(first.pageInfo.hasNextPage).toBe(true);
      const next = ok(await asAdmin(AUDIT_LOG, { first: 3, after: first.pageInfo.endCursor })).auditLog;
      const ids = [...first.edges, ...next.edges].map((e: any) => e.node.id);
      expect(new Set(ids).size).toBe(6);
      expect(next.totalCount).toBe(first.totalCount);
    });

    it('keeps the actor e-mail and answers actor null once the administrator is deleted', async () => {
      const gone = await member(server, 'Gil Gone', 'ADMIN');
      const id = ok(await server.graphql(CREATE, { texts: newsTexts('Gil item') }, gone.accessToken)).createNewsItem.id;
      ok(await asAdmin(DELETE_USER, { id: gone.id }));
      const [entry] = ok(await asAdmin(AUDIT_LOG, { targetId: id })).auditLog.edges.map((e: any) => e.node);
      expect(entry).toMatchObject({ actor: null, actorEmail: gone.email, action: 'news.create' });
    });

    it('is append-only in the database: UPDATE and DELETE are refused', async () => {
      const [row] = await db().selectFrom('auditLog').select(['id', 'action']).where('targetId', '=', localOf(itemId)).execute();
      expect(row).toBeDefined();
      await expect(db().updateTable('auditLog').set({ action: 'news.forged' }).where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
      await expect(db().deleteFrom('auditLog').where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log`.execute(db())).rejects.toThrow(/append-only/);
      expect(await db().selectFrom('auditLog').select('action').where('id', '=', row!.id).executeTakeFirst()).toEqual({ action: row!.action });
    });

    it('is for administrators only; bad filters are bad input', async () => {
      expectCode(await server.graphql(AUDIT_LOG, {}, user.accessToken), 'FORBIDDEN');
      const anonymous = await server.graphql(AUDIT_LOG, {});
      expect(anonymous.errors?.[0]?.extensions?.['code'], anonymous.text).toBe('UNAUTHENTICATED');
      expectCode(await asAdmin(AUDIT_LOG, { actorId: itemId }), 'BAD_USER_INPUT', 'actorId');
      expectCode(await asAdmin(AUDIT_LOG, { targetId: 'not an id' }), 'BAD_USER_INPUT', 'targetId');
      expectCode(await asAdmin(AUDIT_LOG, { search: 'x'.repeat(201) }), 'BAD_USER_INPUT', 'search');
    });
  });
});
