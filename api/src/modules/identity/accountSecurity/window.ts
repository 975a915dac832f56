/**
 * The re-authentication window (ACC-SUDO, PAYOUT-REAUTH, decisions 0040 and 0044): a session counts
 * as proved for `REAUTH_WINDOW_MS` (10 minutes) after its sign-in (`sessions.created`) or its last
 * proof (`sessions.reauthenticated_at`, stamped by `reauthenticate` or by a password given inline)
 * — when that sign-in or proof is strong enough for the account:
 * - an account with two-factor authentication: an authenticator or recovery code, or a passkey
 *   (a sign-in counts when it passed the second factor or was a passkey's); the password alone not;
 * - an account with a password and no second factor: the password or a passkey (any sign-in counts);
 * - an account without a password or second factor: a code mailed to its address or a passkey.
 * `REAUTHENTICATION_REQUIRED` names the proofs the account can give (`extensions.methods`), so the
 * web's dialog offers only those.
 */
import { type Db, nowIso } from '../../../platform/db/index.js';
import { HttpError } from '../../../platform/http/errors.js';

/** How long a sign-in or a proof counts as recent, in ms. */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/** A proof `reauthenticate` accepts (the GraphQL enum `ReauthenticationMethod`). */
export type ProofMethod = 'PASSWORD' | 'TOTP' | 'PASSKEY' | 'EMAIL_CODE';

/** REAUTHENTICATION_REQUIRED (403) with `methods`: prove it (`reauthenticate`), then repeat. */
export function reauthenticationRequired(methods?: ProofMethod[]): HttpError {
  return new HttpError(
    403,
    'REAUTHENTICATION_REQUIRED',
    'Confirm it is you (password, authenticator code, passkey or a mailed code) to continue: this needs a recent sign-in (ACC-SUDO).',
    methods ? { methods } : undefined,
  );
}

/** What decides which proofs count for an account. */
interface ProofFacts {
  hasPassword: boolean;
  hasTotp: boolean;
  hasPasskey: boolean;
}

async function factsOf(db: Db, user: { id: string; passwordHash: string | null }): Promise<ProofFacts> {
  const [totp, passkey] = await Promise.all([
    db.selectFrom('totpSecrets').select('userId').where('userId', '=', user.id).where('confirmedAt', 'is not', null).executeTakeFirst(),
    db.selectFrom('passkeys').select('id').where('userId', '=', user.id).limit(1).executeTakeFirst(),
  ]);
  return { hasPassword: user.passwordHash !== null, hasTotp: Boolean(totp), hasPasskey: Boolean(passkey) };
}

/** The proofs that count for an account with `facts` (see the module comment), in the order the dialog offers them. */
function acceptedMethods(facts: ProofFacts): ProofMethod[] {
  const first: ProofMethod[] = facts.hasTotp ? ['TOTP'] : facts.hasPassword ? ['PASSWORD'] : ['EMAIL_CODE'];
  return facts.hasPasskey ? [...first, 'PASSKEY'] : first;
}

/** The proofs `user` can give that count as a recent proof (ACC-SUDO, decision 0044). */
export async function proofMethods(db: Db, user: { id: string; passwordHash: string | null }): Promise<ProofMethod[]> {
  return acceptedMethods(await factsOf(db, user));
}

/**
 * When session `sessionId`'s last sign-in or proof that counts for its account stops counting
 * (ISO), or null when none counts at `now` (ms) or the session has ended.
 */
export async function recentProofUntil(db: Db, sessionId: string, now = Date.now()): Promise<string | null> {
  const session = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      'sessions.created',
      'sessions.reauthenticatedAt',
      'sessions.reauthenticatedMethod',
      'sessions.secondFactorSignIn',
      'sessions.revokedAt',
      'users.id as userId',
      'users.passwordHash',
    ])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
  if (!session || session.revokedAt) return null;
  const facts = await factsOf(db, { id: session.userId, passwordHash: session.passwordHash });
  const accepted = acceptedMethods(facts);
  const signIn = !facts.hasTotp || Number(session.secondFactorSignIn) === 1 ? Date.parse(session.created) : 0;
  const proved =
    session.reauthenticatedAt && accepted.includes((session.reauthenticatedMethod ?? 'PASSWORD') as ProofMethod) ? Date.parse(session.reauthenticatedAt) : 0;
  const last = Math.max(signIn, proved);
  return last > 0 && last + REAUTH_WINDOW_MS > now ? nowIso(last + REAUTH_WINDOW_MS) : null;
}

/** @throws HttpError REAUTHENTICATION_REQUIRED (with the account's `methods`) unless session `sessionId` proved itself recently enough. */
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

/**
 * Stamps session `sessionId` as proved now by `method`; answers until when its proof counts (or
 * now, when `method` does not count for the account). A weaker proof never replaces a stronger
 * one that still counts (a password given inline after an authenticator code).
 */
export async function stampProof(db: Db, sessionId: string, method: ProofMethod): Promise<string> {
  const now = Date.now();
  const previous = await db
    .selectFrom('sessions')
    .select(['reauthenticatedAt', 'reauthenticatedMethod', 'proofMethod'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  const before = await recentProofUntil(db, sessionId, now);
  // `proofMethod` in the words of ACC-RESET's provenance (provenance.ts `proofClass`).
  const proofMethod = method === 'EMAIL_CODE' ? 'mail' : method.toLowerCase();
  await db
    .updateTable('sessions')
    .set({ reauthenticatedAt: nowIso(now), reauthenticatedMethod: method, proofMethod })
    .where('id', '=', sessionId)
    .execute();
  const after = await recentProofUntil(db, sessionId, now);
  if (previous && before && (!after || after < before)) {
    // The new proof does not count for this account: the earlier one goes on counting.
    await db.updateTable('sessions').set(previous).where('id', '=', sessionId).execute();
    return before;
  }
  return after ?? nowIso(now);
}
