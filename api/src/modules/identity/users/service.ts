/**
 * Creating and finding users. Registration derives the username from the part of the
 * e-mail before the @ sign (made unique) and the fullName from the supplied name (AUTH-REGISTER).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { type Db, isUniqueViolation, nowIso } from '../../../platform/db/index.js';
import type { Database, UserRow } from '../../../platform/db/types.js';
import type { Transaction } from 'kysely';
import { HttpError } from '../../../platform/http/errors.js';
import { USERNAME_PATTERN } from '@studio/site/fields';

/**
 * Turns the local part of an e-mail (or a requested username) into a username base that
 * matches USERNAME_PATTERN: lower-case, only [a-z0-9._-], 3–24 characters.
 */
export function usernameBase(source: string): string {
  const local = source.split('@')[0] ?? '';
  let base = local
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '')
    .replace(/^[._-]+/, '')
    .slice(0, 24);
  if (base.length < 3) base = `user${base}`.slice(0, 24);
  if (!USERNAME_PATTERN.test(base)) base = 'user';
  return base;
}

export interface NewAccount {
  email: string;
  passwordHash: string | null;
  fullName: string;
  /** The wished username (derived from the e-mail when absent); a suffix makes it unique. */
  username?: string | undefined;
  /** The language of the account's mails (en, ru, es); default en. */
  locale?: string;
  /** Whether the e-mail is already known to belong to the user (a provider vouched for it); default false. */
  isVerified?: boolean;
  /**
   * Runs inside the creating transaction after the user row is inserted (social sign-up inserts the
   * linked account there, so a user never exists without it). Its errors abort the creation and are
   * rethrown as they are.
   */
  alsoInsert?: (trx: Transaction<Database>, user: UserRow) => Promise<void>;
}

/** Wraps an `alsoInsert` failure so that its unique violations are not taken for a username clash. */
class AlsoInsertError extends Error {
  constructor(readonly inner: unknown) {
    super('alsoInsert failed');
  }
}

/**
 * Creates a user with a unique username and a default referral code.
 * @throws HttpError 409 EMAIL_TAKEN when the e-mail is already registered.
 */
export async function createUser(db: Db, account: NewAccount): Promise<UserRow> {
  const base = usernameBase(account.username ?? account.email);
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = attempt === 0 ? '' : attempt < 10 ? String(attempt + 1) : String(randomBytes(3).readUIntBE(0, 3) % 1000000);
    const username = `${base.slice(0, 32 - suffix.length)}${suffix}`;
    const now = nowIso();
    const row: UserRow = {
      id: randomUUID(),
      email: account.email,
      username,
      fullName: account.fullName,
      passwordHash: account.passwordHash,
      bio: null,
      phone: null,
      telegram: null,
      role: 'USER',
      type: 'CLIENT',
      isVerified: account.isVerified ? 1 : 0,
      balance: 0,
      balanceCurrency: 'USD',
      held: 0,
      withdrawalMethod: null,
      withdrawalMethodDetails: null,
      stripeAccountId: null,
      stripeOnboardingCompleted: 0,
      imageId: null,
      locale: account.locale ?? 'en',
      pendingEmail: null,
      payoutsPausedUntil: null,
      created: now,
      updated: now,
    };
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('users').values(row).execute();
        await trx
          .insertInto('referralCodes')
          .values({ id: randomUUID(), userId: row.id, code: randomBytes(5).toString('hex').toUpperCase(), created: now, isActive: 1, type: 'DEFAULT' })
          .execute();
        if (account.alsoInsert) await account.alsoInsert(trx, row).catch((inner: unknown) => Promise.reject(new AlsoInsertError(inner)));
      });
      return row;
    } catch (error) {
      if (error instanceof AlsoInsertError) throw error.inner;
      if (!isUniqueViolation(error)) throw error;
      const taken = await db.selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirst();
      if (taken) throw new HttpError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.');
      // Otherwise the username (or, very rarely, the referral code) collided: try the next suffix.
    }
  }
  throw new Error('Could not find a free username after 20 attempts');
}

/** The user with `email` (compared lower-case), or undefined. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}
