/**
 * The social sign-in providers (AUTH-SOCIAL) behind one interface, each enabled by its settings
 * (config.social):
 * - `google` and `oidc` (any OpenID Connect issuer) through openid-client: discovery, the
 *   authorization-code flow with PKCE S256 (RFC 7636), `state` and `nonce`, ID-token validation
 *   (signature, issuer, audience, expiry, nonce) and the UserInfo endpoint;
 * - `github`, `yandex` and `vk` through arctic (plain OAuth 2.0; their arctic clients send no PKCE,
 *   so `state` is what binds the answer to the request), with the profile read from each provider's
 *   user API.
 *
 * A provider answers a `ProviderProfile` (profiles.ts).
 * Failures are `SocialError`s: SOCIAL_PROVIDER_UNAVAILABLE when the provider cannot be reached,
 * SOCIAL_PROVIDER_ERROR when its answer fails validation (wrong PKCE verifier, nonce mismatch,
 * bad signature, refused code).
 */
import type { AuthProviderId } from '@studio/site/ssr';
import * as arctic from 'arctic';
import * as oidc from 'openid-client';
import type { Config } from '../../../../platform/config.js';
import { type ProviderProfile, githubProfile, oidcProfile, vkProfile, yandexProfile } from './profiles.js';

export type ServiceType = 'GOOGLE' | 'GITHUB' | 'YANDEX' | 'VK' | 'OIDC';

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
  readonly id: AuthProviderId;
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

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/** Google or a generic issuer, through openid-client. Discovery runs on first use and is retried after a failure. */
class OpenIdProvider implements SocialProvider {
  readonly accountType = 'OIDC' as const;
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    readonly id: AuthProviderId,
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
    readonly id: AuthProviderId,
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

/** The enabled providers, in display order (`AUTH_PROVIDER_IDS`). */
export function createProviders(config: Pick<Config, 'publicUrl' | 'social'>): Map<AuthProviderId, SocialProvider> {
  const redirect = (id: AuthProviderId) => `${config.publicUrl}/api/auth/${id}/callback`;
  const { google, github, yandex, vk, oidc: generic } = config.social;
  const providers = new Map<AuthProviderId, SocialProvider>();
  if (google) {
    providers.set(
      'google',
      new OpenIdProvider('google', 'Google', 'GOOGLE', new URL('https://accounts.google.com'), google.clientId, google.clientSecret, redirect('google')),
    );
  }
  if (github) {
    const client = new arctic.GitHub(github.clientId, github.clientSecret, redirect('github'));
    providers.set(
      'github',
      new OAuthProvider('github', 'GitHub', 'GITHUB', client, ['read:user', 'user:email'], async (tokens) => {
        const authorization = `Bearer ${tokens.accessToken()}`;
        const [user, emails] = await Promise.all([
          getJson('https://api.github.com/user', authorization),
          getJson('https://api.github.com/user/emails', authorization),
        ]);
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
