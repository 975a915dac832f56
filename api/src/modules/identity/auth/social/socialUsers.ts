/** The user a social sign-in is for (AUTH-SOCIAL): the linked one, or a new account with the provider's address. */
import type { Locale } from '@studio/site/locales';
import type { Db } from '../../../../platform/db/index.js';
import { HttpError } from '../../../../platform/http/errors.js';
import type { CredentialService } from '../../credentials/service.js';
import { createUser } from '../../users/service.js';
import type { SocialAccountStore } from './accounts.js';
import type { ProviderProfile } from './profiles.js';
import type { ProviderTokens, SocialProvider } from './providers.js';

/**
 * The id of the user provider account `result.profile` is linked to (its tokens refreshed), or of a
 * new user created with the provider's address (verified when the provider vouches for it, else a
 * verification code is mailed).
 * @throws HttpError 400 SOCIAL_EMAIL_MISSING, 409 SOCIAL_EMAIL_TAKEN (an account has the address).
 */
export async function findOrCreateSocialUser(
  deps: { db: Db; accounts: SocialAccountStore; credentials: Pick<CredentialService, 'startVerification'> },
  provider: SocialProvider,
  result: { profile: ProviderProfile; tokens: ProviderTokens },
  locale: Locale,
): Promise<string> {
  const existing = await deps.accounts.find(provider, result.profile.id);
  if (existing) {
    await deps.accounts.update(existing.id, provider, result);
    return existing.userId;
  }
  const { profile } = result;
  if (!profile.email) throw new HttpError(400, 'SOCIAL_EMAIL_MISSING', 'The provider shared no e-mail address.');
  const taken = await deps.db.selectFrom('users').select('id').where('email', '=', profile.email).executeTakeFirst();
  if (taken) throw new HttpError(409, 'SOCIAL_EMAIL_TAKEN', 'An account with this e-mail address already exists.');
  try {
    const user = await createUser(deps.db, {
      email: profile.email,
      passwordHash: null,
      fullName: (profile.name ?? profile.username ?? profile.email.split('@')[0] ?? 'User').slice(0, 100),
      username: profile.username ?? profile.email,
      locale,
      isVerified: profile.emailVerified,
      alsoInsert: (trx, row) => deps.accounts.insert(trx, provider, row.id, result, !profile.emailVerified, { addedSessionId: null, addedProof: 'signup' }),
    });
    if (!profile.emailVerified) await deps.credentials.startVerification(user);
    return user.id;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'EMAIL_TAKEN') throw new HttpError(409, 'SOCIAL_EMAIL_TAKEN', error.message);
    if (error instanceof HttpError && error.code === 'SOCIAL_ACCOUNT_CONFLICT') {
      // Created by a concurrent callback for the same provider account: that user it is.
      const winner = await deps.accounts.find(provider, result.profile.id);
      if (winner) return winner.userId;
    }
    throw error;
  }
}
