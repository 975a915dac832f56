/**
 * The re-authentication window (ACC-SUDO, PAYOUT-REAUTH): a session counts as proved for
 * `REAUTH_WINDOW_MS` (10 minutes) after its sign-in (`sessions.created`) or its last proof
 * (`sessions.reauthenticated_at`, stamped by `reauthenticate` or by a password given inline).
 * `REAUTHENTICATION_REQUIRED` names the proofs the account can give (`extensions.methods`), so the
 * web's dialog offers only those — and, with none, a fresh sign-in.
 */
import { type Db, nowIso } from '../db/index.js';
import { HttpError } from '../http/errors.js';

/** How long a sign-in or a proof counts as recent, in ms. */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/** A proof `reauthenticate` accepts (the GraphQL enum `ReauthenticationMethod`). */
export type ProofMethod = 'PASSWORD' | 'TOTP' | 'PASSKEY';

/** REAUTHENTICATION_REQUIRED (403) with `methods`: prove it (`reauthenticate`), then repeat. */
export function reauthenticationRequired(methods?: ProofMethod[]): HttpError {
  return new HttpError(
    403,
    'REAUTHENTICATION_REQUIRED',
    'Confirm it is you (password, authenticator code or passkey) to continue: this needs a recent sign-in (ACC-SUDO).',
    methods ? { methods } : undefined,
  );
}

/** The proofs `user` can give, password first. */
export async function proofMethods(db: Db, user: { id: string; passwordHash: string | null }): Promise<ProofMethod[]> {
  const [totp, passkey] = await Promise.all([
    db.selectFrom('totpSecrets').select('userId').where('userId', '=', user.id).where('confirmedAt', 'is not', null).executeTakeFirst(),
    db.selectFrom('passkeys').select('id').where('userId', '=', user.id).limit(1).executeTakeFirst(),
  ]);
  return [...(user.passwordHash ? (['PASSWORD'] as const) : []), ...(totp ? (['TOTP'] as const) : []), ...(passkey ? (['PASSKEY'] as const) : [])];
}

/** When session `sessionId`'s last proof stops counting (ISO), or null when it has none that counts now. */
export async function recentProofUntil(db: Db, sessionId: string, now = Date.now()): Promise<string | null> {
  const session = await db.selectFrom('sessions').select(['created', 'reauthenticatedAt', 'revokedAt']).where('id', '=', sessionId).executeTakeFirst();
  if (!session || session.revokedAt) return null;
  const last = Math.max(Date.parse(session.created), session.reauthenticatedAt ? Date.parse(session.reauthenticatedAt) : 0);
  return last + REAUTH_WINDOW_MS > now ? nowIso(last + REAUTH_WINDOW_MS) : null;
}

/** @throws HttpError REAUTHENTICATION_REQUIRED (with the account's `methods`) unless session `sessionId` proved itself recently. */
export async function requireRecentProof(db: Db, sessionId: string): Promise<void> {
  if (await recentProofUntil(db, sessionId)) return;
  const user = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['users.id as id', 'users.passwordHash as passwordHash'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  throw reauthenticationRequired(user ? await proofMethods(db, user) : undefined);
}

/** Stamps session `sessionId` as proved now; answers until when it counts. */
export async function stampProof(db: Db, sessionId: string): Promise<string> {
  const now = Date.now();
  await db.updateTable('sessions').set({ reauthenticatedAt: nowIso(now) }).where('id', '=', sessionId).execute();
  return nowIso(now + REAUTH_WINDOW_MS);
}
