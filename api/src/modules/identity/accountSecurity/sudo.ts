/**
 * Re-authentication, "sudo mode" (ACC-SUDO, generalising PAYOUT-REAUTH): sensitive operations need
 * the session to have signed in or proved its identity within `REAUTH_WINDOW_MS` (10 minutes,
 * `sessions.reauthenticated_at`, window.ts) with a proof strong enough for the account (decision
 * 0044). `reauthenticate` takes one proof — the password (under the account's growing delay), an
 * authenticator or recovery code (under the `twoFactor` limit, never a code twice), a passkey
 * answer or a code mailed by `sendReauthenticationCode` — and stamps the session with it. Which
 * operations need it is policy.ts's one table.
 */
import type { CredentialService } from '../credentials/service.js';
import type { Db } from '../../../platform/db/index.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type ProofMethod, proofMethods, stampProof } from './window.js';
import type { PasskeyService } from './passkeys.js';
import type { TwoFactorService } from './twoFactor.js';

/** One proof of identity: exactly one of the four. */
export interface Proof {
  password?: string | null | undefined;
  code?: string | null | undefined;
  passkey?: string | null | undefined;
  /** A code `sendReauthenticationCode` mailed (accounts without a password or second factor). */
  emailCode?: string | null | undefined;
}

/** 409 PROOF_NOT_ACCEPTED: this kind of proof does not count for the account (decision 0044); `methods` name those that do. */
function proofNotAccepted(methods: ProofMethod[], field: string): HttpError {
  return new HttpError(409, 'PROOF_NOT_ACCEPTED', `${field}: this account confirms it is you with ${methods.join(' or ')}`, { field, methods });
}

export class Reauthentication {
  constructor(
    private readonly deps: {
      db: Db;
      credentials: Pick<CredentialService, 'assertCurrentPassword' | 'consumeReauthenticationCode'>;
      twoFactor: TwoFactorService;
      passkeys: PasskeyService;
    },
  ) {}

  /**
   * Checks `proof` for `userId` and stamps session `sessionId` (ACC-SUDO); answers until when it
   * counts. A kind of proof that does not count for the account (the password of an account with
   * two-factor authentication, decision 0044) is refused before it is checked.
   * @throws HttpError 400 BAD_USER_INPUT (not exactly one proof), WRONG_PASSWORD, NO_PASSWORD,
   *   409 PROOF_NOT_ACCEPTED (with `methods`), CODE_INVALID, CODE_EXPIRED, PASSKEY_INVALID, TOO_MANY_REQUESTS.
   */
  async prove(userId: string, sessionId: string, proof: Proof, onCodeFailure?: () => Promise<void>): Promise<string> {
    const given = (['password', 'code', 'passkey', 'emailCode'] as const).filter((k) => typeof proof[k] === 'string' && proof[k] !== '');
    if (given.length !== 1)
      throw new HttpError(400, 'BAD_USER_INPUT', 'password: give exactly one of password, code, passkey or emailCode', { field: given[1] ?? 'password' });
    const user = await this.deps.db.selectFrom('users').select(['id', 'passwordHash']).where('id', '=', userId).executeTakeFirstOrThrow();
    const accepted = await proofMethods(this.deps.db, user);
    let method: ProofMethod;
    if (given[0] === 'password') {
      if (user.passwordHash === null)
        throw new HttpError(409, 'NO_PASSWORD', 'password: this account has no password; use another proof or sign out and in again', { field: 'password' });
      if (!accepted.includes('PASSWORD')) throw proofNotAccepted(accepted, 'password');
      await this.deps.credentials.assertCurrentPassword(user, proof.password, { field: 'password', message: 'the password did not match' });
      method = 'PASSWORD';
    } else if (given[0] === 'emailCode') {
      if (!accepted.includes('EMAIL_CODE')) throw proofNotAccepted(accepted, 'emailCode');
      await this.deps.credentials.consumeReauthenticationCode(userId, proof.emailCode!);
      method = 'EMAIL_CODE';
    } else if (given[0] === 'code') {
      const code = proof.code!.trim();
      // Six digits: the authenticator; anything else: a recovery code.
      const factor = /^\d{3}\s?\d{3}$/.test(code) ? { code } : { recoveryCode: code };
      const kind = await this.deps.twoFactor.verify(userId, factor);
      if (!kind) {
        await onCodeFailure?.();
        throw new HttpError(400, 'CODE_INVALID', 'code: this code is not valid', { field: 'code' });
      }
      method = 'TOTP';
    } else {
      await this.deps.passkeys.authenticate(proof.passkey!, userId);
      method = 'PASSKEY';
    }
    return stampProof(this.deps.db, sessionId, method);
  }
}
