/**
 * Re-authentication, "sudo mode" (ACC-SUDO, generalising PAYOUT-REAUTH): sensitive operations need
 * the session to have signed in or proved its identity within `REAUTH_WINDOW_MS` (10 minutes,
 * `sessions.reauthenticated_at`, window.ts). `reauthenticate` takes one proof — the
 * password (under the account's growing delay), an authenticator or recovery code (under the
 * `twoFactor` limit, never a code twice) or a passkey answer — and stamps the session.
 * Needing it: changing the payout method, requesting a payout, turning two-factor authentication
 * off, new recovery codes, adding and removing passkeys, and changing the e-mail address (unless
 * the current password comes with it). Changing the password and deleting the account keep their
 * own inline confirmation (the current password, or a mailed code for an account without one):
 * a proof given at that moment, stricter than the window (decision 0040).
 */
import type { CredentialService } from '../credentials/service.js';
import type { Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';
import { stampProof } from './window.js';
import type { PasskeyService } from './passkeys.js';
import type { TwoFactorService } from './twoFactor.js';


/** One proof of identity: exactly one of the three. */
export interface Proof {
  password?: string | null | undefined;
  code?: string | null | undefined;
  passkey?: string | null | undefined;
}

export class Reauthentication {
  constructor(
    private readonly deps: {
      db: Db;
      credentials: Pick<CredentialService, 'assertCurrentPassword'>;
      twoFactor: TwoFactorService;
      passkeys: PasskeyService;
    },
  ) {}

  /**
   * Checks `proof` for `userId` and stamps session `sessionId` (ACC-SUDO); answers until when it counts.
   * @throws HttpError 400 BAD_USER_INPUT (not exactly one proof), WRONG_PASSWORD, NO_PASSWORD,
   *   CODE_INVALID, PASSKEY_INVALID, TOO_MANY_REQUESTS.
   */
  async prove(userId: string, sessionId: string, proof: Proof, onCodeFailure?: () => Promise<void>): Promise<string> {
    const given = (['password', 'code', 'passkey'] as const).filter((k) => typeof proof[k] === 'string' && proof[k] !== '');
    if (given.length !== 1) throw new HttpError(400, 'BAD_USER_INPUT', 'password: give exactly one of password, code or passkey', { field: given[1] ?? 'password' });
    const user = await this.deps.db.selectFrom('users').select(['id', 'passwordHash']).where('id', '=', userId).executeTakeFirstOrThrow();
    if (given[0] === 'password') {
      if (user.passwordHash === null) throw new HttpError(409, 'NO_PASSWORD', 'password: this account has no password; use another proof or sign out and in again', { field: 'password' });
      await this.deps.credentials.assertCurrentPassword(user, proof.password, { field: 'password', message: 'the password did not match' });
    } else if (given[0] === 'code') {
      const code = proof.code!.trim();
      // Six digits: the authenticator; anything else: a recovery code.
      const factor = /^\d{3}\s?\d{3}$/.test(code) ? { code } : { recoveryCode: code };
      const kind = await this.deps.twoFactor.verify(userId, factor);
      if (!kind) {
        await onCodeFailure?.();
        throw new HttpError(400, 'CODE_INVALID', 'code: this code is not valid', { field: 'code' });
      }
    } else {
      await this.deps.passkeys.authenticate(proof.passkey!, userId);
    }
    return stampProof(this.deps.db, sessionId);
  }
}
