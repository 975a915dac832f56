/**
 * The social sign-in providers of issue 7 behind one interface, each enabled by its settings
 * (config.social):
 * - `google` and `oidc` (any OpenID Connect issuer) through openid-client: discovery, the
 *   authorization-code flow with PKCE S256 (RFC 7636), `state` and `nonce`, ID-token validation
 *   (signature, issuer, audience, expiry, nonce) and the UserInfo endpoint;
 * - `github`, `yandex` and `vk` through arctic (plain OAuth 2.0; their arctic clients send no PKCE,
 *   so `state` is what binds the answer to the request), with the profile read from each provider's
 *   user API.
 *
 * A provider answers a `ProviderProfile`; `emailVerified` is true only when the provider says so
 * (OIDC `email_verified`, GitHub's verified primary address); Yandex and VK do not say.
 * Failures are `SocialError`s: SOCIAL_PROVIDER_UNAVAILABLE when the provider cannot be reached,
 * SOCIAL_PROVIDER_ERROR when its answer fails validation (wrong PKCE verifier, nonce mismatch,
 * bad signature, refused code).
 */
import * as arctic from 'arctic';
import * as oidc from 'openid-client';
import type { Config } from '../../config.js';

export type ProviderId = 'google' | 'github' | 'yandex' | 'vk' | 'oidc';
/** Display order on the sign-in page. */
export const PROVIDER_IDS: readonly ProviderId[] = ['google', 'github', 'yandex', 'vk', 'oidc'];
export type ServiceType = 'GOOGLE' | 'GITHUB' | 'YANDEX' | 'VK' | 'OIDC';

/** Who the provider says the user is. */
export interface ProviderProfile {
  /** The stable user id at the provider (OIDC `sub`). */
  id: string;
  /** Lower-cased e-mail address, or null when the provider shared none. */
  email: string | null;
  /** Whether the provider vouches that the user controls `email`. */
  emailVerified: boolean;
  name: string | null;
  username: string | null;
  /** E.164 phone number, only when the provider says it is verified. */
  phone: string | null;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
}

/** The per-request secrets kept in the server-side state record. */
export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface SocialProvider {
  readonly id: ProviderId;
  /** The name on the sign-in button. */
  readonly name: string;
  readonly serviceType: ServiceType;
  readonly accountType: 'OIDC' | 'OAUTH2';
  /** The provider's authorization URL for these checks. @throws SocialError SOCIAL_PROVIDER_UNAVAILABLE */
  authorizationUrl(checks: AuthorizationChecks): Promise<URL>;
  /**
   * Redeems the authorization response (`callbackUrl`: our redirect URI with the provider's query)
   * and reads the profile. @throws SocialError
   */
  complete(callbackUrl: URL, checks: AuthorizationChecks): Promise<{ profile: ProviderProfile; tokens: ProviderTokens }>;
}

export type SocialErrorCode = 'SOCIAL_PROVIDER_UNAVAILABLE' | 'SOCIAL_PROVIDER_ERROR';

export class SocialError extends Error {
  constructor(
    readonly code: SocialErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SocialError';
  }
}

const TIMEOUT_SECONDS = 10;

/** Network failures and timeouts mean "unavailable"; anything else the provider answered is an error. */
function classify(error: unknown, what: string): SocialError {
  if (error instanceof SocialError) return error;
  const e = error as { name?: string; code?: string; cause?: { name?: string; code?: string } };
  const network =
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.code === 'OAUTH_TIMEOUT' ||
    error instanceof arctic.ArcticFetchError ||
    (e.name === 'TypeError' && /fetch failed/i.test(String((error as Error).message))) ||
    e.cause?.name === 'TimeoutError' ||
    /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|UND_ERR_)/.test(e.cause?.code ?? e.code ?? '');
  return network
    ? new SocialError('SOCIAL_PROVIDER_UNAVAILABLE', `${what}: the provider could not be reached`, { cause: error })
    : new SocialError('SOCIAL_PROVIDER_ERROR', `${what}: ${(error as Error).message ?? String(error)}`, { cause: error });
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** Maps OpenID Connect claims (ID token merged with UserInfo) to a profile. */
export function oidcProfile(claims: Record<string, unknown>): ProviderProfile {
  const email = text(claims['email'])?.toLowerCase() ?? null;
  const phoneVerified = claims['phone_number_verified'] === true;
  return {
    id: String(claims['sub']),
    email,
    emailVerified: email !== null && (claims['email_verified'] === true || claims['email_verified'] === 'true'),
    name: text(claims['name']) ?? ([text(claims['given_name']), text(claims['family_name'])].filter(Boolean).join(' ') || null),
    username: text(claims['preferred_username']) ?? text(claims['nickname']),
    phone: phoneVerified ? text(claims['phone_number']) : null,
  };
}

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/** Google or a generic issuer, through openid-client. Discovery runs on first use and is retried after a failure. */
class OpenIdProvider implements SocialProvider {
  readonly accountType = 'OIDC' as const;
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    readonly id: ProviderId,
    readonly name: string,
    readonly serviceType: ServiceType,
    private readonly issuer: URL,
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly redirectUri: string,
  ) {}

  private config(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(this.issuer, this.clientId, this.clientSecret, undefined, {
        timeout: TIMEOUT_SECONDS,
        // Plain http is allowed only for an issuer on this machine (the test provider).
        execute: this.issuer.protocol === 'http:' && isLoopback(this.issuer) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.configuration = null;
        throw classify(error, `${this.name} discovery`);
      });
    return this.configuration;
  }

  async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
    const config = await this.config();
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
  }

  async complete(callbackUrl: URL, checks: AuthorizationChecks) {
    const config = await this.config();
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new SocialError('SOCIAL_PROVIDER_ERROR', 'The provider sent no ID token');
      // Many providers put e-mail and name only in UserInfo; its `sub` must match the ID token's.
      const userInfo = config.serverMetadata().userinfo_endpoint ? await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub) : {};
      const expiresIn = tokens.expiresIn();
      return {
        profile: oidcProfile({ ...userInfo, ...idClaims }),
        tokens: {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token ?? null,
          expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
        },
      };
    } catch (error) {
      throw classify(error, `${this.name} sign-in`);
    }
  }
}

/** GitHub's `/user` and `/user/emails` answers → a profile (the verified primary address only). */
export function githubProfile(user: Record<string, unknown>, emails: unknown): ProviderProfile {
  const list = Array.isArray(emails) ? (emails as { email?: unknown; primary?: unknown; verified?: unknown }[]) : [];
  const primary = list.find((e) => e.primary === true && e.verified === true && typeof e.email === 'string');
  return {
    id: String(user['id']),
    email: primary ? String(primary.email).toLowerCase() : null,
    emailVerified: primary !== undefined,
    name: text(user['name']),
    username: text(user['login']),
    phone: null,
  };
}

/** Yandex ID's `/info` answer → a profile (Yandex does not say whether the address is verified). */
export function yandexProfile(info: Record<string, unknown>): ProviderProfile {
  return {
    id: String(info['id']),
    email: text(info['default_email'])?.toLowerCase() ?? null,
    emailVerified: false,
    name: text(info['real_name']) ?? text(info['display_name']),
    username: text(info['login']),
    phone: null,
  };
}

/** VK's token answer (user_id, email) and `users.get` answer → a profile (not verified). */
export function vkProfile(token: Record<string, unknown>, users: unknown): ProviderProfile {
  const user = ((users as { response?: Record<string, unknown>[] } | null)?.response ?? [])[0] ?? {};
  const name = [text(user['first_name']), text(user['last_name'])].filter(Boolean).join(' ');
  return {
    id: String(token['user_id'] ?? user['id']),
    email: text(token['email'])?.toLowerCase() ?? null,
    emailVerified: false,
    name: name || null,
    username: text(user['screen_name']),
    phone: null,
  };
}

async function getJson(url: string, authorization: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { authorization, accept: 'application/json', 'user-agent': 'studio-social-sign-in' },
    signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
  });
  if (!response.ok) throw new SocialError('SOCIAL_PROVIDER_ERROR', `${new URL(url).host} answered ${response.status}`);
  return response.json();
}

interface ArcticClient {
  createAuthorizationURL(state: string, scopes: string[]): URL;
  validateAuthorizationCode(code: string): Promise<arctic.OAuth2Tokens>;
}

/** A plain OAuth 2.0 provider through arctic; `readProfile` calls the provider's user API. */
class OAuthProvider implements SocialProvider {
  readonly accountType = 'OAUTH2' as const;

  constructor(
    readonly id: ProviderId,
    readonly name: string,
    readonly serviceType: ServiceType,
    private readonly client: ArcticClient,
    private readonly scopes: string[],
    private readonly readProfile: (tokens: arctic.OAuth2Tokens) => Promise<ProviderProfile>,
  ) {}

  async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
    return this.client.createAuthorizationURL(checks.state, this.scopes);
  }

  async complete(callbackUrl: URL, checks: AuthorizationChecks) {
    const code = callbackUrl.searchParams.get('code');
    if (!code) throw new SocialError('SOCIAL_PROVIDER_ERROR', 'The provider sent no authorization code');
    if (callbackUrl.searchParams.get('state') !== checks.state) throw new SocialError('SOCIAL_PROVIDER_ERROR', 'The state does not match');
    try {
      const tokens = await this.client.validateAuthorizationCode(code);
      const profile = await this.readProfile(tokens);
      let expiresAt: Date | null = null;
      try {
        expiresAt = tokens.accessTokenExpiresAt();
      } catch {
        // The provider gave no lifetime (GitHub's classic tokens do not expire).
      }
      return { profile, tokens: { accessToken: tokens.accessToken(), refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null, expiresAt } };
    } catch (error) {
      throw classify(error, `${this.name} sign-in`);
    }
  }
}

/** The enabled providers, in display order (`PROVIDER_IDS`). */
export function createProviders(config: Pick<Config, 'publicUrl' | 'social'>): Map<ProviderId, SocialProvider> {
  const redirect = (id: ProviderId) => `${config.publicUrl}/api/auth/${id}/callback`;
  const { google, github, yandex, vk, oidc: generic } = config.social;
  const providers = new Map<ProviderId, SocialProvider>();
  if (google) {
    providers.set('google', new OpenIdProvider('google', 'Google', 'GOOGLE', new URL('https://accounts.google.com'), google.clientId, google.clientSecret, redirect('google')));
  }
  if (github) {
    const client = new arctic.GitHub(github.clientId, github.clientSecret, redirect('github'));
    providers.set(
      'github',
      new OAuthProvider('github', 'GitHub', 'GITHUB', client, ['read:user', 'user:email'], async (tokens) => {
        const authorization = `Bearer ${tokens.accessToken()}`;
        const [user, emails] = await Promise.all([getJson('https://api.github.com/user', authorization), getJson('https://api.github.com/user/emails', authorization)]);
        return githubProfile(user as Record<string, unknown>, emails);
      }),
    );
  }
  if (yandex) {
    const client = new arctic.Yandex(yandex.clientId, yandex.clientSecret, redirect('yandex'));
    providers.set(
      'yandex',
      new OAuthProvider('yandex', 'Yandex', 'YANDEX', client, ['login:email', 'login:info'], async (tokens) =>
        yandexProfile((await getJson('https://login.yandex.ru/info?format=json', `OAuth ${tokens.accessToken()}`)) as Record<string, unknown>),
      ),
    );
  }
  if (vk) {
    const client = new arctic.VK(vk.clientId, vk.clientSecret, redirect('vk'));
    providers.set(
      'vk',
      new OAuthProvider('vk', 'VK', 'VK', client, ['email'], async (tokens) => {
        const users = await getJson('https://api.vk.com/method/users.get?v=5.199&fields=screen_name', `Bearer ${tokens.accessToken()}`);
        return vkProfile(tokens.data as Record<string, unknown>, users);
      }),
    );
  }
  if (generic) {
    providers.set('oidc', new OpenIdProvider('oidc', generic.name, 'OIDC', new URL(generic.issuer), generic.clientId, generic.clientSecret, redirect('oidc')));
  }
  return providers;
}
