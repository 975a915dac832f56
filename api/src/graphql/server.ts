/**
 * GraphQL at /api/graphql: Yoga over HTTP (POST; GET for persisted queries), graphql-ws
 * (subprotocol graphql-transport-ws) on the same port and path, and an in-process executor
 * for server-side rendering. Depth, cost and alias limits (graphql-armor) apply to every
 * transport; only persisted operations run when `graphql.persistedOnly` (production default).
 * Subscriptions run only over graphql-ws: over HTTP (Yoga's SSE) they are refused with
 * `SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY`, so no HTTP request stays open and graceful shutdown
 * (which closes the sockets first) is not held up by streams.
 * SEC-TRANSPORT: Yoga's own CORS is off (it reflects any origin with credentials); CORS for /api is
 * security/transport.ts's. The WebSocket takes messages up to 64 KiB and upgrades only from the
 * allowed origins or without an Origin header (others: HTTP 403).
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { typeDefs } from '@studio/schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionResult, GraphQLError, execute, parse, validate } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { type GraphQLSchemaWithContext, type Plugin, type YogaInitialContext, createSchema, createYoga, maskError } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { accessTokenExpiry } from '../modules/identity/index.js';
import { controlCharsPlugin } from '../platform/security/controlChars.js';
import { deviceOf } from '../platform/http/device.js';
import { STORAGE_RETRY_AFTER_SECONDS, databaseLabel, storageFault } from '../platform/http/unavailable.js';
import { type GraphQLContext, bearerFrom, buildContext } from './context.js';
import type { Services } from '../services.js';
import { useDocumentCache } from './documentCache.js';
import { createPersistedFastPath, sendFetchResponse } from './fastPath.js';
import { fromServiceError, unauthenticated } from '../platform/graphql/errors.js';
import { PersistedOperations } from './persisted.js';
import { resolvers } from './resolvers/index.js';
import { assertMutationsClassified, guardMutations } from './proofGuard.js';
import { WS_MAX_PAYLOAD_BYTES, allowedOrigins, webSocketOriginAllowed } from '../platform/security/transport.js';

type RequestCtx = { req: FastifyRequest; reply: FastifyReply };
type SchemaResolvers = NonNullable<Parameters<typeof createSchema<GraphQLContext>>[0]['resolvers']>;

/** The persisted-operation id of a request: APQ `extensions.persistedQuery.sha256Hash` or `documentId`. */
function extractPersistedId(params: { extensions?: Record<string, unknown> | null | undefined }): string | null {
  const apq = params.extensions?.['persistedQuery'] as { sha256Hash?: unknown } | undefined;
  if (apq && typeof apq === 'object' && typeof apq.sha256Hash === 'string') return apq.sha256Hash;
  const documentId = (params as { documentId?: unknown }).documentId;
  return typeof documentId === 'string' ? documentId : null;
}

/**
 * Refuses subscriptions that arrive over HTTP. Yoga's HTTP contexts carry the `request`
 * (YogaInitialContext); the graphql-ws path below executes with a context built by
 * `buildContext`, which has none.
 */
const subscriptionsOverWebSocketOnly: Plugin = {
  onSubscribe({ args, setResultAndStopExecution }) {
    if (!('request' in (args.contextValue as object))) return;
    setResultAndStopExecution({
      errors: [
        new GraphQLError('Subscriptions are served over WebSocket only: connect to /api/graphql with the graphql-transport-ws subprotocol.', {
          extensions: { code: 'SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY', http: { status: 400 } },
        }),
      ],
    });
  },
};

/**
 * What is wrong with the JSON query parameters of a GET request (`variables`, `extensions`), or
 * null: each, when present, must be one JSON object (API-ERRORS: bad input is a 400, not a 500).
 */
export function getParamsProblem(query: Record<string, unknown>): string | null {
  for (const name of ['variables', 'extensions']) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    if (typeof raw !== 'string') return `The query parameter "${name}" must be given once.`;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return `The query parameter "${name}" is not valid JSON; send a JSON object, e.g. ${name}={}.`;
    }
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) return `The query parameter "${name}" must be a JSON object.`;
  }
  return null;
}

export interface GraphQLServer {
  /** Executes a persisted operation (by id) or a document in-process, as an anonymous visitor. */
  executeOperation(request: { id?: string | null; text?: string | null; variables: Record<string, unknown> }): Promise<ExecutionResult>;
  close(): Promise<void>;
}

/** Registers the GraphQL routes and WebSocket endpoint on `app`. */
export function registerGraphQL(app: FastifyInstance, services: Services): GraphQLServer {
  const { config } = services;
  // Resolvers take typed database rows as parents; graphql-tools' resolver map types every
  // parent loosely, so the map is widened once here rather than in every resolver.
  // ACC-SUDO: the mutations behind the one proof table (accountSecurity/policy.ts, decision 0044).
  const guarded = { ...resolvers, Mutation: guardMutations(resolvers.Mutation as unknown as Parameters<typeof guardMutations>[0]) };
  const schema = createSchema<GraphQLContext>({ typeDefs, resolvers: guarded as unknown as SchemaResolvers });
  assertMutationsClassified(schema);
  const persisted = new PersistedOperations(config.persistedQueriesFile);
  const armor = EnvelopArmorPlugin({
    // Depth is the nesting of data: a Relay fragment spread or inline fragment adds no level (GRAPHQL-LIMITS).
    maxDepth: { n: config.graphql.maxDepth, flattenFragments: true },
    costLimit: { maxCost: config.graphql.maxCost },
    maxAliases: { n: config.graphql.maxAliases },
    blockFieldSuggestion: { enabled: config.env === 'production' },
  });

  const yoga = createYoga<RequestCtx, GraphQLContext>({
    // createSchema types its context as YogaInitialContext & GraphQLContext, createYoga expects the
    // server context (req, reply) too; the schema never reads req/reply, so the narrower type is safe.
    schema: schema as GraphQLSchemaWithContext<RequestCtx & YogaInitialContext & GraphQLContext>,
    graphqlEndpoint: '/api/graphql',
    cors: false, // SEC-TRANSPORT: security/transport.ts answers CORS for the allowed origins only
    graphiql: config.env !== 'production' && !config.graphql.persistedOnly,
    landingPage: false,
    logging: { debug: () => {}, info: () => {}, warn: (...a) => app.log.warn(a), error: (...a) => app.log.error(a) },
    // A service's HttpError becomes its code (the one map, fromServiceError); a storage fault (disk
    // full, database away) is a 503 with a code the client can explain; the rest keeps Yoga's
    // masking ("Unexpected error.", details only in development).
    maskedErrors: {
      isDev: config.env === 'development',
      maskError(error, message, isDev) {
        const mapped = error instanceof GraphQLError ? fromServiceError(error) : null;
        if (mapped) return mapped;
        const fault = storageFault(error, databaseLabel(config.database));
        if (!fault) return maskError(error, message, isDev);
        app.log.error({ err: error, path: fault.path }, `storage unavailable (${fault.code}) at ${fault.path}`);
        return new GraphQLError(fault.message, { extensions: { code: fault.code, retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS, http: { status: 503 } } });
      },
    },
    // Parse and validation results are kept per operation text by useDocumentCache (decision 0038).
    parserAndValidationCache: false,
    plugins: [
      useDocumentCache(),
      usePersistedOperations({
        getPersistedOperation: (id: string) => persisted.get(id),
        allowArbitraryOperations: !config.graphql.persistedOnly,
        extractPersistedOperationId: extractPersistedId,
      }),
      armor,
      subscriptionsOverWebSocketOnly,
      controlCharsPlugin,
    ],
    context: async ({ request, req }) => {
      const result = await buildContext(services, bearerFrom(request.headers.get('authorization')));
      if (typeof result === 'string') throw unauthenticated(`The access token is ${result}.`);
      return { ...result, clientIp: req.ip, device: deviceOf(req) };
    },
  });

  const fastPath = createPersistedFastPath(yoga, persisted, services);
  app.route({
    url: '/api/graphql',
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      if (req.method === 'GET') {
        const problem = getParamsProblem(req.query as Record<string, unknown>);
        if (problem) return reply.status(400).send({ errors: [{ message: problem, extensions: { code: 'BAD_REQUEST' } }] });
      }
      if (await fastPath(req, reply)) return reply;
      return sendFetchResponse(reply, await yoga.handleNodeRequestAndResponse(req, reply, { req, reply }));
    },
  });

  // graphql-ws shares the HTTP server; the connection-init payload carries Authorization.
  /**
   * Close code sent when the connection's access token expires: 4403 Forbidden, which graphql-ws
   * clients retry ("might grant access after retry"); 4401 would be final for them.
   */
  const CLOSE_TOKEN_EXPIRED = 4403;
  /** setTimeout's longest delay (about 24.8 days); longer ones would fire at once. */
  const MAX_TIMER_MS = 2 ** 31 - 1;
  // SEC-TRANSPORT: ws closes a socket whose message exceeds maxPayload with 1009 (Message Too Big)
  // while reading it; verifyClient answers a browser page of a foreign origin with HTTP 403
  // (cross-site WebSocket hijacking), before any graphql-ws message.
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
  // The connection-init payload's Authorization is checked at connect (bad token → 4403) and
  // again for every operation, so logout, revocation, expiry and role changes apply to open
  // sockets too, and each operation gets fresh loaders (no connection-wide cache). A subscription
  // is one operation; `viewerUpdated` re-checks the token for each event itself (resolvers/subscriptions.ts).
  // Subscription documents go through the same persisted-operation rules and armor limits.
  const toErrors = (error: unknown) => [error instanceof GraphQLError ? error : new GraphQLError(String((error as Error)?.message ?? error))];
  const wsServer = useServer<Record<string, unknown> | undefined, { bearer?: string | undefined }>(
    {
      onConnect: async (ctx) => {
        const auth = ctx.connectionParams?.['Authorization'] ?? ctx.connectionParams?.['authorization'];
        const bearer = bearerFrom(typeof auth === 'string' ? auth : undefined);
        const result = await buildContext(services, bearer);
        if (typeof result === 'string') return false; // closes with 4403 Forbidden
        ctx.extra.bearer = bearer;
        // When the connection's access token expires the socket closes with 4403; the web client
        // reconnects with a refreshed token and graphql-ws re-subscribes, so live updates go on.
        const expiresAt = bearer ? accessTokenExpiry(bearer) : null;
        const delay = expiresAt === null ? null : Math.max(0, expiresAt - Date.now());
        if (delay !== null && delay <= MAX_TIMER_MS) {
          const socket = ctx.extra.socket;
          const timer = setTimeout(() => socket.close(CLOSE_TOKEN_EXPIRED, 'Access token expired'), delay);
          socket.once('close', () => clearTimeout(timer));
        }
        return true;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const context = await buildContext(services, ctx.extra.bearer);
        if (typeof context === 'string') return [unauthenticated(`The access token is ${context}.`)];
        const {
          schema: s,
          execute: exec,
          subscribe,
          parse: p,
          validate: v,
        } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          params: payload,
        });
        if (payload.query && config.graphql.persistedOnly) {
          return [new GraphQLError('PersistedQueryOnly', { extensions: { code: 'PERSISTED_QUERY_ONLY' } })];
        }
        const persistedId = payload.query ? null : extractPersistedId(payload);
        const query = payload.query || (persistedId ? persisted.get(persistedId) : null);
        if (!query) return [new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })];
        let document: DocumentNode;
        try {
          document = p(query);
          const errors = v(s, document);
          if (errors.length) return errors;
        } catch (error) {
          return toErrors(error);
        }
        return {
          schema: s,
          operationName: payload.operationName ?? null,
          document,
          variableValues: payload.variables ?? null,
          contextValue: context,
          rootValue: { execute: exec, subscribe },
        };
      },
      execute: (args: any) => args.rootValue.execute(args),
      subscribe: (args: any) => args.rootValue.subscribe(args),
    },
    wss,
  );

  // In-process execution for SSR: parsed and validated once per document.
  const documents = new Map<string, DocumentNode>();
  async function executeOperation(request: { id?: string | null; text?: string | null; variables: Record<string, unknown> }) {
    const text = request.text ?? (request.id ? persisted.get(request.id) : null);
    if (!text) return { errors: [new GraphQLError('PersistedQueryNotFound')] };
    let document = documents.get(text);
    if (!document) {
      document = parse(text);
      const errors = validate(schema, document);
      if (errors.length) return { errors };
      documents.set(text, document);
    }
    const context = await buildContext(services, undefined);
    const result = (await execute({ schema, document, variableValues: request.variables, contextValue: context })) as ExecutionResult;
    return result.errors ? { ...result, errors: result.errors.map((error) => fromServiceError(error) ?? error) } : result;
  }

  return {
    executeOperation,
    async close() {
      await wsServer.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
