/**
 * The back-office access matrix (ACC-POLICY, ADMIN-AREA, ADMIN-USERS, ADMIN-AUDIT,
 * REQ-CLIENT-AREA, REQ-MESSAGES) over real HTTP on SQLite and PostgreSQL: every administrator-only
 * query, field and mutation of schema 1.5.0 — and the private fields of a user and a request —
 * called by four callers: anonymous, a user (the owner / the request's client), another user, and
 * an administrator. Each row says what each caller gets: UNAUTHENTICATED, `Forbidden resource`,
 * null (a request the caller may not see), or the answer. A refused call writes no audit entry.
 * Callers run in that order, so the administrator's (changing) call comes last in each row.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { globalId, type NodeType } from '../src/platform/graphql/ids.js';
import { type Member, auditCount, member, newsTexts, productTexts } from './admin-helpers.js';
import { describeEachDb, type GraphQLResult, ok, startServer, type TestServer } from './harness.js';

type Caller = 'anonymous' | 'user' | 'other' | 'admin';
/** UNAUTHENTICATED; FORBIDDEN (`Forbidden resource`, the value null); NULL (no error, the value null); OK (no error, a value). */
type Outcome = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NULL' | 'OK';
const CALLERS: Caller[] = ['anonymous', 'user', 'other', 'admin'];

interface Fixture {
  /** The request of `user` (its client), by reference and global id. */
  reference: string;
  orderId: string;
  productId: string;
  productVersion: number;
}

interface Row {
  name: string;
  /** What each caller gets, in CALLERS order. */
  outcomes: [Outcome, Outcome, Outcome, Outcome];
  /** Makes what the row acts on (fresh per row), and answers the operation's variables. */
  variables: (fx: Fixture) => Promise<Record<string, unknown>> | Record<string, unknown>;
  query: string;
  /** The value checked: null for FORBIDDEN and NULL, present for OK. */
  value: (data: any) => unknown;
  /** The value that must be present for OK, when not `value` (a field that may rightly be null). */
  okValue?: (data: any) => unknown;
}

/** Admin-only everywhere: anonymous callers are asked to sign in, users are refused. */
const ADMIN_ONLY: Row['outcomes'] = ['UNAUTHENTICATED', 'FORBIDDEN', 'FORBIDDEN', 'OK'];
/** Private to the user (or the request's client) and administrators; a private field refuses anonymous callers too. */
const PRIVATE_FIELD: Row['outcomes'] = ['FORBIDDEN', 'OK', 'FORBIDDEN', 'OK'];
/** A field of a request only administrators read: its client gets it refused, others do not see the request. */
const ORDER_ADMIN_FIELD: Row['outcomes'] = ['NULL', 'FORBIDDEN', 'NULL', 'OK'];

describeEachDb('back-office access matrix on %s', (kind) => {
  let server: TestServer;
  let user: Member;
  let other: Member;
  let admin: Member;
  const fx = {} as Fixture;
  const db = () => server.app.database.db;
  const tokenOf = (caller: Caller) => ({ anonymous: undefined, user: user.accessToken, other: other.accessToken, admin: admin.accessToken })[caller];

  async function newsItem(): Promise<string> {
    return ok(await server.graphql('mutation ($t: [NewsItemTextsInput!]!) { createNewsItem(texts: $t) { id } }', { t: newsTexts('Matrix') }, admin.accessToken))
      .createNewsItem.id;
  }

  beforeAll(async () => {
    server = await startServer(kind, { MAIL_TRANSPORT: 'memory', JOBS_POLL_INTERVAL_MS: '600000' });
    [user, other, admin] = await Promise.all([member(server, 'Uma User'), member(server, 'Otto Other'), member(server, 'Ada Admin', 'ADMIN')]);
    const input = {
      name: 'Uma User',
      email: user.email,
      interest: 'design',
      budget: 'NOT_SURE',
      message: 'A request for the matrix.',
      consent: true,
      locale: 'EN',
    };
    fx.reference = ok(
      await server.graphql('mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }', { input }, user.accessToken),
    ).createOrder.reference;
    const order = await db().selectFrom('orders').select('id').where('reference', '=', fx.reference).executeTakeFirstOrThrow();
    fx.orderId = globalId('Order' as NodeType, order.id);
    const product = await db().selectFrom('products').select(['id', 'version']).where('slug', '=', 'aura').executeTakeFirstOrThrow();
    fx.productId = globalId('Product', product.id);
    fx.productVersion = product.version;
  });
  afterAll(() => server?.close());

  const rows: Row[] = [
    // Queries
    {
      name: 'Query.news(includeDrafts: true)',
      outcomes: ADMIN_ONLY,
      query: '{ news(includeDrafts: true) { totalCount } }',
      variables: () => ({}),
      value: (d) => d?.news,
    },
    { name: 'Query.users', outcomes: ADMIN_ONLY, query: '{ users(first: 5) { totalCount } }', variables: () => ({}), value: (d) => d?.users },
    { name: 'Query.auditLog', outcomes: ADMIN_ONLY, query: '{ auditLog(first: 5) { totalCount } }', variables: () => ({}), value: (d) => d?.auditLog },
    { name: 'Query.payouts', outcomes: ADMIN_ONLY, query: '{ payouts(first: 5) { totalCount } }', variables: () => ({}), value: (d) => d?.payouts },
    { name: 'Query.analytics', outcomes: ADMIN_ONLY, query: '{ analytics(days: 7) { views visitors } }', variables: () => ({}), value: (d) => d?.analytics },
    { name: 'Query.orders', outcomes: ADMIN_ONLY, query: '{ orders(first: 5) { totalCount } }', variables: () => ({}), value: (d) => d?.orders },
    {
      name: 'Query.order (its client and administrators)',
      outcomes: ['NULL', 'OK', 'NULL', 'OK'],
      query: 'query ($r: String!) { order(reference: $r) { reference } }',
      variables: (f) => ({ r: f.reference }),
      value: (d) => d?.order,
    },
    // Fields of a request only administrators read
    ...(['lostReason', 'assignee { id }', 'client { id }', 'notes { id }', 'referralCode', 'referrer { id }', 'commission { id }'] as const).map(
      (field): Row => ({
        name: `Order.${field.split(' ')[0]}`,
        outcomes: ORDER_ADMIN_FIELD,
        query: `query ($r: String!) { order(reference: $r) { reference ${field} } }`,
        variables: (f) => ({ r: f.reference }),
        value: (d) => d?.order?.[field.split(' ')[0]!],
        // An administrator gets the request without an error; the field may rightly be null (a NEW request has no lostReason).
        okValue: (d) => d?.order,
      }),
    ),
    // Private fields of a user: the user themselves and administrators
    {
      name: 'User.activeSessionCount',
      outcomes: PRIVATE_FIELD,
      query: 'query ($id: ID!) { user(id: $id) { activeSessionCount } }',
      variables: () => ({ id: user.id }),
      value: (d) => d?.user?.activeSessionCount,
    },
    {
      name: 'User.transactions',
      outcomes: PRIVATE_FIELD,
      query: 'query ($id: ID!) { user(id: $id) { transactions { totalCount } } }',
      variables: () => ({ id: user.id }),
      value: (d) => d?.user?.transactions,
    },
    {
      name: 'User.balances',
      outcomes: PRIVATE_FIELD,
      query: 'query ($id: ID!) { user(id: $id) { balances { currency } } }',
      variables: () => ({ id: user.id }),
      value: (d) => d?.user?.balances,
    },
    {
      name: 'User.orders',
      outcomes: PRIVATE_FIELD,
      query: 'query ($id: ID!) { user(id: $id) { orders { totalCount } } }',
      variables: () => ({ id: user.id }),
      value: (d) => d?.user?.orders,
    },
    // Content mutations
    {
      name: 'createNewsItem',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($t: [NewsItemTextsInput!]!) { createNewsItem(texts: $t) { id } }',
      variables: () => ({ t: newsTexts('Row') }),
      value: (d) => d?.createNewsItem,
    },
    {
      name: 'updateNewsItem',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!, $t: [NewsItemTextsInput!]) { updateNewsItem(id: $id, texts: $t, version: 1) { id } }',
      variables: async () => ({ id: await newsItem(), t: [newsTexts('Row')[0]] }),
      value: (d) => d?.updateNewsItem,
    },
    {
      name: 'publishNewsItem',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!) { publishNewsItem(id: $id, version: 1) { id } }',
      variables: async () => ({ id: await newsItem() }),
      value: (d) => d?.publishNewsItem,
    },
    {
      name: 'deleteNewsItem',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!) { deleteNewsItem(id: $id, version: 1) { id } }',
      variables: async () => ({ id: await newsItem() }),
      value: (d) => d?.deleteNewsItem,
    },
    {
      name: 'updateProductTexts',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!) { updateProductTexts(id: $id, texts: { locale: EN, tagline: "Matrix" }) { version } }',
      variables: (f) => ({ id: f.productId }),
      value: (d) => d?.updateProductTexts,
    },
    {
      name: 'updateProduct',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!, $t: [ProductTextsInput!]!, $v: Int!) { updateProduct(id: $id, texts: $t, version: $v) { version } }',
      variables: async (f) => ({
        id: f.productId,
        t: productTexts('Matrix'),
        v: (await db().selectFrom('products').select('version').where('slug', '=', 'aura').executeTakeFirstOrThrow()).version,
      }),
      value: (d) => d?.updateProduct,
    },
    // Requests workflow (orders/ and resolvers/requests.ts)
    {
      name: 'changeOrderStatus',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!) { changeOrderStatus(input: { id: $id, status: IN_REVIEW, version: 1 }) { order { status } } }',
      variables: (f) => ({ id: f.orderId }),
      value: (d) => d?.changeOrderStatus,
    },
    {
      name: 'assignOrder',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!, $a: ID) { assignOrder(id: $id, assigneeId: $a) { order { reference } } }',
      variables: (f) => ({ id: f.orderId, a: admin.id }),
      value: (d) => d?.assignOrder,
    },
    {
      name: 'addOrderNote',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!) { addOrderNote(id: $id, body: "Internal") { order { reference } } }',
      variables: (f) => ({ id: f.orderId }),
      value: (d) => d?.addOrderNote,
    },
    {
      name: 'sendOrderMessage (its client and administrators)',
      outcomes: ['UNAUTHENTICATED', 'OK', 'FORBIDDEN', 'OK'],
      query: 'mutation ($id: ID!) { sendOrderMessage(id: $id, body: "Hello") { order { reference } } }',
      variables: (f) => ({ id: f.orderId }),
      value: (d) => d?.sendOrderMessage,
    },
    // Referral earnings (LEDGER-ADJUSTMENT)
    {
      name: 'postLedgerAdjustment',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($input: PostLedgerAdjustmentInput!) { postLedgerAdjustment(input: $input) { transaction { id } } }',
      variables: () => ({ input: { userId: other.id, amount: 100, currency: 'USD', reason: 'Matrix', idempotencyKey: `matrix-${Math.random()}` } }),
      value: (d) => d?.postLedgerAdjustment,
    },
    // Users
    {
      name: 'endUserSessions',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!) { endUserSessions(id: $id) { endedCount } }',
      variables: async () => ({ id: (await member(server, 'Vic Victim')).id }),
      value: (d) => d?.endUserSessions,
    },
    ...(['role: USER', 'isVerified: true', 'type: PARTNER'] as const).map((change): Row => ({
      name: `updateUser(${change}) of the user themselves`,
      outcomes: ADMIN_ONLY,
      query: `mutation ($id: ID!) { updateUser(id: $id, ${change}) { id } }`,
      variables: () => ({ id: user.id }),
      value: (d) => d?.updateUser,
    })),
    {
      name: 'deleteUser of someone else',
      outcomes: ADMIN_ONLY,
      query: 'mutation ($id: ID!) { deleteUser(id: $id) { id } }',
      variables: async () => ({ id: (await member(server, 'Del Deleted')).id }),
      value: (d) => d?.deleteUser,
    },
  ];

  function expectOutcome(result: GraphQLResult, outcome: Outcome, value: unknown, label: string) {
    const code = result.errors?.[0]?.extensions?.['code'];
    switch (outcome) {
      case 'UNAUTHENTICATED':
        expect(code, label).toBe('UNAUTHENTICATED');
        expect(value ?? null, label).toBeNull();
        break;
      case 'FORBIDDEN':
        expect(result.errors, label).toHaveLength(1);
        expect(result.errors![0], label).toMatchObject({ message: 'Forbidden resource', extensions: { code: 'FORBIDDEN' } });
        expect(value ?? null, label).toBeNull();
        break;
      case 'NULL':
        expect(result.errors, label).toBeUndefined();
        expect(value ?? null, label).toBeNull();
        break;
      case 'OK':
        expect(result.errors, label).toBeUndefined();
        expect(value ?? null, label).not.toBeNull();
        break;
    }
  }

  for (const row of rows) {
    it(`${row.name}: ${CALLERS.map((c, i) => `${c} ${row.outcomes[i]}`).join(', ')}`, async () => {
      const variables = await row.variables(fx);
      for (const [index, caller] of CALLERS.entries()) {
        const outcome = row.outcomes[index]!;
        const entriesBefore = await auditCount(server);
        const result = await server.graphql(row.query, variables, tokenOf(caller));
        const label = `${row.name} as ${caller}: ${result.text}`;
        expectOutcome(result, outcome, (outcome === 'OK' && row.okValue ? row.okValue : row.value)(result.data), label);
        if (outcome !== 'OK') expect(await auditCount(server), `${label} (no audit entry)`).toBe(entriesBefore);
      }
    });
  }
});
