/**
 * The security timeline (ACC-TIMELINE): an append-only record of what happened to how an account
 * is signed into — sign-ins (with their method), failed attempts, password, e-mail, two-factor,
 * passkey and payout-method changes, sessions ended — with the device and approximate network.
 * Rows are never updated or deleted while the account exists (triggers of migration 0017).
 * "This wasn't me" (`reportNotMe`) on an entry of a still active session ends every session of the
 * account and mails a password-reset link to its address.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { SessionDevice } from '../auth/sessionList.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { Database, SecurityEventRow } from '../../../platform/db/types.js';

/** What an entry records (the GraphQL enum `SecurityEventKind`). */
export const SECURITY_EVENT_KINDS = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'TWO_FACTOR_FAILED',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'EMAIL_CHANGED',
  'TWO_FACTOR_ENABLED',
  'TWO_FACTOR_DISABLED',
  'RECOVERY_CODES_REGENERATED',
  'RECOVERY_CODE_USED',
  'PASSKEY_ADDED',
  'PASSKEY_REMOVED',
  'PAYOUT_METHOD_CHANGED',
  'SESSION_ENDED',
  'REPORTED_NOT_ME',
  // A provider link removed (by a password reset, ACC-RESET).
  'PROVIDER_UNLINKED',
  // The e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY): asked for, and cancelled (its
  // completion is a TWO_FACTOR_DISABLED entry, method `email-recovery`).
  'TWO_FACTOR_RECOVERY_REQUESTED',
  'TWO_FACTOR_RECOVERY_CANCELLED',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** One entry to record. `method` says how (e.g. `password+totp`, `passkey`, `social:github`). */
export interface SecurityEventInput {
  userId: string;
  kind: SecurityEventKind;
  method?: string | null;
  sessionId?: string | null;
  device?: SessionDevice | null;
}

/** Appends one entry to `userId`'s timeline in `db` (a transaction or the database) (ACC-TIMELINE). */
export async function recordSecurityEvent(db: Kysely<Database>, event: SecurityEventInput): Promise<void> {
  await db
    .insertInto('securityEvents')
    .values({
      id: randomUUID(),
      userId: event.userId,
      kind: event.kind,
      method: event.method ?? null,
      sessionId: event.sessionId ?? null,
      userAgent: event.device?.userAgent ?? null,
      network: event.device?.network ?? null,
      created: nowIso(),
    })
    .execute();
}

/** The device of a session (its stored User-Agent and network), for entries made where only the session is known. */
export async function sessionDevice(db: Db, sessionId: string | null | undefined): Promise<SessionDevice | null> {
  if (!sessionId) return null;
  const row = await db.selectFrom('sessions').select(['userAgent', 'network']).where('id', '=', sessionId).executeTakeFirst();
  return row ?? null;
}

export class SecurityTimeline {
  constructor(private readonly db: Db) {}

  /** One page of `userId`'s entries, newest first, and how many there are (ACC-TIMELINE). */
  async list(userId: string, slice: { limit: number; offset: number }): Promise<{ rows: SecurityEventRow[]; totalCount: number }> {
    const base = this.db.selectFrom('securityEvents').where('userId', '=', userId);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created', 'desc').orderBy('id', 'desc').limit(slice.limit).offset(slice.offset).execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, totalCount: Number(count.n) };
  }

  /** Entry `id`, or undefined. */
  byId(id: string): Promise<SecurityEventRow | undefined> {
    return this.db.selectFrom('securityEvents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether session `sessionId` is still live (not revoked; within its refresh lifetime). */
  async sessionActive(sessionId: string | null, refreshTokenTtlSeconds: number, now = Date.now()): Promise<boolean> {
    if (!sessionId) return false;
    const row = await this.db.selectFrom('sessions').select(['revokedAt', 'lastUsed']).where('id', '=', sessionId).executeTakeFirst();
    return !!row && row.revokedAt === null && Date.parse(row.lastUsed) > now - refreshTokenTtlSeconds * 1000;
  }
}
