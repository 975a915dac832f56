/**
 * Where each way into an account came from (ACC-RESET, decision 0045): every social link, passkey
 * and authenticator records the session that added it and the class of proof that session held
 * at that moment (`AddedProof`). A password reset proves the mailbox and replaces the password, so
 * it trusts only what a proof it neither replaces nor equals vouched for — a second factor
 * (authenticator or recovery code) or a passkey — and ends the rest (credentials/reset.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/types.js';
import { REAUTH_WINDOW_MS } from './window.js';

/**
 * What vouched for a way in when it was added:
 * - `none`: the session had no sign-in or proof within the window (an old, possibly stolen, token);
 * - `password`, `mail` (a mailed code), `social` (a provider sign-in): proofs a reset replaces,
 *   equals or distrusts;
 * - `second-factor`: an authenticator or recovery code, or a passkey, within the window;
 * - `signup`: the provider link an account was created with;
 * - `unknown`: a recent proof whose method was not recorded (a session older than migration 0021).
 */
export type AddedProof = 'none' | 'password' | 'mail' | 'social' | 'second-factor' | 'signup' | 'unknown';

/** The class of a session's proof method (`password+totp`, `passkey`, `social`, `totp`, …). */
export function proofClass(method: string | null): AddedProof {
  if (method === null) return 'unknown';
  if (/totp|recovery|passkey/.test(method)) return 'second-factor';
  if (method.startsWith('social')) return 'social';
  if (method === 'mail' || method === 'code') return 'mail';
  return 'password';
}

/** The provenance to store on a way in that session `sessionId` adds now: the session and its proof's class. */
export async function provenanceOf(
  db: Kysely<Database>,
  sessionId: string | null,
  now = Date.now(),
): Promise<{ addedSessionId: string | null; addedProof: AddedProof }> {
  if (!sessionId) return { addedSessionId: null, addedProof: 'none' };
  const session = await db.selectFrom('sessions').select(['created', 'reauthenticatedAt', 'proofMethod']).where('id', '=', sessionId).executeTakeFirst();
  if (!session) return { addedSessionId: sessionId, addedProof: 'none' };
  const last = Math.max(Date.parse(session.created), session.reauthenticatedAt ? Date.parse(session.reauthenticatedAt) : 0);
  if (last + REAUTH_WINDOW_MS <= now) return { addedSessionId: sessionId, addedProof: 'none' };
  return { addedSessionId: sessionId, addedProof: proofClass(session.proofMethod) };
}

/** Records how session `sessionId` proved itself (its sign-in's or its re-authentication's method). */
export async function recordSessionProof(db: Kysely<Database>, sessionId: string, method: string): Promise<void> {
  await db.updateTable('sessions').set({ proofMethod: method }).where('id', '=', sessionId).execute();
}

/** The classes of proof a reset trusts for links and passkeys (decision 0045). */
export const TRUSTED_BY_RESET: readonly AddedProof[] = ['second-factor', 'signup'];
