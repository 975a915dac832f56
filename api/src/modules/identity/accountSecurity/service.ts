/**
 * The account security centre (decision 0040) as the edges see it: two-factor authentication
 * (ACC-2FA), passkeys (ACC-PASSKEYS), re-authentication (ACC-SUDO) and the security timeline
 * (ACC-TIMELINE), the e-mail recovery of a lost authenticator (ACC-2FA-RECOVERY) — each change recorded on the timeline in its own transaction, sensitive ones
 * behind a recent proof, and live subscribers told that the user changed.
 */
import type { SessionService } from '../auth/sessions.js';
import type { SessionDevice } from '../auth/sessionList.js';
import type { Config } from '../../../platform/config.js';
import type { CredentialService } from '../credentials/service.js';
import { mailLocale } from '../../../platform/mail/index.js';
import type { Db } from '../../../platform/db/index.js';
import type { PasskeyRow, SecurityEventRow } from '../../../platform/db/types.js';
import { type DeviceInfo, deviceLabel } from '../../../platform/http/device.js';
import { HttpError } from '../../../platform/http/errors.js';
import { type MailService, securityEvent } from '../../../platform/mail/index.js';
import type { SignInMethodChange } from '../../../platform/mail/templates.js';
import type { RateLimits } from '../../../platform/security/limits.js';
import { SecretBox } from '../../../platform/security/secretBox.js';
import { type SecurityEventKind, SecurityTimeline, recordSecurityEvent, sessionDevice } from './events.js';
import { PasskeyService } from './passkeys.js';
import { provenanceOf } from './provenance.js';
import { SignInChallenges } from './signInChallenges.js';
import { type Proof, Reauthentication } from './sudo.js';
import { proofMethods, recentProofUntil, requireRecentProof, stampProof } from './window.js';
import { TwoFactorService, type TotpEnrolment } from './twoFactor.js';
import { TwoFactorRecovery } from './twoFactorRecovery.js';
import type { JobQueue } from '../../../platform/jobs/types.js';

export interface AccountSecurityDeps {
  db: Db;
  config: Pick<Config, 'jwtSecret' | 'siteName' | 'publicUrl' | 'allowedOrigins' | 'refreshTokenTtl' | 'twoFactorRecoveryDelayMs'>;
  limits: RateLimits;
  credentials: CredentialService;
  sessions: SessionService;
  mail: MailService;
  /** The queue that carries e-mail recoveries out when due (ACC-2FA-RECOVERY). */
  jobs: JobQueue;
  userChanged: (userId: string) => void;
}

/** Who acts: the user, their session, and the device of the request (for the timeline). */
export interface Actor {
  userId: string;
  /** Null for a change made by an administrator (no session of the user's). */
  sessionId: string | null;
  device?: SessionDevice | null;
  /** The device of the request, as the security mails name it (else the session's). */
  requestDevice?: DeviceInfo | null;
}

/** An actor on one of their own sessions (what ACC-SUDO checks). */
export type SessionActor = Actor & { sessionId: string };

export class AccountSecurity {
  readonly twoFactor: TwoFactorService;
  readonly passkeys: PasskeyService;
  readonly challenges: SignInChallenges;
  readonly timeline: SecurityTimeline;
  readonly reauth: Reauthentication;
  readonly recovery: TwoFactorRecovery;

  constructor(private readonly deps: AccountSecurityDeps) {
    const { db, config, limits, credentials } = deps;
    this.twoFactor = new TwoFactorService({ db, box: new SecretBox(config.jwtSecret, 'totp'), limits, jwtSecret: config.jwtSecret, siteName: config.siteName });
    this.passkeys = new PasskeyService(db, config);
    this.challenges = new SignInChallenges(db, this.twoFactor);
    this.timeline = new SecurityTimeline(db);
    this.reauth = new Reauthentication({ db, credentials, twoFactor: this.twoFactor, passkeys: this.passkeys });
    this.recovery = new TwoFactorRecovery({
      db,
      jobs: deps.jobs,
      mail: deps.mail,
      challenges: this.challenges,
      delayMs: config.twoFactorRecoveryDelayMs,
      userChanged: deps.userChanged,
    });
  }

  /** Appends an entry for `actor` (ACC-TIMELINE), with the request's device or else the session's. */
  async record(actor: Actor, kind: SecurityEventKind, method: string | null = null, db: Db = this.deps.db): Promise<void> {
    await this.append(actor, kind, method, db);
  }

  /** `record`'s work; answers the device it recorded. */
  private async append(actor: Actor, kind: SecurityEventKind, method: string | null, db: Db): Promise<SessionDevice | null> {
    const device = actor.device ?? (await sessionDevice(db, actor.sessionId)); // `db`: inside a transaction SQLite has one connection
    await recordSecurityEvent(db, { userId: actor.userId, kind, method, sessionId: actor.sessionId, device });
    return device;
  }

  /**
   * A change of how the account is signed into: its timeline entry and the `signInMethodChanged`
   * mail to the account's address (MAIL-SECURITY), both in `trx`, so the mail is queued exactly
   * when the change commits and once (the outbox, keyed by the entry).
   */
  private async recordAndTell(actor: Actor, change: SignInMethodChange, method: string | null, trx: Db, passkeyName: string | null = null): Promise<void> {
    const device = await this.append(actor, change, method, trx);
    const user = await trx.selectFrom('users').select(['email', 'locale']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
    const params = {
      change,
      passkeyName,
      ...securityEvent(actor.requestDevice ?? { label: deviceLabel(device?.userAgent), network: device?.network ?? null }),
    };
    await this.deps.mail.send({ to: user.email, template: 'signInMethodChanged', locale: mailLocale(user.locale), params }, { db: trx });
  }

  /** ACC-SUDO: see `Reauthentication.prove`; a wrong code is also a TWO_FACTOR_FAILED entry. */
  reauthenticate(actor: Actor & { sessionId: string }, proof: Proof): Promise<string> {
    return this.reauth.prove(actor.userId, actor.sessionId, proof, () => this.record(actor, 'TWO_FACTOR_FAILED', 'reauthenticate'));
  }

  /**
   * ACC-PASSKEYS: a sign-in without e-mail by a passkey answer; a `locale` sent with it becomes the
   * language of the account's mails, as a password sign-in's does (AUTH-LOGIN).
   * @throws HttpError 400 PASSKEY_INVALID.
   */
  async signInWithPasskey(responseJson: string, locale?: string): Promise<{ userId: string }> {
    const { userId } = await this.passkeys.authenticate(responseJson, null);
    if (locale) await this.deps.db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
    return { userId };
  }

  /**
   * ACC-SUDO, decision 0044: what policy.ts's table asks of a protected operation. Passes when
   * session `sessionId` has a recent proof that counts for its account; else, with `inline` (the
   * current password given with the call), checks it under the account's growing delay and stamps
   * a PASSWORD proof — which counts only for an account without a second factor.
   * @throws HttpError REAUTHENTICATION_REQUIRED (with `methods`), WRONG_PASSWORD at `inline.field`,
   *   TOO_MANY_REQUESTS, SERVER_BUSY.
   */
  async requireProof(userId: string, sessionId: string, inline: { value: string; field: string } | null = null): Promise<void> {
    if (await recentProofUntil(this.deps.db, sessionId)) return;
    if (inline) {
      const user = await this.deps.db.selectFrom('users').select(['id', 'passwordHash']).where('id', '=', userId).executeTakeFirst();
      if (user?.passwordHash) {
        await this.deps.credentials.assertCurrentPassword(user, inline.value, { field: inline.field, message: 'the current password did not match' });
        await stampProof(this.deps.db, sessionId, 'PASSWORD');
      }
    }
    await requireRecentProof(this.deps.db, sessionId);
  }

  /** The proofs `user` can give (ACC-SUDO). */
  proofMethods(user: { id: string; passwordHash: string | null }) {
    return proofMethods(this.deps.db, user);
  }

  /** ACC-2FA: a new authenticator secret for the signed-in user (a recent proof first: policy.ts). */
  startTwoFactor(actor: Actor, email: string): Promise<TotpEnrolment> {
    return this.twoFactor.start(actor.userId, email);
  }

  /**
   * ACC-2FA: turns it on with the first code (a recent proof first: policy.ts); answers the recovery
   * codes. The code just given is this session's proof from now on (decision 0044): the password
   * or sign-in that came before no longer counts for the account.
   */
  async confirmTwoFactor(actor: Actor, code: string): Promise<string[]> {
    const provenance = await provenanceOf(this.deps.db, actor.sessionId); // ACC-RESET
    const codes = await this.twoFactor.confirm(actor.userId, code, (trx) => this.recordAndTell(actor, 'TWO_FACTOR_ENABLED', 'totp', trx), provenance);
    if (actor.sessionId) await stampProof(this.deps.db, actor.sessionId, 'TOTP');
    this.deps.userChanged(actor.userId);
    return codes;
  }

  /** ACC-2FA, ACC-SUDO: turns it off. @throws HttpError REAUTHENTICATION_REQUIRED, 409 TWO_FACTOR_NOT_ENABLED. */
  async disableTwoFactor(actor: SessionActor): Promise<void> {
    await requireRecentProof(this.deps.db, actor.sessionId);
    const done = await this.twoFactor.disable(actor.userId, (trx) => this.recordAndTell(actor, 'TWO_FACTOR_DISABLED', 'totp', trx));
    if (!done) throw new HttpError(409, 'TWO_FACTOR_NOT_ENABLED', 'Two-factor authentication is off.');
    this.deps.userChanged(actor.userId);
  }

  /** ACC-2FA, ACC-SUDO: ten new recovery codes. @throws HttpError REAUTHENTICATION_REQUIRED, 409 TWO_FACTOR_NOT_ENABLED. */
  async regenerateRecoveryCodes(actor: SessionActor): Promise<string[]> {
    await requireRecentProof(this.deps.db, actor.sessionId);
    const codes = await this.twoFactor.regenerateRecoveryCodes(actor.userId, (trx) => this.recordAndTell(actor, 'RECOVERY_CODES_REGENERATED', null, trx));
    this.deps.userChanged(actor.userId);
    return codes;
  }

  /** ACC-PASSKEYS, ACC-SUDO: creation options. */
  async startPasskeyRegistration(actor: SessionActor, user: { id: string; email: string; fullName: string }): Promise<string> {
    await requireRecentProof(this.deps.db, actor.sessionId);
    return this.passkeys.registrationOptions(user);
  }

  /** ACC-PASSKEYS, ACC-SUDO: stores the new passkey. */
  async finishPasskeyRegistration(actor: SessionActor, response: string, name: string): Promise<PasskeyRow> {
    await requireRecentProof(this.deps.db, actor.sessionId);
    const provenance = await provenanceOf(this.deps.db, actor.sessionId); // ACC-RESET
    const row = await this.passkeys.register(actor.userId, response, name, (trx) => this.recordAndTell(actor, 'PASSKEY_ADDED', name, trx, name), provenance);
    this.deps.userChanged(actor.userId);
    return row;
  }

  /** ACC-PASSKEYS, ACC-SUDO: removes one; false when the user has no such passkey. */
  async deletePasskey(actor: SessionActor, id: string): Promise<boolean> {
    await requireRecentProof(this.deps.db, actor.sessionId);
    const row = await this.deps.db.selectFrom('passkeys').select('name').where('id', '=', id).where('userId', '=', actor.userId).executeTakeFirst();
    if (!row) return false;
    const done = await this.passkeys.remove(actor.userId, id, (trx) => this.recordAndTell(actor, 'PASSKEY_REMOVED', row.name, trx, row.name));
    if (done) this.deps.userChanged(actor.userId);
    return done;
  }

  /** Whether entry `event`'s session is still signed in (ACC-TIMELINE). */
  sessionActive(event: SecurityEventRow): Promise<boolean> {
    return this.timeline.sessionActive(event.sessionId, this.deps.config.refreshTokenTtl);
  }

  /**
   * "This wasn't me" (ACC-TIMELINE): entry `eventId` of `actor` with a still active session ends
   * every session of the account and mails a password-reset link; answers how many were live.
   * @returns null when the entry is not the user's (the edge answers FORBIDDEN).
   * @throws HttpError 409 SESSION_NOT_ACTIVE.
   */
  async reportNotMe(actor: Actor, eventId: string): Promise<number | null> {
    const event = await this.timeline.byId(eventId);
    if (!event || event.userId !== actor.userId) return null;
    if (!(await this.sessionActive(event))) throw new HttpError(409, 'SESSION_NOT_ACTIVE', 'The session of this entry has already ended.');
    const live = await this.deps.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('userId', '=', actor.userId)
      .where('revokedAt', 'is', null)
      .executeTakeFirstOrThrow();
    await this.record(actor, 'REPORTED_NOT_ME');
    await this.deps.sessions.revokeOthers(actor.userId, null, 'reported');
    const user = await this.deps.db.selectFrom('users').select(['email', 'locale']).where('id', '=', actor.userId).executeTakeFirstOrThrow();
    await this.deps.credentials.issuePasswordReset(user.email, mailLocale(user.locale));
    this.deps.userChanged(actor.userId);
    return Number(live.n);
  }
}
