/**
 * The pure rules of social sign-in in the browser (AUTH-SOCIAL):
 * - `readLoadingParams`: what the /loading page was sent back for (`?code=`, `?success=success`,
 *   `?error=`), as the api's social routes send it back;
 * - `safeReturnPath`: only local paths are followed after the provider round trip (no open redirect);
 * - `providerName`: the one mapping from a provider id or `serviceType` to the name people know;
 * - `socialErrorMessage` / `linkErrorMessage`: error codes as message descriptors, so the page
 *   never shows the server's English;
 * - `rememberSocialProvider` / `recallSocialProvider`: the provider of the round trip in progress,
 *   kept in this tab's sessionStorage, so the /loading page can name it in its messages (the
 *   provider's redirect does not say which one it was).
 */
import type { IntlShape } from 'react-intl';
import type { AuthProvider, AuthProviderId } from '@studio/site/ssr';
import { AuthApiError } from '../../session/authApi';
import { safeNextPath } from '../../session/returnTo';
import { waitProblem } from '../../forms/serverErrors';

/** A message id with the values it needs. */
export interface SocialMessage {
  id: string;
  values?: Record<string, string | number>;
}

export const AUTH_PROVIDER_IDS: readonly AuthProviderId[] = ['google', 'github', 'yandex', 'vk', 'oidc'];

/** What brought the visitor to /loading. */
export type LoadingAction =
  /** A finished social sign-in: the one-time code to trade for a session. */
  | { kind: 'exchange'; code: string }
  /** A finished link (`?success=success&state=<return path>`); `returnPath` as sent, unchecked. */
  | { kind: 'linked'; returnPath: string | null }
  /** A failed round trip (`?error=<CODE>`), or a visit without any of the parameters. */
  | { kind: 'error'; code: string };

/**
 * Reads the query of /loading. An `error` wins over everything else; a visit without `code`,
 * `success=success` or `error` reads as `SOCIAL_STATE_INVALID` (nothing to finish).
 */
export function readLoadingParams(search: string): LoadingAction {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) return { kind: 'error', code: error };
  const code = params.get('code');
  if (code) return { kind: 'exchange', code };
  if (params.get('success') === 'success') return { kind: 'linked', returnPath: params.get('state') };
  return { kind: 'error', code: 'SOCIAL_STATE_INVALID' };
}

/**
 * `path` when it is a path on this site (the return-to rules of AUTH-RETURN, `session/returnTo.ts`:
 * one leading `/`, not `//` or `/\\`, no backslashes, control characters or scheme, also once
 * decoded, and not /auth or /loading) — else null. Query and fragment are allowed.
 */
export function safeReturnPath(path: string | null | undefined): string | null {
  return safeNextPath(path);
}

/**
 * The name people know a provider by, from its page-data id (`google`) or a linked account's
 * `serviceType` (`GOOGLE`): brand names as they are, Yandex translated, the generic OpenID Connect
 * provider by its configured name (`OIDC_NAME`, from `providers`) or a translated default.
 */
export function providerName(intl: IntlShape, id: string, providers: readonly AuthProvider[] = []): string {
  const key = id.toLowerCase();
  switch (key) {
    case 'google':
      return 'Google';
    case 'github':
      return 'GitHub';
    case 'yandex':
      return intl.formatMessage({ id: 'profile.accounts.service.yandex' });
    case 'vk':
      return 'VK';
    case 'oidc':
      return providers.find((p) => p.id === 'oidc')?.name.trim() || intl.formatMessage({ id: 'profile.accounts.service.oidc' });
    default:
      return providers.find((p) => p.id === key)?.name ?? id;
  }
}

/** Codes the /loading page has its own message for (the social routes', plus the exchange's). */
const SOCIAL_CODES: ReadonlySet<string> = new Set([
  'SOCIAL_STATE_INVALID',
  'SOCIAL_ACCESS_DENIED',
  'SOCIAL_PROVIDER_ERROR',
  'SOCIAL_PROVIDER_UNAVAILABLE',
  'SOCIAL_ACCOUNT_CONFLICT',
  'SOCIAL_EMAIL_TAKEN',
  'SOCIAL_EMAIL_MISSING',
  'SOCIAL_EMAIL_NOT_VERIFIED',
  'SOCIAL_CODE_INVALID',
  // A link whose session's recent proof lapsed during the round trip (ACC-SUDO): nothing was linked.
  'REAUTHENTICATION_REQUIRED',
]);

/** Codes whose message names the provider when the page knows it (`.unnamed` variants otherwise). */
const NAMED_CODES: ReadonlySet<string> = new Set(['SOCIAL_ACCOUNT_CONFLICT', 'SOCIAL_EMAIL_TAKEN', 'SOCIAL_EMAIL_MISSING']);

/**
 * The message of a failed social round trip or code exchange: `social.error.<CODE>` for the known
 * codes (with `{provider}` when `provider` is known, for the codes that name it), the shared
 * network and rate-limit texts, and a generic text for anything else.
 */
export function socialErrorMessage(code: string, provider: string | null, retryAfterSeconds: number | null = null): SocialMessage {
  if (code === 'NETWORK') return { id: 'error.NETWORK' };
  if (code === 'RATE_LIMITED') return waitProblem(retryAfterSeconds);
  if (!SOCIAL_CODES.has(code)) return { id: 'social.error.UNKNOWN' };
  if (!NAMED_CODES.has(code)) return { id: `social.error.${code}` };
  return provider ? { id: `social.error.${code}`, values: { provider } } : { id: `social.error.${code}.unnamed` };
}

/**
 * The message for a failed start of linking `service` from the profile: wait (429), network,
 * provider down, the address not confirmed yet (SOCIAL_EMAIL_NOT_VERIFIED, ACC-LINKED), or try again.
 */
export function linkErrorMessage(error: unknown, service: string): SocialMessage {
  const code = error instanceof AuthApiError ? error.code : 'UNKNOWN';
  if (code === 'RATE_LIMITED' || (error instanceof AuthApiError && error.status === 429))
    return waitProblem(error instanceof AuthApiError ? error.retryAfterSeconds : null);
  if (code === 'NETWORK') return { id: 'error.NETWORK' };
  if (code === 'SOCIAL_PROVIDER_UNAVAILABLE' || code === 'SOCIAL_EMAIL_NOT_VERIFIED') return { id: `social.error.${code}` };
  return { id: 'social.connect.error', values: { service } };
}

const PROVIDER_KEY = 'studio.socialProvider';

/** Notes the provider a round trip is starting with (this tab only; storage may be off). */
export function rememberSocialProvider(id: AuthProviderId): void {
  try {
    sessionStorage.setItem(PROVIDER_KEY, id);
  } catch {
    // Storage disabled: the /loading page names no provider.
  }
}

/** The provider of the last round trip started in this tab, or null. */
export function recallSocialProvider(): AuthProviderId | null {
  try {
    const id = sessionStorage.getItem(PROVIDER_KEY);
    return (AUTH_PROVIDER_IDS as readonly string[]).includes(id ?? '') ? (id as AuthProviderId) : null;
  } catch {
    return null;
  }
}

/** The history state /loading navigates with after a finished link: the profile's accounts card says so. */
export const SOCIAL_LINKED_STATE = { socialLinked: true } as const;

/** Whether a history entry's state is `SOCIAL_LINKED_STATE`. */
export function isSocialLinkedState(state: unknown): boolean {
  return (state as { socialLinked?: unknown } | null)?.socialLinked === true;
}
