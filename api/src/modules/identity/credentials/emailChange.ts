/**
 * The last step of an e-mail change (ACC-EMAIL): the address swaps, counts as verified, the other
 * codes go, and the old address gets a notice (MAIL-SECURITY), in one transaction that also raises
 * `signInDetailsChanged` (PAYOUT-COOLDOWN) and `emailVerified` (REQ-CLAIM).
 */
import type { DeviceInfo } from '../../../platform/http/device.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type Db, isUniqueViolation, nowIso } from '../../../platform/db/index.js';
import type { EmailCodeRow, UserRow } from '../../../platform/db/types.js';
import { type MailService, mailLocale, securityEvent } from '../../../platform/mail/index.js';
import type { DomainEvents } from '../../../platform/events.js';

/** 409 EMAIL_TAKEN at `email`: another account has the address. */
export function emailTaken(): HttpError {
  return new HttpError(409, 'EMAIL_TAKEN', 'email: an account with this e-mail already exists', { field: 'email' });
}

/**
 * Moves `user` to the address of the consumed change code `row`, with the notice to the old one.
 * @throws HttpError 409 EMAIL_TAKEN when another account took the address meanwhile.
 */
export async function swapEmail(
  deps: { db: Db; events: DomainEvents; mail: Pick<MailService, 'send'> },
  user: UserRow,
  row: Pick<EmailCodeRow, 'id' | 'email'>,
  device: DeviceInfo | undefined,
): Promise<void> {
  const userId = user.id;
  try {
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ email: row.email, pendingEmail: null, isVerified: 1, updated: nowIso() }).where('id', '=', userId).execute();
      await deps.events.raise(trx, { type: 'signInDetailsChanged', userId }); // PAYOUT-COOLDOWN
      await trx.deleteFrom('emailCodes').where('userId', '=', userId).execute();
      // REQ-CLAIM: the new address is verified now; its orders become the user's.
      await deps.events.raise(trx, { type: 'emailVerified', userId });
      await deps.mail.send(
        {
          to: user.email,
          template: 'emailChangedNotice',
          locale: mailLocale(user.locale),
          params: { oldEmail: user.email, newEmail: row.email, ...securityEvent(device) },
          key: `changed:${row.id}`,
        },
        { db: trx },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
