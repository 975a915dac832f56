/**
 * GraphQL over WebSocket (graphql-ws, subprotocol graphql-transport-ws) on the same port and path
 * as HTTP. SEC-TRANSPORT: messages up to 64 KiB; upgrades only from the allowed origins or without
 * an Origin header (others: HTTP 403).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.js';
import { type DocumentNode, GraphQLError } from 'graphql';
import type { ServerOptions } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { accessTokenExpiry } from '../modules/identity/index.js';
import { unauthenticated } from '../platform/graphql/errors.js';
import { WS_MAX_PAYLOAD_BYTES, allowedOrigins, webSocketOriginAllowed } from '../platform/security/transport.js';
import type { Services } from '../services.js';
import { bearerFrom, buildContext } from './context.js';
import type { PersistedOperations } from './persisted.js';
import { type Yoga, extractPersistedId } from './yoga.js';

/**
 * Close code sent when the connection's access token expires: 4403 Forbidden, which graphql-ws
 * clients retry ("might grant access after retry"); 4401 would be final for them.
 */
const CLOSE_TOKEN_EXPIRED = 4403;
/** setTimeout's longest delay (about 24.8 days); longer ones would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

type ConnectionExtra = { bearer?: string | undefined };
type Options = ServerOptions<Record<string, unknown> | undefined, ConnectionExtra & Record<string, any>>;

const toErrors = (error: unknown) => [error instanceof GraphQLError ? error : new GraphQLError(String((error as Error)?.message ?? error))];

/**
 * The WebSocket server on `app`'s HTTP server, at /api/graphql only. SEC-TRANSPORT: ws closes a
 * socket whose message exceeds maxPayload with 1009 (Message Too Big) while reading it;
 * verifyClient answers a browser page of a foreign origin with HTTP 403 (cross-site WebSocket
 * hijacking), before any graphql-ws message.
 */
function createWebSocketServer(app: FastifyInstance, config: Config): WebSocketServer {
  const origins = allowedOrigins(config);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD_BYTES,
    verifyClient: ({ req }, callback) => (webSocketOriginAllowed(req, origins) ? callback(true) : callback(false, 403, 'Forbidden')),
  });
  app.server.on('upgrade', (request, socket, head) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/api/graphql') return socket.destroy();
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });
  return wss;
}

/**
 * The connection-init payload's Authorization is checked at connect (bad token → 4403). When the
 * connection's access token expires the socket closes with 4403; the web client reconnects with a
 * refreshed token and graphql-ws re-subscribes, so live updates go on.
 */
function onConnect(services: Services): Options['onConnect'] {
  return async (ctx) => {
    const auth = ctx.connectionParams?.['Authorization'] ?? ctx.connectionParams?.['authorization'];
    const bearer = bearerFrom(typeof auth === 'string' ? auth : undefined);
    const result = await buildContext(services, bearer);
    if (typeof result === 'string') return false; // closes with 4403 Forbidden
    ctx.extra.bearer = bearer;
    const expiresAt = bearer ? accessTokenExpiry(bearer) : null;
    const delay = expiresAt === null ? null : Math.max(0, expiresAt - Date.now());
    if (delay !== null && delay <= MAX_TIMER_MS) {
      const socket = ctx.extra.socket;
      const timer = setTimeout(() => socket.close(CLOSE_TOKEN_EXPIRED, 'Access token expired'), delay);
      socket.once('close', () => clearTimeout(timer));
    }
    return true;
  };
}

/**
 * Each operation checks the token again (logout, revocation, expiry and role changes apply to open
 * sockets too) and gets a fresh context and loaders (no connection-wide cache). A subscription is
 * one operation; `viewerUpdated` re-checks the token for each event itself (resolvers/subscriptions.ts).
 * Documents go through the same persisted-operation rules and armor limits as over HTTP.
 */
function onSubscribe(yoga: Yoga, persisted: PersistedOperations, services: Services): Options['onSubscribe'] {
  return async (ctx, _id, payload) => {
    const context = await buildContext(services, ctx.extra.bearer);
    if (typeof context === 'string') return [unauthenticated(`The access token is ${context}.`)];
    const { schema, execute, subscribe, parse, validate } = yoga.getEnveloped({ ...ctx, req: ctx.extra.request, socket: ctx.extra.socket, params: payload });
    if (payload.query && services.config.graphql.persistedOnly) {
      return [new GraphQLError('PersistedQueryOnly', { extensions: { code: 'PERSISTED_QUERY_ONLY' } })];
    }
    const persistedId = payload.query ? null : extractPersistedId(payload);
    const query = payload.query || (persistedId ? persisted.get(persistedId) : null);
    if (!query) return [new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })];
    let document: DocumentNode;
    try {
      document = parse(query);
      const errors = validate(schema, document);
      if (errors.length) return errors;
    } catch (error) {
      return toErrors(error);
    }
    const rootValue = { execute, subscribe };
    return { schema, operationName: payload.operationName ?? null, document, variableValues: payload.variables ?? null, contextValue: context, rootValue };
  };
}

/** Registers the WebSocket endpoint on `app`'s server. @returns `close()`: ends every socket and the server. */
export function registerGraphQLWebSocket(app: FastifyInstance, yoga: Yoga, persisted: PersistedOperations, services: Services): { close(): Promise<void> } {
  const wss = createWebSocketServer(app, services.config);
  const wsServer = useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    {
      onConnect: onConnect(services),
      onSubscribe: onSubscribe(yoga, persisted, services),
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
    },
    wss,
  );
  return {
    async close() {
      await wsServer.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
