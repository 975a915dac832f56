/**
 * Table shapes as Kysely sees them (camelCase in code, snake_case in the database through
 * CamelCasePlugin). One shape serves SQLite and PostgreSQL: ids are text (UUIDs), times are
 * ISO 8601 UTC text, booleans are integers 0/1, money is integer minor units (ACC-REFERRAL).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { AnalyticsDailyTable, AnalyticsDaysTable, AnalyticsSaltsTable, AnalyticsVisitorsTable } from './analyticsTables.js';
import type { AuditLogTable, OrderMessagesTable, OrdersTable, OrderStatusChangesTable } from './backOfficeTables.js';
import type { JobsTable, MailOutboxTable } from './backgroundTables.js';
import type { ContentSeedsTable, NewsItemsTable, NewsSlugsTable, NewsTranslationsTable, ProductsTable, ProductTranslationsTable } from './contentTables.js';
import type {
  PasskeysTable,
  RecoveryCodesTable,
  SecurityEventsTable,
  TotpSecretsTable,
  TwoFactorChallengesTable,
  TwoFactorRecoveriesTable,
  WebauthnChallengesTable,
} from './securityTables.js';
import type { LedgerAccountsTable, LedgerEntriesTable, LedgerTransactionsTable, PayoutsTable, StripeEventsTable } from './ledgerTables.js';

export type {
  AuditLogRow,
  AuditLogTable,
  OrderMessageRow,
  OrderMessagesTable,
  OrderRow,
  OrdersTable,
  OrderStatusChangeRow,
  OrderStatusChangesTable,
} from './backOfficeTables.js';
export type { JobRow, JobStatus, JobsTable, MailOutboxRow, MailOutboxTable, MailStatus } from './backgroundTables.js';
export type * from './ledgerTables.js';
export type * from './analyticsTables.js';
export type * from './securityTables.js';
export type * from './contentTables.js';

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
  /** Derived from the ledger (LEDGER-DERIVED): available, in minor units of `balanceCurrency`; a string from PostgreSQL's bigint. */
  balance: number | string;
  balanceCurrency: string;
  /** Derived from the ledger: pending + in payout. */
  held: number | string;
  withdrawalMethod: string | null;
  withdrawalMethodDetails: string | null;
  stripeAccountId: string | null;
  stripeOnboardingCompleted: number;
  imageId: string | null;
  /** The language of the account's mails (en, ru, es): set at registration, updated at sign-in. */
  locale: string;
  /** The new address of an e-mail change waiting for its code, or null. */
  pendingEmail: string | null;
  /** The end of the payout cool-down after a password, e-mail or payout method change (PAYOUT-COOLDOWN). */
  payoutsPausedUntil: Generated<string | null>;
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
  /** The User-Agent the session was started from, cut to `USER_AGENT_MAX` (SESSION-DEVICES); null when none was sent. */
  userAgent: string | null;
  /** The approximate network the session was started from, e.g. "203.0.113.x" (SESSION-DEVICES). */
  network: string | null;
  /** When the session last proved its password again (PAYOUT-REAUTH). */
  reauthenticatedAt: Generated<string | null>;
  /** 1 when the sign-in passed a second factor or was a passkey's (ACC-SUDO, decision 0044). */
  secondFactorSignIn: Generated<number>;
  /** The proof `reauthenticatedAt` stands for: PASSWORD, TOTP, PASSKEY or EMAIL_CODE (null: before decision 0044, read as PASSWORD). */
  reauthenticatedMethod: Generated<string | null>;
  /** How the session last proved itself: its sign-in's method or its last re-authentication's (ACC-RESET, migration 0021). */
  proofMethod: Generated<string | null>;
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

/** One rendition of an image (ACC-AVATAR): the WebP bytes and their strong ETag (`"<sha256 base64url>"`). */
export interface ImageFilesTable {
  imageId: string;
  /** `LARGE` or `SMALL` (uploads/service.ts IMAGE_SIZES). */
  size: string;
  content: Buffer;
  etag: string;
  created: string;
}

/** A generated server secret by name (security/signingSecret.ts), shared by every process. */
export interface SecretsTable {
  name: string;
  value: string;
  created: string;
}

/** When the last order confirmation went to an address (ORDER-MAIL; migration 0011). */
export interface OrderConfirmationsTable {
  email: string;
  sent: string;
}

/** A solved proof-of-work challenge, kept until it expires so it cannot be used again (SEC-CHALLENGE). */
export interface UsedChallengesTable {
  signature: string;
  expires: string;
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
  /** The provider's access token, encrypted (security/secretBox.ts); null when none is kept. */
  serviceAccessToken: string | null;
  /** The provider's refresh token, encrypted; null when none is kept. */
  serviceRefreshToken: string | null;
  /** 1 when linked while the user's address was unverified (ACC-LINKED, migration 0010); a password reset removes such links. */
  addedUnverified: Generated<number>;
  /** The session that added the link (ACC-RESET, migration 0021); null for a sign-up or an older link. */
  addedSessionId: Generated<string | null>;
  /** What vouched for the link when it was added (`AddedProof`, accountSecurity/provenance.ts). */
  addedProof: Generated<string | null>;
}

/** A pending social authorization request, keyed by the SHA-256 of its `state` (single use, 10 min). */
export interface SocialStatesTable {
  id: string;
  provider: string;
  /** `login` (sign in or sign up) or `link` (add to `userId`). */
  mode: string;
  userId: string | null;
  /** The PKCE code_verifier, encrypted. */
  codeVerifier: string;
  nonce: string;
  callbackUrl: string;
  deviceToken: string;
  returnPath: string;
  /** SHA-256 of the `studio.social` cookie of the browser that started it (RFC 6749 §10.12). */
  browserBinding: string;
  /** The session that started a `link` (ACC-LINKED, ACC-SUDO: its proof must have counted then; ACC-RESET: it is recorded on the link). */
  sessionId: string | null;
  expiresAt: string;
  created: string;
}

/** A one-time code `/loading` exchanges for credentials, keyed by its SHA-256 (single use, 60 s). */
export interface SocialLoginCodesTable {
  id: string;
  userId: string;
  deviceToken: string;
  returnPath: string;
  expiresAt: string;
  created: string;
}

export interface ReferralCodesTable {
  id: string;
  userId: string;
  code: string;
  created: string;
  isActive: number;
  type: string;
}

/**
 * A one-time e-mail code (ACC-EMAIL): at most one live code per user and purpose; only its
 * HMAC is stored. `email` is the address it was sent to (the new one for a change).
 */
export interface EmailCodesTable {
  id: string;
  userId: string;
  purpose: 'verify' | 'change' | 'delete' | 'reauth';
  email: string;
  codeHash: string;
  attempts: number;
  expiresAt: string;
  created: string;
}

/** A password-reset link's token (ACC-RESET), stored only as its SHA-256 hash; single use. */
export interface PasswordResetsTable {
  id: string;
  userId: string;
  tokenHash: string;
  expiresAt: string;
  usedAt: string | null;
  created: string;
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
  imageFiles: ImageFilesTable;
  secrets: SecretsTable;
  orderConfirmations: OrderConfirmationsTable;
  usedChallenges: UsedChallengesTable;
  serviceAccounts: ServiceAccountsTable;
  socialStates: SocialStatesTable;
  socialLoginCodes: SocialLoginCodesTable;
  referralCodes: ReferralCodesTable;
  products: ProductsTable;
  productTranslations: ProductTranslationsTable;
  mailOutbox: MailOutboxTable;
  jobs: JobsTable;
  newsItems: NewsItemsTable;
  newsTranslations: NewsTranslationsTable;
  newsSlugs: NewsSlugsTable;
  orders: OrdersTable;
  orderStatusChanges: OrderStatusChangesTable;
  orderMessages: OrderMessagesTable;
  auditLog: AuditLogTable;
  ledgerAccounts: LedgerAccountsTable;
  ledgerTransactions: LedgerTransactionsTable;
  ledgerEntries: LedgerEntriesTable;
  payouts: PayoutsTable;
  stripeEvents: StripeEventsTable;
  contentSeeds: ContentSeedsTable;
  emailCodes: EmailCodesTable;
  passwordResets: PasswordResetsTable;
  analyticsDaily: AnalyticsDailyTable;
  analyticsDays: AnalyticsDaysTable;
  analyticsSalts: AnalyticsSaltsTable;
  analyticsVisitors: AnalyticsVisitorsTable;
  totpSecrets: TotpSecretsTable;
  recoveryCodes: RecoveryCodesTable;
  twoFactorChallenges: TwoFactorChallengesTable;
  twoFactorRecoveries: TwoFactorRecoveriesTable;
  passkeys: PasskeysTable;
  webauthnChallenges: WebauthnChallengesTable;
  securityEvents: SecurityEventsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type EmailCodeRow = Selectable<EmailCodesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewsItemRow = Selectable<NewsItemsTable>;

export type NewsTranslationRow = Selectable<NewsTranslationsTable>;
