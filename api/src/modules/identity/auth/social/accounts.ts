/**
 * The stored side of linked provider accounts (AUTH-SOCIAL, ACC-LINKED): finding a link by the
 * provider's user id, inserting one (with its `addedUnverified` mark, decision 0028) and refreshing
 * what the provider reported. Provider tokens are sealed with a SecretBox before they are stored.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type Db, isUniqueViolation, nowIso } from '../../../../platform/db/index.js';
import type { Database } from '../../../../platform/db/types.js';
import { HttpError } from '../../../../platform/http/errors.js';
import type { AddedProof } from '../../accountSecurity/provenance.js';
import type { SecretBox } from '../../../../platform/security/secretBox.js';
import type { ProviderProfile } from './profiles.js';
import type { ProviderTokens, SocialProvider } from './providers.js';

export class SocialAccountStore {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  private async accountValues(provider: SocialProvider, { profile, tokens }: { profile: ProviderProfile; tokens: ProviderTokens }) {
    return {
      serviceEmail: profile.email,
      servicePhone: profile.phone,
      serviceUsername: profile.username ?? profile.name,
      serviceTokenExpiredAt: tokens.expiresAt?.toISOString() ?? null,
      serviceAccessToken: await this.box.seal(tokens.accessToken),
      serviceRefreshToken: tokens.refreshToken ? await this.box.seal(tokens.refreshToken) : null,
      serviceAccountType: provider.accountType,
    };
  }

  /**
   * Inserts the link; `addedUnverified` when the user's address is not verified (ACC-LINKED).
   * @throws HttpError 409 SOCIAL_ACCOUNT_CONFLICT when the provider account is linked meanwhile.
   */
  async insert(
    db: Db | Transaction<Database>,
    provider: SocialProvider,
    userId: string,
    result: { profile: ProviderProfile; tokens: ProviderTokens },
    addedUnverified: boolean,
    /** The session that added it and what vouched for it (ACC-RESET, accountSecurity/provenance.ts). */
    provenance: { addedSessionId: string | null; addedProof: AddedProof },
  ) {
    try {
      await db
        .insertInto('serviceAccounts')
        .values({
          id: randomUUID(),
          userId,
          created: nowIso(),
          serviceType: provider.serviceType,
          serviceUserId: result.profile.id,
          addedUnverified: addedUnverified ? 1 : 0,
          ...provenance,
          ...(await this.accountValues(provider, result)),
        })
        .execute();
    } catch (error) {
      // Linked meanwhile (another tab finished the same provider account first).
      if (isUniqueViolation(error)) throw new HttpError(409, 'SOCIAL_ACCOUNT_CONFLICT', 'This provider account is already linked.');
      throw error;
    }
  }

  /** The link of the provider account `providerUserId`, if any: its id and user. */
  find(provider: SocialProvider, providerUserId: string) {
    return this.db
      .selectFrom('serviceAccounts')
      .select(['id', 'userId'])
      .where('serviceType', '=', provider.serviceType)
      .where('serviceUserId', '=', providerUserId)
      .executeTakeFirst();
  }

  /** Refreshes what the provider reported about an existing link (address, name, tokens). */
  async update(id: string, provider: SocialProvider, result: { profile: ProviderProfile; tokens: ProviderTokens }) {
    await this.db
      .updateTable('serviceAccounts')
      .set(await this.accountValues(provider, result))
      .where('id', '=', id)
      .execute();
  }
}
