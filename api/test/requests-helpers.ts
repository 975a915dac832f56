/**
 * Helpers of the requests suites (REQ-CLIENT-AREA, REQ-WORKFLOW, REQ-CLAIM, REQ-MESSAGES,
 * REQ-MAIL): orders placed through the real `createOrder`, administrators (a registered account
 * given the ADMIN role in the database, as `pnpm admin:create` does), and the GraphQL operations.
 */
import { decodeJwt } from 'jose';
import { globalId } from '../src/platform/graphql/ids.js';
import { type Registered, type TestServer, ok, uniqueEmail } from './harness.js';

/** Settings of these suites: many orders from one address, mails delivered only by explicit drains. */
export const REQUESTS_ENV: Record<string, string> = { ORDER_RATE_LIMIT_MAX: '100000', JOBS_POLL_INTERVAL_MS: '600000' };

export const CREATE_ORDER = 'mutation ($input: CreateOrderInput!) { createOrder(input: $input) { reference } }';
export const ORDER_FIELDS =
  'id reference status version updated timeline { status at } messages { id body fromStudio authorName created } contractValue { amount currency }';
export const CHANGE_STATUS = `mutation ($input: ChangeOrderStatusInput!) { changeOrderStatus(input: $input) { order { ${ORDER_FIELDS} lostReason } } }`;
export const ASSIGN = 'mutation ($id: ID!, $assigneeId: ID) { assignOrder(id: $id, assigneeId: $assigneeId) { order { id version assignee { id } } } }';
export const ADD_NOTE = 'mutation ($id: ID!, $body: String!) { addOrderNote(id: $id, body: $body) { order { id version notes { id body author { id } } } } }';
export const SEND_MESSAGE = `mutation ($id: ID!, $body: String!) { sendOrderMessage(id: $id, body: $body) { order { ${ORDER_FIELDS} } } }`;

/** A registered user with its database and global ids. */
export interface Member extends Registered {
  localId: string;
  id: string;
}

/** Registers a user (unverified, as registration leaves it). */
export async function member(server: TestServer, name = 'Test User'): Promise<Member> {
  const registered = await server.register({ name, fullName: name });
  const localId = String(decodeJwt(registered.accessToken).sub);
  return { ...registered, localId, id: globalId('User', localId) };
}

/** Registers a user and makes them an administrator. */
export async function admin(server: TestServer, name = 'Ada Admin'): Promise<Member> {
  const user = await member(server, name);
  await server.app.database.db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', user.localId).execute();
  return user;
}

/** Marks a user's address verified directly in the database (no claim runs: that is the point where it matters). */
export async function markVerified(server: TestServer, user: Member): Promise<void> {
  await server.app.database.db.updateTable('users').set({ isVerified: 1 }).where('id', '=', user.localId).execute();
}

/** Places an order through `createOrder` (signed in with `token`, or not); answers its reference and global id. */
export async function placeOrder(
  server: TestServer,
  options: { email?: string; locale?: 'EN' | 'RU' | 'ES'; token?: string; name?: string; message?: string } = {},
) {
  const input = {
    name: options.name ?? 'Olga Orlova',
    email: options.email ?? uniqueEmail('order'),
    interest: 'design',
    budget: 'NOT_SURE',
    message: options.message ?? 'We need a voice assistant for our call centre.',
    consent: true,
    locale: options.locale ?? 'EN',
  };
  const { reference } = ok(await server.graphql(CREATE_ORDER, { input }, options.token)).createOrder as { reference: string };
  const row = await server.app.database.db.selectFrom('orders').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  return { reference, localId: row.id, id: globalId('Order', row.id), email: input.email };
}

/** The error code of a GraphQL answer's first error. */
export function codeOf(result: { errors?: Array<{ extensions?: Record<string, unknown> }> }): unknown {
  return result.errors?.[0]?.extensions?.['code'];
}
