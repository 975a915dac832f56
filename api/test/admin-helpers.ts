/**
 * Helpers of the back-office API tests (ADMIN-CONCURRENCY, ADMIN-USERS, ADMIN-AUDIT): accounts
 * with a role, news texts in every language, the audit rows straight from the database, and the
 * assertion of one GraphQL error code.
 */
import { expect } from 'vitest';
import { globalId } from '../src/platform/graphql/ids.js';
import type { GraphQLResult, Registered, TestServer } from './harness.js';

export interface Member extends Registered {
  /** Global id. */
  id: string;
  /** Database id. */
  localId: string;
}

/** Registers a user named `name` (an administrator with `role` ADMIN, set in the database). */
export async function member(
  server: TestServer,
  name: string,
  role: 'USER' | 'ADMIN' = 'USER',
  overrides: { email?: string; username?: string } = {},
): Promise<Member> {
  const registered = await server.register({ name, ...overrides });
  const db = server.app.database.db;
  const row = await db.selectFrom('users').select('id').where('email', '=', registered.email).executeTakeFirstOrThrow();
  if (role === 'ADMIN') await db.updateTable('users').set({ role: 'ADMIN' }).where('id', '=', row.id).execute();
  return { ...registered, localId: row.id, id: globalId('User', row.id) };
}

/** News texts in English, Russian and Spanish, tagged with `tag`. */
export function newsTexts(tag: string) {
  return ['EN', 'RU', 'ES'].map((locale) => ({
    locale,
    title: `${tag} ${locale} title`,
    summary: `${tag} ${locale} summary`,
    body: [`${tag} ${locale} body`],
  }));
}

/** Product texts in English, Russian and Spanish, tagged with `tag`. */
export function productTexts(tag: string) {
  return ['EN', 'RU', 'ES'].map((locale) => ({
    locale,
    name: `${tag} ${locale}`,
    tagline: `${tag} ${locale} tagline`,
    description: [`${tag} ${locale} paragraph`],
    features: [`${tag} feature`],
  }));
}

/** The audit entries about database id `targetId`, oldest first, with before/after parsed. */
export async function auditRows(server: TestServer, targetId: string) {
  const rows = await server.app.database.db.selectFrom('auditLog').selectAll().where('targetId', '=', targetId).orderBy('created').orderBy('id').execute();
  return rows.map((row) => ({ ...row, before: row.before === null ? null : JSON.parse(row.before), after: row.after === null ? null : JSON.parse(row.after) }));
}

/** How many audit entries there are in all. */
export async function auditCount(server: TestServer): Promise<number> {
  const row = await server.app.database.db
    .selectFrom('auditLog')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Asserts one error with `extensions.code` `code` (and `field` when given), and returns it. */
export function expectCode(result: GraphQLResult, code: string, field?: string) {
  expect(result.status, result.text).toBe(200);
  expect(result.errors, result.text).toHaveLength(1);
  expect(result.errors![0]!.extensions?.['code'], result.text).toBe(code);
  if (field !== undefined) expect(result.errors![0]!.extensions?.['field'], result.text).toBe(field);
  return result.errors![0]!;
}
