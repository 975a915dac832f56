/**
 * The per-operation GraphQL context: the services the resolvers call, the authenticated viewer
 * (or null) and per-request batch loaders, so a page that lists N things makes one query per
 * table. The resolvers never query the database themselves; the services do.
 */
import DataLoader from 'dataloader';
import type { AnalyticsReports } from '../modules/content/analytics/reports.js';
import type { AccountSecurity } from '../modules/identity/accountSecurity/service.js';
import { SessionListService } from '../modules/identity/auth/sessionList.js';
import type { SessionService } from '../modules/identity/auth/sessions.js';
import type { Config } from '../platform/config.js';
import { NewsService } from '../modules/content/news.js';
import { ProductService } from '../modules/content/products.js';
import type { CredentialService } from '../modules/identity/credentials/service.js';
import type { Db } from '../platform/db/index.js';
import type { NewsTranslationRow, OrderMessageRow, OrderStatusChangeRow, ProductRow, ProductTranslationsTable, UserRow } from '../platform/db/types.js';
import type { DeviceInfo } from '../platform/http/device.js';
import type { MailService } from '../platform/mail/index.js';
import { RequestService } from '../modules/requests/requests.js';
import type { OrderService } from '../modules/requests/service.js';
import type { UploadService } from '../modules/identity/uploads/service.js';
import { AuditService } from '../platform/audit.js';
import type { LedgerService } from '../modules/money/ledger/service.js';
import type { PayoutMethods } from '../modules/money/payouts/methods.js';
import type { PayoutService } from '../modules/money/payouts/service.js';
import { AdminUserService } from '../modules/identity/users/adminUsers.js';
import { LinkedAccountService } from '../modules/identity/users/linked.js';
import { UserService } from '../modules/identity/users/profile.js';
import type { Viewer } from './policy.js';
import type { ContentChange, LivePubSub } from '../platform/graphql/pubsub.js';

/** What the server hands to the GraphQL layer (app.ts). */
export interface Services {
  db: Db;
  sessions: SessionService;
  config: Config;
  /** Change notices for subscriptions (pubsub.ts); mutations publish, `viewerUpdated` listens. */
  pubsub: LivePubSub;
  /** Orders from the order form (`createOrder`). */
  orders: OrderService;
  /** E-mail codes, e-mail change and password flows (credentials/service.ts). */
  credentials: CredentialService;
  /** Stored images (avatars). */
  uploads: UploadService;
  /** The mail outbox (MAIL-OUTBOX), for the security mails of changes made here (MAIL-SECURITY). */
  mail: MailService;
  /** The referral ledger (ledger/service.ts): movements, balances, adjustments, commissions. */
  ledger: LedgerService;
  /** Payout requests and the administrators' queue (payouts/service.ts). */
  payouts: PayoutService;
  /** Payout methods, re-authentication and Stripe onboarding (payouts/methods.ts). */
  payoutMethods: PayoutMethods;
  /** The administrators' analytics report (analytics/reports.ts, ANALYTICS-REPORT). */
  analytics: AnalyticsReports;
  /** Two-factor authentication, passkeys, re-authentication and the security timeline (accountSecurity/, decision 0040). */
  security: AccountSecurity;
}

/**
 * The services the resolvers call: the server's, without the database handle (resolvers never
 * query it), plus the services built over it here.
 */
export interface ResolverServices extends Omit<Services, 'db'> {
  /** Lookups, profile changes and deletion of users (users/profile.ts). */
  users: UserService;
  /** Linked service accounts (users/linked.ts). */
  linkedAccounts: LinkedAccountService;
  /** The product catalogue (content/products.ts). */
  products: ProductService;
  /** News (content/news.ts). */
  news: NewsService;
  /** The user's live sessions and signing them out (auth/sessionList.ts, SESSION-DEVICES). */
  sessionList: SessionListService;
  /** The back-office's users list and ending a user's sessions (users/adminUsers.ts, ADMIN-USERS). */
  adminUsers: AdminUserService;
  /** The audit log of administrators' actions (admin/audit.ts, ADMIN-AUDIT). */
  audit: AuditService;
  /** Requests after the order form: client area, inbox, workflow, messages (orders/requests.ts). */
  requests: RequestService;
}

/** Builds the resolvers' services once, over the server's. */
export function resolverServices(services: Services): ResolverServices {
  const { db, ...shared } = services;
  const { credentials, uploads, pubsub, mail, ledger } = shared;
  const userChanged = (id: string) => pubsub.publishUserChanged(id);
  const contentChanged = (change: ContentChange) => pubsub.publishContentChanged(change);
  return {
    ...shared,
    users: new UserService({ db, credentials, uploads, mail, userChanged, ledger }),
    linkedAccounts: new LinkedAccountService({ db, userChanged }),
    products: new ProductService({ db, contentChanged }),
    news: new NewsService({ db, contentChanged }),
    sessionList: new SessionListService(db, shared.config),
    adminUsers: new AdminUserService({ db, config: shared.config, userChanged }),
    audit: new AuditService(db),
    requests: new RequestService({ db, mail, config: shared.config, orderChanged: (change) => pubsub.publishOrderChanged(change), ledger }),
  };
}

export interface GraphQLContext extends ResolverServices {
  /**
   * The bearer token this context was built from (undefined for anonymous visitors). A
   * subscription keeps its context for its whole life and re-checks this token for every event.
   */
  bearer: string | undefined;
  viewer: Viewer | null;
  /** The client's IP address (HTTP requests; behind a proxy only in production, `trustProxy`), for rate limits. */
  clientIp?: string;
  /**
   * The device of the HTTP request (label and approximate network, http/device.ts), for the
   * security mails (MAIL-SECURITY); absent over WebSocket.
   */
  device?: DeviceInfo;
  loaders: ReturnType<typeof createLoaders>;
}

/** The services of `ctx` (all but its per-request fields), to build another context from (a subscription's fresh one per event). */
export function servicesOf(ctx: GraphQLContext): ResolverServices {
  const { bearer: _bearer, viewer: _viewer, clientIp: _clientIp, device: _device, loaders: _loaders, ...services } = ctx;
  return services;
}

/**
 * The loaders of one request; their batches are the services' batch queries. Each is created on
 * first use (decision 0038): most operations touch one or two of them.
 */
export function createLoaders(services: Pick<ResolverServices, 'users' | 'products' | 'news' | 'requests'>) {
  const { users, products, news, requests } = services;
  let user: DataLoader<string, UserRow | undefined> | undefined;
  let product: DataLoader<string, ProductRow | undefined> | undefined;
  let productTranslations: DataLoader<string, ProductTranslationsTable[]> | undefined;
  let newsTranslations: DataLoader<string, NewsTranslationRow[]> | undefined;
  let orderTimeline: DataLoader<string, OrderStatusChangeRow[]> | undefined;
  let orderMessages: DataLoader<string, OrderMessageRow[]> | undefined;
  let orderNotes: DataLoader<string, OrderMessageRow[]> | undefined;
  return {
    get user() {
      return (user ??= new DataLoader((ids) => users.byIds(ids)));
    },
    get product() {
      return (product ??= new DataLoader((ids) => products.byIds(ids)));
    },
    get productTranslations() {
      return (productTranslations ??= new DataLoader((ids) => products.translations(ids)));
    },
    get newsTranslations() {
      return (newsTranslations ??= new DataLoader((ids) => news.translations(ids)));
    },
    get orderTimeline() {
      return (orderTimeline ??= new DataLoader((ids) => requests.timelines(ids)));
    },
    get orderMessages() {
      return (orderMessages ??= new DataLoader((ids) => requests.messages(ids, false)));
    },
    get orderNotes() {
      return (orderNotes ??= new DataLoader((ids) => requests.messages(ids, true)));
    },
  };
}

/**
 * Builds the context for a bearer token (or none).
 * @returns the context, or the reason the token was refused ('expired' | 'invalid' | 'revoked').
 */
export async function buildContext(services: ResolverServices, bearer: string | undefined): Promise<GraphQLContext | 'expired' | 'invalid' | 'revoked'> {
  const loaders = createLoaders(services);
  if (!bearer) return { ...services, bearer: undefined, viewer: null, loaders };
  const claims = await services.sessions.authenticate(bearer);
  if (typeof claims === 'string') return claims;
  const { user } = claims;
  loaders.user.prime(user.id, user);
  return { ...services, bearer, viewer: { userId: user.id, sessionId: claims.sessionId, role: user.role }, loaders };
}

/** The token of an `Authorization: Bearer …` header value, if any. */
export function bearerFrom(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1];
}
