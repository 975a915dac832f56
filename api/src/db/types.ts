/**
 * Table shapes as Kysely sees them (camelCase in code, snake_case in the database through
 * CamelCasePlugin). One shape serves SQLite and PostgreSQL: ids are text (UUIDs), times are
 * ISO 8601 UTC text, booleans are integers 0/1, money is integer minor units (DESIGN.md §6).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string;
  username: string;
  fullName: string;
  passwordHash: string | null;
  bio: string | null;
  phone: string | null;
  telegram: string | null;
  role: string;
  type: string;
  isVerified: number;
  balance: number;
  balanceCurrency: string;
  held: number;
  withdrawalMethod: string | null;
  withdrawalMethodDetails: string | null;
  stripeAccountId: string | null;
  stripeOnboardingCompleted: number;
  imageId: string | null;
  created: string;
  updated: string;
}

/** A refresh-token family: one per signed-in device (deviceToken). */
export interface SessionsTable {
  id: string;
  userId: string;
  deviceToken: string;
  created: string;
  lastUsed: string;
  revokedAt: string | null;
  revokedReason: string | null;
}

/** One opaque refresh token of a family, stored only as its SHA-256 hash. */
export interface RefreshTokensTable {
  id: string;
  sessionId: string;
  tokenHash: string;
  created: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface ImagesTable {
  id: string;
  userId: string;
  created: string;
  ext: string;
  sourceFileName: string | null;
  type: string;
  path: string;
}

export interface ServiceAccountsTable {
  id: string;
  userId: string;
  created: string;
  serviceAccountType: string;
  serviceEmail: string | null;
  servicePhone: string | null;
  serviceTokenExpiredAt: string | null;
  serviceType: string;
  serviceUserId: string;
  serviceUsername: string | null;
}

export interface ReferralCodesTable {
  id: string;
  userId: string;
  code: string;
  created: string;
  isActive: number;
  type: string;
}

export interface ProductsTable {
  id: string;
  slug: string;
  position: number;
  created: string;
}

export interface ProductTranslationsTable {
  productId: string;
  locale: string;
  name: string;
  tagline: string;
}

export interface KyselyMigrationLock {
  id: string;
  isLocked: Generated<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refreshTokens: RefreshTokensTable;
  images: ImagesTable;
  serviceAccounts: ServiceAccountsTable;
  referralCodes: ReferralCodesTable;
  products: ProductsTable;
  productTranslations: ProductTranslationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ProductRow = Selectable<ProductsTable>;
