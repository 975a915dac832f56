/**
 * What each social sign-in provider's user API answers, mapped to one `ProviderProfile`
 * (AUTH-SOCIAL). `emailVerified` is true only when the provider says so (OIDC `email_verified`,
 * GitHub's verified primary address); Yandex and VK do not say. Addresses are lower-cased.
 */

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
