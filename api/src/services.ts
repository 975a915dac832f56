/**
 * The composition root's services half (decision 0051): every module service is built here, once,
 * over the platform, and the modules' reactions to each other's domain events are subscribed here.
 * app.ts registers the REST routes and GraphQL with what this returns; nothing else constructs a
 * service. Modules are imported only through their index.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AnalyticsReports, type AnalyticsRecorder, NewsService, ProductService } from './modules/content/index.js';
import {
  AccountSecurity,
  AdminUserService,
  CredentialService,
  LinkedAccountService,
  SessionListService,
  SessionService,
  SocialAuthService,
  UploadService,
  UserService,
  configurePasswordHashing,
  createProviders,
} from './modules/identity/index.js';
import { LedgerService, PayoutMethods, PayoutService, type WebhookDeps, createStripeClient, pausePayouts } from './modules/money/index.js';
import { OrderService, RequestService, claimOrdersIfVerified } from './modules/requests/index.js';
import { AuditService } from './platform/audit.js';
import type { Config } from './platform/config.js';
import type { Db } from './platform/db/index.js';
import { DomainEventBus, type DomainEvents } from './platform/events.js';
import type { LivePubSub } from './platform/graphql/pubsub.js';
import type { JobQueue } from './platform/jobs/queue.js';
import type { MailService } from './platform/mail/index.js';
import type { Challenges } from './platform/security/challenge.js';
import type { RateLimits } from './platform/security/limits.js';
import { SecretBox } from './platform/security/secretBox.js';

/** What the services are built over: the platform of one process. */
export interface Platform {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  mail: MailService;
  jobs: JobQueue;
  limits: RateLimits;
  /** The live-update bus: services announce committed changes on it. */
  pubsub: LivePubSub;
  challenges: Challenges;
  /** The page-view counter; the analytics report flushes it before reading. */
  analytics: AnalyticsRecorder;
}

/** Every service of the api, built once (`createServices`); GraphQL and the REST routes receive them. */
export interface Services {
  config: Config;
  pubsub: LivePubSub;
  mail: MailService;
  sessions: SessionService;
  /** E-mail codes, e-mail change and password flows. */
  credentials: CredentialService;
  /** Two-factor authentication, passkeys, re-authentication and the security timeline (decision 0040). */
  security: AccountSecurity;
  /** Sign-in and linking with the social providers. */
  social: SocialAuthService;
  /** Stored images (avatars). */
  uploads: UploadService;
  /** Lookups, profile changes and deletion of users. */
  users: UserService;
  /** Linked service accounts. */
  linkedAccounts: LinkedAccountService;
  /** The user's live sessions and signing them out (SESSION-DEVICES). */
  sessionList: SessionListService;
  /** The back-office's users list and ending a user's sessions (ADMIN-USERS). */
  adminUsers: AdminUserService;
  /** The audit log of administrators' actions (ADMIN-AUDIT). */
  audit: AuditService;
  /** Orders from the order form (`createOrder`). */
  orders: OrderService;
  /** Requests after the order form: client area, inbox, workflow, messages. */
  requests: RequestService;
  /** The referral ledger: movements, balances, adjustments, commissions. */
  ledger: LedgerService;
  /** Payout requests and the administrators' queue. */
  payouts: PayoutService;
  /** Payout methods and Stripe onboarding. */
  payoutMethods: PayoutMethods;
  /** What the Stripe webhooks and their event job need. */
  webhooks: WebhookDeps;
  /** The product catalogue. */
  products: ProductService;
  /** News. */
  news: NewsService;
  /** The administrators' analytics report (ANALYTICS-REPORT). */
  analytics: AnalyticsReports;
  /** The domain-event bus, for the sign-in route's `emailVerified` (raise only). */
  events: DomainEvents;
}

/**
 * Builds every service over `platform` and subscribes the cross-module reactions. Adopts the
 * upload files of older layouts (awaits the file moves).
 */
export async function createServices(platform: Platform): Promise<Services> {
  const { db, config, log, mail, jobs, limits, pubsub, challenges } = platform;
  configurePasswordHashing(config.passwordHashing); // process-wide, like the thread pool it guards
  const events = new DomainEventBus();
  const userChanged = (id: string) => pubsub.publishUserChanged(id);
  const ledgerChanged = (userIds: string[]) => {
    for (const id of userIds) {
      pubsub.publishLedgerChanged(id);
      pubsub.publishUserChanged(id);
    }
  };

  const sessions = new SessionService(db, config);
  const credentials = new CredentialService({ db, mail, sessions, limits, config, log, userChanged, events });
  const uploads = new UploadService(db, config.uploadsDir, log);
  await uploads.adoptLegacyFiles();
  const security = new AccountSecurity({ db, config, limits, credentials, sessions, mail, jobs, userChanged });
  const social = new SocialAuthService({ db, sessions, credentials, mail, config, providers: createProviders(config), log, userChanged, events });
  const ledger = new LedgerService({ db, jobs, settings: config.referrals, changed: ledgerChanged });
  const stripe = createStripeClient(config);
  const payouts = new PayoutService({ db, jobs, mail, config, stripe, changed: ledgerChanged, log });
  const payoutMethods = new PayoutMethods({
    db,
    mail,
    config,
    stripe,
    box: new SecretBox(config.jwtSecret, 'payouts'),
    credentials,
    userChanged,
    recordChange: (trx, userId, sessionId) => security.record({ userId, sessionId }, 'PAYOUT_METHOD_CHANGED', null, trx),
  });

  // The reactions across modules, in the transaction of the change that raised them.
  events.on('emailVerified', async (executor, { userId }) => void (await claimOrdersIfVerified(executor, userId))); // REQ-CLAIM
  events.on('signInDetailsChanged', async (executor, { userId }) => void (await pausePayouts(executor, userId, config.payouts.cooldownMs))); // PAYOUT-COOLDOWN
  events.on('userDeletionRequested', (executor, { userId }) => ledger.assertDeletable(executor, userId)); // LEDGER-DELETION
  events.on('userDeleted', (executor, { userId }) => ledger.anonymise(executor, userId)); // LEDGER-DELETION
  events.on('requestStatusChanged', async (executor, { before, after, actorId }) => {
    const earners = await ledger.onStatusChange(executor, before, after, actorId); // LEDGER-COMMISSION, LEDGER-REFUND
    return () => ledger.announce(earners);
  });

  return {
    config,
    pubsub,
    mail,
    sessions,
    credentials,
    security,
    social,
    uploads,
    users: new UserService({ db, credentials, uploads, mail, userChanged, events }),
    linkedAccounts: new LinkedAccountService({ db, userChanged }),
    sessionList: new SessionListService(db, config),
    adminUsers: new AdminUserService({ db, config, userChanged }),
    audit: new AuditService(db),
    orders: new OrderService({ db, mail, config, log, limits, challenges }),
    requests: new RequestService({ db, mail, config, orderChanged: (change) => pubsub.publishOrderChanged(change), events }),
    ledger,
    payouts,
    payoutMethods,
    webhooks: { db, jobs, config, stripe, payouts, methods: payoutMethods, log },
    products: new ProductService({ db, contentChanged: (change) => pubsub.publishContentChanged(change) }),
    news: new NewsService({ db, contentChanged: (change) => pubsub.publishContentChanged(change) }),
    analytics: new AnalyticsReports(db, () => platform.analytics.flush()),
    events,
  };
}
