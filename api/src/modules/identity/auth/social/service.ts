/**
 * Social sign-in and account linking (AUTH-SOCIAL; the browser returns to the `/loading` page).
 *
 * 1. `begin` makes a fresh `state`, PKCE `code_verifier` and OIDC `nonce` (openid-client's random
 *    generators, 256 bits each), keeps them server-side in `social_states` — keyed by SHA-256 of the
 *    state, the verifier encrypted (SecretBox), single use, 10 minutes — with the callback URL,
 *    device token, mode (`login` or `link`, with the user) and return path, and answers the
 *    provider's authorization URL.
 * 2. `callback` consumes the record atomically (DELETE … RETURNING: a replay finds nothing), checks
 *    that the browser arriving is the one that started (its `SOCIAL_BINDING_COOKIE`, whose
 *    hash the record holds: RFC 6749 §10.12 — without it, a link URL made by an attacker and opened
 *    by a victim would attach the victim's provider account to the attacker's user), lets the
 *    provider validate the answer (PKCE, nonce, ID token), then
 *    - login: finds the user by (provider, provider user id) or creates one (username derived,
 *      fullName from the profile, no password, `isVerified` only when the provider vouches for the
 *      address) and answers `callbackUrl?code=<one-time code>`; the code (256 bits, stored as
 *      SHA-256, single use, 60 s, bound to the device token) is exchanged by `/loading` for
 *      credentials, so tokens never appear in a URL;
 *    - link: adds the provider account to the user of the record → `callbackUrl?success=success`,
 *      only while that user's address is verified (SOCIAL_EMAIL_NOT_VERIFIED otherwise, checked
 *      when starting and again here: pre-account hijacking, ACC-LINKED, decision 0028), and queues
 *      the `providerLinked` mail (MAIL-SECURITY) in the same transaction;
 *    Accounts are never linked by e-mail address: a sign-up whose address belongs to an account
 *    is refused (SOCIAL_EMAIL_TAKEN), and a provider account linked to another user is refused
 *    (SOCIAL_ACCOUNT_CONFLICT). A sign-up whose provider does not vouch for the address marks its
 *    link `addedUnverified`, so a reset by the mailbox's owner removes it. Failures go back as
 *    `callbackUrl?error=<CODE>`; without a valid record the browser goes to the site's own
 *    `/loading?error=SOCIAL_STATE_INVALID`.
 * 3. `exchange` redeems the one-time code for the device's credentials.
 *
 * Provider tokens are kept encrypted at rest (service_accounts.service_access_token / _refresh_token).
 */
import type { DomainEvents } from '../../../../platform/events.js';
import { recentProofUntil } from '../../accountSecurity/window.js';
import { SOCIAL_BINDING_MAX_AGE } from '@studio/site/cookies';
import type { AuthProviderId } from '@studio/site/ssr';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import * as oidc from 'openid-client';
import type { CredentialService } from '../../credentials/service.js';
import type { Config } from '../../../../platform/config.js';
import { type Db, nowIso } from '../../../../platform/db/index.js';
import type { SocialStatesTable } from '../../../../platform/db/types.js';
import type { DeviceInfo } from '../../../../platform/http/device.js';
import { HttpError } from '../../../../platform/http/errors.js';
import { type MailService, mailLocale, securityEvent } from '../../../../platform/mail/index.js';
import { SecretBox } from '../../../../platform/security/secretBox.js';
import type { SessionService } from '../sessions.js';
import { hashToken, newOpaqueToken } from '../tokens.js';
import { provenanceOf } from '../../accountSecurity/provenance.js';
import { SocialAccountStore } from './accounts.js';
import { findOrCreateSocialUser } from './socialUsers.js';
import { callbackLocale } from './callbackUrl.js';
import type { ProviderProfile } from './profiles.js';
import { type ProviderTokens, type SocialProvider, SocialError } from './providers.js';

/** How long a started sign-in may take at the provider: the life of its browser binding (AUTH-SOCIAL: 10 minutes). */
export const STATE_TTL_MS = SOCIAL_BINDING_MAX_AGE * 1000;
/** How long `/loading` has to exchange its one-time code. */
export const LOGIN_CODE_TTL_MS = 60 * 1000;

/** The `error=` codes a callback can answer (web/src/features/auth/LoadingPage.tsx shows each). */
export type SocialFailure =
  | 'SOCIAL_STATE_INVALID'
  | 'SOCIAL_ACCESS_DENIED'
  | 'SOCIAL_PROVIDER_ERROR'
  | 'SOCIAL_PROVIDER_UNAVAILABLE'
  | 'SOCIAL_ACCOUNT_CONFLICT'
  | 'SOCIAL_EMAIL_TAKEN'
  | 'SOCIAL_EMAIL_MISSING'
  | 'SOCIAL_EMAIL_NOT_VERIFIED'
  | 'REAUTHENTICATION_REQUIRED';

export interface BeginInput {
  mode: 'login' | 'link';
  /** The signed-in user, for `link`. */
  userId: string | null;
  /** Their session, for `link`: its recent proof is checked again at the callback (ACC-SUDO) and recorded on the link (ACC-RESET). */
  sessionId?: string | null;
  /** An allowed callback URL (callbackUrl.ts). */
  callbackUrl: string;
  deviceToken: string;
  /** A checked local path (callbackUrl.ts). */
  returnPath: string;
  /** The starting browser's binding secret (routes.ts, `SOCIAL_BINDING_COOKIE`); only its hash is kept. */
  browserBinding: string;
}

function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
  return target.toString();
}

export class SocialAuthService {
  private readonly box: SecretBox;
  private readonly accounts: SocialAccountStore;

  constructor(
    private readonly deps: {
      db: Db;
      sessions: SessionService;
      credentials: Pick<CredentialService, 'startVerification'>;
      /** Queues the `providerLinked` mail (MAIL-SECURITY). */
      mail: Pick<MailService, 'send'>;
      config: Pick<Config, 'publicUrl' | 'jwtSecret'>;
      providers: Map<AuthProviderId, SocialProvider>;
      log: FastifyBaseLogger;
      userChanged: (userId: string) => void;
      /** Raises `emailVerified` at a social sign-up or sign-in (REQ-CLAIM; a reaction claims only for a verified address). */
      events: DomainEvents;
    },
  ) {
    this.box = new SecretBox(deps.config.jwtSecret, 'social');
    this.accounts = new SocialAccountStore(deps.db, this.box);
  }

  /** The enabled providers in display order, for the sign-in page. */
  enabled(): { id: AuthProviderId; name: string }[] {
    return [...this.deps.providers.values()].map((p) => ({ id: p.id, name: p.name }));
  }

  /** @throws HttpError 404 PROVIDER_NOT_FOUND for an unknown or disabled provider. */
  provider(id: string): SocialProvider {
    const provider = this.deps.providers.get(id as AuthProviderId);
    if (!provider) throw new HttpError(404, 'PROVIDER_NOT_FOUND', `Sign-in with "${id}" is not available on this site.`);
    return provider;
  }

  /**
   * Refuses to link a provider to `userId` while its e-mail address is unverified (ACC-LINKED,
   * decision 0028: otherwise whoever registered someone else's address could keep a way in after
   * the owner took the account back by a reset).
   * @throws HttpError 403 SOCIAL_EMAIL_NOT_VERIFIED; 400 SOCIAL_STATE_INVALID when the user is gone.
   */
  async assertCanLink(userId: string): Promise<{ email: string; locale: string }> {
    const user = await this.deps.db.selectFrom('users').select(['isVerified', 'email', 'locale']).where('id', '=', userId).executeTakeFirst();
    // The account was deleted while its owner was at the provider.
    if (!user) throw new HttpError(400, 'SOCIAL_STATE_INVALID', 'The account no longer exists.');
    if (user.isVerified !== 1) {
      throw new HttpError(403, 'SOCIAL_EMAIL_NOT_VERIFIED', 'Confirm your e-mail address before connecting a sign-in provider to your account.');
    }
    return user;
  }

  /**
   * Starts an authorization request and answers the provider's URL.
   * @throws SocialError SOCIAL_PROVIDER_UNAVAILABLE when the provider's discovery fails.
   */
  async begin(provider: SocialProvider, input: BeginInput): Promise<URL> {
    const checks = { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
    const url = await provider.authorizationUrl(checks);
    const now = Date.now();
    // Expired records and codes are removed as new ones arrive (no job needed; both tables stay small).
    await this.deps.db.deleteFrom('socialStates').where('expiresAt', '<', new Date(now).toISOString()).execute();
    await this.deps.db.deleteFrom('socialLoginCodes').where('expiresAt', '<', new Date(now).toISOString()).execute();
    await this.deps.db
      .insertInto('socialStates')
      .values({
        id: hashToken(checks.state),
        provider: provider.id,
        mode: input.mode,
        userId: input.userId,
        sessionId: input.sessionId ?? null,
        codeVerifier: await this.box.seal(checks.codeVerifier),
        nonce: checks.nonce,
        callbackUrl: input.callbackUrl,
        deviceToken: input.deviceToken,
        returnPath: input.returnPath,
        browserBinding: hashToken(input.browserBinding),
        expiresAt: new Date(now + STATE_TTL_MS).toISOString(),
        created: new Date(now).toISOString(),
      })
      .execute();
    return url;
  }

  /**
   * Handles the provider's redirect back and answers where to send the browser (always a URL of
   * the record's callback, or the site's own `/loading` when there is no valid record).
   * @param query the callback's query; @param callbackUrl the full URL the provider redirected to;
   * @param browserBinding the `SOCIAL_BINDING_COOKIE` of the browser that arrived, if any;
   * @param device that browser's device, named in the `providerLinked` mail.
   */
  async callback(
    provider: SocialProvider,
    query: Record<string, string | undefined>,
    callbackUrl: URL,
    browserBinding: string | undefined,
    device?: DeviceInfo,
  ): Promise<string> {
    const invalid = withQuery(`${this.deps.config.publicUrl}/loading`, { error: 'SOCIAL_STATE_INVALID' });
    const state = query['state'];
    if (!state) return invalid;
    const record = await this.consumeState(state);
    if (!record || record.provider !== provider.id) return invalid;
    const fail = (error: SocialFailure) => withQuery(record.callbackUrl, { error });
    // Another browser than the one that started (a link or sign-in URL passed to a victim, the
    // classic OAuth CSRF): refused, and the record is spent.
    if (!browserBinding || hashToken(browserBinding) !== record.browserBinding) return fail('SOCIAL_STATE_INVALID');
    if (query['error']) return fail(query['error'] === 'access_denied' ? 'SOCIAL_ACCESS_DENIED' : 'SOCIAL_PROVIDER_ERROR');
    let result: { profile: ProviderProfile; tokens: ProviderTokens };
    try {
      result = await provider.complete(callbackUrl, { state, codeVerifier: await this.box.open(record.codeVerifier), nonce: record.nonce });
    } catch (error) {
      if (!(error instanceof SocialError)) throw error;
      this.deps.log.warn({ err: error, provider: provider.id }, 'social sign-in refused');
      return fail(error.code);
    }
    try {
      if (record.mode === 'link' && record.userId) {
        // ACC-SUDO (decision 0044): the session that started the link must have had a recent proof
        // then and still be signed in; a state started without one never links.
        if (!record.sessionId || !(await recentProofUntil(this.deps.db, record.sessionId, Date.parse(record.created))))
          return fail('REAUTHENTICATION_REQUIRED');
        await this.link(provider, record.userId, record.sessionId, result, device);
        return withQuery(record.callbackUrl, { success: 'success', state: record.returnPath });
      }
      const userId = await findOrCreateSocialUser(
        { db: this.deps.db, accounts: this.accounts, credentials: this.deps.credentials },
        provider,
        result,
        callbackLocale(record.callbackUrl),
      );
      // REQ-CLAIM: a social sign-up or sign-in with a verified address claims its orders.
      await this.deps.events.raise(this.deps.db, { type: 'emailVerified', userId });
      return withQuery(record.callbackUrl, { code: await this.issueLoginCode(userId, record.deviceToken, record.returnPath) });
    } catch (error) {
      if (error instanceof HttpError && error.code.startsWith('SOCIAL_')) return fail(error.code as SocialFailure);
      throw error;
    }
  }

  /**
   * Takes one-time code `code` of `deviceToken` out (single use) and answers whose sign-in it was,
   * without starting a session: the route decides whether a second factor comes first (ACC-2FA).
   * @throws HttpError 400 SOCIAL_CODE_INVALID.
   */
  async redeem(code: string, deviceToken: string): Promise<{ userId: string; returnPath: string }> {
    const row = await this.deps.db.deleteFrom('socialLoginCodes').where('id', '=', hashToken(code)).returningAll().executeTakeFirst();
    if (!row || row.expiresAt < nowIso() || row.deviceToken !== deviceToken) {
      throw new HttpError(400, 'SOCIAL_CODE_INVALID', 'This sign-in link has expired or was already used. Please sign in again.');
    }
    return { userId: row.userId, returnPath: row.returnPath };
  }

  /** Takes the state record out (single use); null when unknown or expired. */
  private async consumeState(state: string): Promise<Selectable<SocialStatesTable> | null> {
    const row = await this.deps.db.deleteFrom('socialStates').where('id', '=', hashToken(state)).returningAll().executeTakeFirst();
    return row && row.expiresAt > nowIso() ? row : null;
  }

  private async link(
    provider: SocialProvider,
    userId: string,
    sessionId: string | null,
    result: { profile: ProviderProfile; tokens: ProviderTokens },
    device?: DeviceInfo,
  ): Promise<void> {
    // Checked again here: the address may have changed while its owner was at the provider.
    const user = await this.assertCanLink(userId);
    const existing = await this.accounts.find(provider, result.profile.id);
    if (existing && existing.userId !== userId) {
      throw new HttpError(409, 'SOCIAL_ACCOUNT_CONFLICT', 'This provider account is linked to another user.');
    }
    if (existing) await this.accounts.update(existing.id, provider, result);
    else {
      await this.deps.db.transaction().execute(async (trx) => {
        // ACC-RESET: the session's proof now, at the link, is what vouches for it.
        await this.accounts.insert(trx, provider, userId, result, false, await provenanceOf(trx, sessionId));
        const params = { provider: provider.name, account: result.profile.username ?? result.profile.email ?? null, ...securityEvent(device) };
        await this.deps.mail.send({ to: user.email, template: 'providerLinked', locale: mailLocale(user.locale), params }, { db: trx });
      });
    }
    this.deps.userChanged(userId);
  }

  private async issueLoginCode(userId: string, deviceToken: string, returnPath: string): Promise<string> {
    const code = newOpaqueToken();
    const now = Date.now();
    await this.deps.db
      .insertInto('socialLoginCodes')
      .values({
        id: hashToken(code),
        userId,
        deviceToken,
        returnPath,
        expiresAt: new Date(now + LOGIN_CODE_TTL_MS).toISOString(),
        created: new Date(now).toISOString(),
      })
      .execute();
    return code;
  }
}
