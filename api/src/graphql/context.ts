/**
 * The per-operation GraphQL context: the services the resolvers call (built once, services.ts), the authenticated viewer
 * (or null) and per-request batch loaders, so a page that lists N things makes one query per
 * table. The resolvers never query the database themselves; the services do.
 */
import DataLoader from 'dataloader';
import type { NewsTranslationRow, OrderMessageRow, OrderStatusChangeRow, ProductRow, ProductTranslationsTable, UserRow } from '../platform/db/types.js';
import type { DeviceInfo } from '../platform/http/device.js';
import type { Services } from '../services.js';
import type { Viewer } from './policy.js';

export interface GraphQLContext extends Services {
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
export function servicesOf(ctx: GraphQLContext): Services {
  const { bearer: _bearer, viewer: _viewer, clientIp: _clientIp, device: _device, loaders: _loaders, ...services } = ctx;
  return services;
}

/**
 * The loaders of one request; their batches are the services' batch queries. Each is created on
 * first use (decision 0038): most operations touch one or two of them.
 */
export function createLoaders(services: Pick<Services, 'users' | 'products' | 'news' | 'requests'>) {
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
export async function buildContext(services: Services, bearer: string | undefined): Promise<GraphQLContext | 'expired' | 'invalid' | 'revoked'> {
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
