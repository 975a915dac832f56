/**
 * GraphQL over HTTP at /api/graphql: the Yoga server (error masking, limits, persisted operations)
 * and its Fastify route, with the persisted fast path in front (decision 0038).
 */
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError } from 'graphql';
import {
  type GraphQLSchemaWithContext,
  type Plugin,
  type YogaInitialContext,
  type YogaServerInstance,
  createYoga,
  handleStreamOrSingleExecutionResult,
  maskError,
} from 'graphql-yoga';
import { deviceOf } from '../platform/http/device.js';
import { STORAGE_RETRY_AFTER_SECONDS, databaseLabel, storageFault } from '../platform/http/unavailable.js';
import { fromServiceError, unauthenticated } from '../platform/graphql/errors.js';
import { controlCharsPlugin } from '../platform/security/controlChars.js';
import type { Services } from '../services.js';
import { type GraphQLContext, bearerFrom, buildContext } from './context.js';
import { useDocumentCache } from './documentCache.js';
import { createPersistedFastPath, sendFetchResponse } from './fastPath.js';
import type { PersistedOperations } from './persisted.js';

export type RequestCtx = { req: FastifyRequest; reply: FastifyReply };
export type Yoga = YogaServerInstance<RequestCtx, GraphQLContext>;

/** The persisted-operation id of a request: APQ `extensions.persistedQuery.sha256Hash` or `documentId`. */
export function extractPersistedId(params: { extensions?: Record<string, unknown> | null | undefined }): string | null {
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
 * The one error mapping, before Yoga's masking (API-ERRORS): a service's `HttpError` in a result
 * becomes its GraphQL error (`fromServiceError`) as execution ends, so the masking never sees it
 * and never logs an expected refusal (a wrong code, a missing proof) as a server error.
 */
const serviceErrors: Plugin = {
  onExecute() {
    return {
      onExecuteDone(payload) {
        return handleStreamOrSingleExecutionResult(payload, ({ result, setResult }) => {
          if (result.errors?.length) setResult({ ...result, errors: result.errors.map((error) => fromServiceError(error) ?? error) });
        });
      },
    };
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

/** The Yoga server over `schema`: limits (GRAPHQL-LIMITS), persisted operations, one error mapping, the bearer's context. */
export function createYogaServer(
  app: FastifyInstance,
  services: Services,
  schema: GraphQLSchemaWithContext<GraphQLContext>,
  persisted: PersistedOperations,
): Yoga {
  const { config } = services;
  const armor = EnvelopArmorPlugin({
    // Depth is the nesting of data: a Relay fragment spread or inline fragment adds no level (GRAPHQL-LIMITS).
    maxDepth: { n: config.graphql.maxDepth, flattenFragments: true },
    costLimit: { maxCost: config.graphql.maxCost },
    maxAliases: { n: config.graphql.maxAliases },
    blockFieldSuggestion: { enabled: config.env === 'production' },
  });

  return createYoga<RequestCtx, GraphQLContext>({
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
      serviceErrors,
    ],
    context: async ({ request, req }) => {
      const result = await buildContext(services, bearerFrom(request.headers.get('authorization')));
      if (typeof result === 'string') throw unauthenticated(`The access token is ${result}.`);
      return { ...result, clientIp: req.ip, device: deviceOf(req) };
    },
  });
}

/** The route of /api/graphql: GET parameters checked, then the persisted fast path, then Yoga. */
export function registerGraphQLRoute(app: FastifyInstance, yoga: Yoga, persisted: PersistedOperations, services: Services): void {
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
}
