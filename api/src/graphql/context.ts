/**
 * The per-operation GraphQL context: the database, the authenticated viewer (or null) and
 * per-request batch loaders, so a page that lists N things makes one query per table.
 */
import DataLoader from 'dataloader';
import type { CredentialService } from '../credentials/service.js';
import type { SessionService } from '../auth/sessions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { NewsTranslationRow, ProductRow, ProductTranslationsTable, UserRow } from '../db/types.js';
import type { OrderService } from '../orders/service.js';
import type { UploadService } from '../uploads/service.js';
import type { Viewer } from './policy.js';
import type { LivePubSub } from './pubsub.js';

export interface Services {
  db: Db;
  sessions: SessionService;
  config: Config;
  /** Change notices for subscriptions (pubsub.ts); mutations publish, `viewerUpdated` listens. */
  pubsub: LivePubSub;
  /** Orders from the order form (`createOrder`). */
  orders: OrderService;
  /** E-mail codes, e-mail change and password flows (credentials/service.ts). */
  accounts: CredentialService;
  /** Stored images (avatars). */
  uploads: UploadService;
}

export interface GraphQLContext extends Services {
  /**
   * The bearer token this context was built from (undefined for anonymous visitors). A
   * subscription keeps its context for its whole life and re-checks this token for every event.
   */
  bearer: string | undefined;
  viewer: Viewer | null;
  /** The client's IP address (HTTP requests; behind a proxy only in production, `trustProxy`), for rate limits. */
  clientIp?: string;
  loaders: ReturnType<typeof createLoaders>;
}

function byKey<K, V>(keys: readonly K[], rows: V[], key: (row: V) => K): (V | undefined)[] {
  const map = new Map(rows.map((r) => [key(r), r] as const));
  return keys.map((k) => map.get(k));
}

/** New loaders for one request. */
export function createLoaders(db: Db) {
  return {
    user: new DataLoader<string, UserRow | undefined>(async (ids) =>
      byKey(ids, await db.selectFrom('users').selectAll().where('id', 'in', [...ids]).execute(), (r) => r.id),
    ),
    product: new DataLoader<string, ProductRow | undefined>(async (ids) =>
      byKey(ids, await db.selectFrom('products').selectAll().where('id', 'in', [...ids]).execute(), (r) => r.id),
    ),
    productTranslations: new DataLoader<string, ProductTranslationsTable[]>(async (ids) => {
      const rows = await db.selectFrom('productTranslations').selectAll().where('productId', 'in', [...ids]).execute();
      return ids.map((id) => rows.filter((r) => r.productId === id));
    }),
    newsTranslations: new DataLoader<string, NewsTranslationRow[]>(async (ids) => {
      const rows = await db.selectFrom('newsTranslations').selectAll().where('newsItemId', 'in', [...ids]).execute();
      return ids.map((id) => rows.filter((r) => r.newsItemId === id));
    }),
  };
}

/**
 * Builds the context for a bearer token (or none).
 * @returns the context, or the reason the token was refused ('expired' | 'invalid' | 'revoked').
 */
export async function buildContext(services: Services, bearer: string | undefined): Promise<GraphQLContext | 'expired' | 'invalid' | 'revoked'> {
  const loaders = createLoaders(services.db);
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
