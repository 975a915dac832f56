/**
 * How a user is paid (PAYOUT-METHOD, PAYOUT-BANK, PAYOUT-STRIPE, PAYOUT-REAUTH, PAYOUT-COOLDOWN):
 * choosing the method (a recent proof; bank details checked, sealed and masked; payouts paused and
 * the account's address told), proving the password again, and Stripe Connect onboarding — which
 * counts as complete only when a fresh lookup of the account says so (`onboardingComplete`), after
 * the user comes back or when an `account.updated` webhook arrives. The onboarding calls a person
 * waits for share one `userFacingDeadline()`: under 10 s in all, then PROVIDER_UNAVAILABLE (decision 0041).
 */
import type Stripe from 'stripe';
import type { Kysely } from 'kysely';
import type { Config } from '../../../platform/config.js';
import type { Database } from '../../../platform/db/types.js';
import type { CredentialService } from '../../identity/index.js';
import { mailLocale } from '../../../platform/mail/index.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { UserRow } from '../../../platform/db/types.js';
import type { DeviceInfo } from '../../../platform/http/device.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type MailService, securityEvent } from '../../../platform/mail/index.js';
import type { SecretBox } from '../../../platform/security/secretBox.js';
import { type BankAccountInput, checkBankAccount } from './bankAccounts.js';
import { requireRecentProof, stampProof } from '../../identity/index.js';
import { pausePayouts } from './safety.js';
import { destinationOf } from './service.js';
import { type StripeClient, isFinalStripeError, onboardingComplete, providerUnavailable, userFacingDeadline } from './stripe.js';

export interface PayoutMethodDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'payouts' | 'publicUrl'>;
  stripe: StripeClient | null;
  /** Bank details are sealed with it (purpose `payouts`). */
  box: SecretBox;
  credentials: Pick<CredentialService, 'assertCurrentPassword'>;
  userChanged: (userId: string) => void;
  /** Records the change on the security timeline in its transaction (ACC-TIMELINE). */
  recordChange?: (trx: Kysely<Database>, userId: string, sessionId: string) => Promise<void>;
}

const stripeUnavailable = () => new HttpError(409, 'STRIPE_UNAVAILABLE', 'Stripe payouts are not offered on this site; choose bank transfer.');

export class PayoutMethods {
  constructor(private readonly deps: PayoutMethodDeps) {}

  private user(userId: string): Promise<UserRow> {
    return this.deps.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  }

  /**
   * Proves `userId`'s password for session `sessionId` (PAYOUT-REAUTH); answers until when it counts.
   * @throws HttpError WRONG_PASSWORD (growing delay), TOO_MANY_REQUESTS; NO_PASSWORD for an account without one.
   */
  async reauthenticate(userId: string, sessionId: string, password: string): Promise<string> {
    const user = await this.user(userId);
    if (user.passwordHash === null)
      throw new HttpError(409, 'NO_PASSWORD', 'password: this account has no password; sign out and in again to continue', { field: 'password' });
    await this.deps.credentials.assertCurrentPassword(user, password, { field: 'password', message: 'the password did not match' });
    return stampProof(this.deps.db, sessionId, 'PASSWORD');
  }

  /**
   * Sets `userId`'s payout method (PAYOUT-METHOD): STRIPE (when configured) or BANK_TRANSFER with a
   * checked account, stored sealed with its masked form; pauses payouts and mails the notice.
   * @throws HttpError REAUTHENTICATION_REQUIRED, STRIPE_UNAVAILABLE, BAD_USER_INPUT (`bankAccount.*`).
   */
  async setMethod(
    userId: string,
    sessionId: string,
    input: {
      method: 'STRIPE' | 'BANK_TRANSFER';
      bankAccount?: BankAccountInput | null;
      /** false: BANK_TRANSFER may wait for its details (updateUser). */ requireDetails?: boolean;
    },
    device?: DeviceInfo,
  ): Promise<void> {
    await requireRecentProof(this.deps.db, sessionId);
    let details: string | null = null;
    if (input.method === 'STRIPE') {
      if (!this.deps.stripe) throw stripeUnavailable();
    } else {
      if (input.bankAccount) {
        const checked = checkBankAccount(input.bankAccount);
        details = JSON.stringify({ masked: checked.masked, sealed: await this.deps.box.seal(JSON.stringify(checked.details)) });
      } else if (input.requireDetails !== false && !(await this.user(userId)).withdrawalMethodDetails) {
        throw new HttpError(400, 'BAD_USER_INPUT', 'bankAccount: a bank transfer needs the bank account', { field: 'bankAccount' });
      }
    }
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ withdrawalMethod: input.method, withdrawalMethodDetails: details ?? user.withdrawalMethodDetails, updated: nowIso() })
        .where('id', '=', userId)
        .execute();
      const until = await pausePayouts(trx, userId, this.deps.config.payouts.cooldownMs);
      const changed = { ...user, withdrawalMethod: input.method, withdrawalMethodDetails: details ?? user.withdrawalMethodDetails };
      await this.deps.mail.send(
        {
          to: user.email,
          template: 'payoutMethodChanged',
          locale: mailLocale(user.locale),
          params: { method: input.method, destination: destinationOf(changed), until, ...securityEvent(device) },
        },
        { db: trx },
      );
      await this.deps.recordChange?.(trx, userId, sessionId);
    });
    this.deps.userChanged(userId);
  }

  /**
   * Starts or continues Stripe onboarding of `userId` (PAYOUT-STRIPE): creates the connected account
   * for transfers only (once: idempotency key `account:<user id>`), then a one-time link back to
   * `/profile/payouts` in `localizedPayoutsPath`. Stripe's calls take under 10 s in all (decision 0041).
   * The onboarding is where the bank details are entered, so each link counts as a payout-method
   * change (PAYOUT-COOLDOWN, decision 0044): with `change` (the user's session and device) it pauses
   * payouts, mails `payoutMethodChanged` and records the change, in one transaction once the link
   * exists. The recent proof is the table's (accountSecurity/policy.ts).
   * @throws HttpError STRIPE_UNAVAILABLE, STRIPE_REFUSED, PROVIDER_UNAVAILABLE (Stripe down, failing or not answering in time).
   */
  async startOnboarding(userId: string, localizedPayoutsPath: string, change?: { sessionId: string; device?: DeviceInfo | undefined }): Promise<string> {
    const { stripe } = this.deps;
    if (!stripe) throw stripeUnavailable();
    const user = await this.user(userId);
    const limits = userFacingDeadline();
    try {
      let accountId = user.stripeAccountId;
      if (!accountId) {
        const account = await stripe.accounts.create(
          {
            type: 'express',
            email: user.email,
            capabilities: { transfers: { requested: true } },
            tos_acceptance: { service_agreement: 'recipient' },
            metadata: { userId },
          },
          { idempotencyKey: `account:${userId}`, ...limits() },
        );
        accountId = account.id;
        await this.deps.db
          .updateTable('users')
          .set({ stripeAccountId: accountId, stripeOnboardingCompleted: 0, updated: nowIso() })
          .where('id', '=', userId)
          .execute();
        this.deps.userChanged(userId);
      }
      const back = `${this.deps.config.publicUrl}${localizedPayoutsPath}`;
      const link = await stripe.accountLinks.create(
        { account: accountId, type: 'account_onboarding', return_url: `${back}?stripe=return`, refresh_url: `${back}?stripe=refresh` },
        limits(),
      );
      if (change) await this.onboardingStarted(userId, change.sessionId, change.device);
      return link.url;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (isFinalStripeError(error))
        throw new HttpError(409, 'STRIPE_REFUSED', 'Stripe refused to set up payouts for this account; choose bank transfer or contact us.');
      throw providerUnavailable();
    }
  }

  /** PAYOUT-COOLDOWN for a Stripe onboarding link: the pause, the `payoutMethodChanged` mail (method STRIPE) and the timeline entry. */
  private async onboardingStarted(userId: string, sessionId: string, device?: DeviceInfo): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
      const until = await pausePayouts(trx, userId, this.deps.config.payouts.cooldownMs);
      await this.deps.mail.send(
        {
          to: user.email,
          template: 'payoutMethodChanged',
          locale: mailLocale(user.locale),
          params: { method: 'STRIPE', destination: destinationOf({ ...user, withdrawalMethod: 'STRIPE' }), until, ...securityEvent(device) },
        },
        { db: trx },
      );
      await this.deps.recordChange?.(trx, userId, sessionId);
    });
    this.deps.userChanged(userId);
  }

  /**
   * Looks `userId`'s connected account up at Stripe and stores whether onboarding is complete;
   * under 10 s (decision 0041). @throws HttpError STRIPE_UNAVAILABLE, PROVIDER_UNAVAILABLE.
   */
  async refreshOnboarding(userId: string): Promise<void> {
    if (!this.deps.stripe) throw stripeUnavailable();
    const user = await this.user(userId);
    if (!user.stripeAccountId) return;
    try {
      await this.syncAccount(user.stripeAccountId, userFacingDeadline()());
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw providerUnavailable();
    }
  }

  /**
   * Re-reads connected account `accountId` (with the SDK `requestOptions` given, else the client's
   * job limits) and sets its user's `stripeOnboardingCompleted` (webhooks too). Throws Stripe's errors.
   */
  async syncAccount(accountId: string, requestOptions?: Stripe.RequestOptions): Promise<void> {
    const account = await this.deps.stripe!.accounts.retrieve(accountId, undefined, requestOptions);
    const complete = onboardingComplete(account) ? 1 : 0;
    const rows = await this.deps.db
      .updateTable('users')
      .set({ stripeOnboardingCompleted: complete, updated: nowIso() })
      .where('stripeAccountId', '=', accountId)
      .where('stripeOnboardingCompleted', '!=', complete)
      .returning('id')
      .execute();
    for (const row of rows) this.deps.userChanged(row.id);
  }
}
