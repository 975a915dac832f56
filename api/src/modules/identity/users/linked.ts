/**
 * Linked service accounts (ACC-LINKED): the social sign-in accounts attached to a user (linking
 * itself happens in auth/social/). Disconnecting one never leaves a user without a way to sign
 * in: the last linked account of a user without a password stays. A link needs a verified address
 * (the link flow refuses otherwise); links added while the address was unverified are marked
 * `addedUnverified` and removed by a completed password reset (credentials/reset.ts, decision 0028).
 */
import type { Db } from '../../../platform/db/index.js';
import type { UserRow } from '../../../platform/db/types.js';
import { HttpError } from '../../../platform/http/errors.js';

/**
 * The name people know a linked account's provider by, from its `serviceType` (GITHUB → GitHub);
 * the generic OpenID Connect provider by its configured name (`OIDC_NAME`) when given.
 */
export function linkedServiceName(serviceType: string, oidcName?: string | null): string {
  const names: Record<string, string> = { GOOGLE: 'Google', GITHUB: 'GitHub', YANDEX: 'Yandex', VK: 'VK', OIDC: oidcName?.trim() || 'OpenID Connect' };
  return names[serviceType] ?? serviceType;
}

export interface LinkedAccountServiceDeps {
  db: Db;
  /** Tells live subscribers that a user's record changed (graphql/pubsub.ts). */
  userChanged(userId: string): void;
}

export class LinkedAccountService {
  constructor(private readonly deps: LinkedAccountServiceDeps) {}

  /** Linked account `id` (any user's: the caller checks who may see it), or undefined. */
  byId(id: string) {
    return this.deps.db.selectFrom('serviceAccounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The accounts linked to `userId`, oldest first. */
  ofUser(userId: string) {
    return this.deps.db.selectFrom('serviceAccounts').selectAll().where('userId', '=', userId).orderBy('created').execute();
  }

  /**
   * Disconnects linked account `accountId` from its `owner` and announces the change (the owner's
   * `accounts` changed).
   * @throws HttpError LAST_SIGN_IN_METHOD when it is the owner's only way to sign in.
   */
  async disconnect(owner: UserRow, accountId: string): Promise<void> {
    const { db } = this.deps;
    const others = await db.selectFrom('serviceAccounts').select('id').where('userId', '=', owner.id).where('id', '!=', accountId).execute();
    if (owner.passwordHash === null && others.length === 0) {
      throw new HttpError(409, 'LAST_SIGN_IN_METHOD', 'This is the only way to sign in to the account; set a password before disconnecting it.');
    }
    await db.deleteFrom('serviceAccounts').where('id', '=', accountId).execute();
    this.deps.userChanged(owner.id);
  }
}
