/**
 * GraphQL at /api/graphql: Yoga over HTTP (POST; GET for persisted queries), graphql-ws
 * (subprotocol graphql-transport-ws) on the same port and path, and an in-process executor
 * for server-side rendering. Depth, cost and alias limits (graphql-armor) apply to every
 * transport; only persisted operations run when `graphql.persistedOnly` (production default).
 * Subscriptions run only over graphql-ws: over HTTP (Yoga's SSE) they are refused with
 * `SUBSCRIPTIONS_OVER_WEBSOCKET_ONLY`, so no HTTP request stays open and graceful shutdown
 * (which closes the sockets first) is not held up by streams.
 * SEC-TRANSPORT: Yoga's own CORS is off (it reflects any origin with credentials); CORS for /api is
 * platform/security/transport.ts's (the /api scope). The WebSocket takes messages up to 64 KiB and upgrades only from the
 * allowed origins or without an Origin header (others: HTTP 403).
 */
import { typeDefs } from '@studio/schema';
import type { FastifyInstance } from 'fastify';
import { type DocumentNode, type ExecutionResult, GraphQLError, execute, parse, validate } from 'graphql';
import { type GraphQLSchemaWithContext, createSchema } from 'graphql-yoga';
import { fromServiceError } from '../platform/graphql/errors.js';
import type { Services } from '../services.js';
import { type GraphQLContext, buildContext } from './context.js';
import { PersistedOperations } from './persisted.js';
import { assertMutationsClassified, guardMutations } from './proofGuard.js';
import { resolvers } from './resolvers/index.js';
import { registerGraphQLWebSocket } from './webSocket.js';
import { createYogaServer, registerGraphQLRoute } from './yoga.js';

type SchemaResolvers = NonNullable<Parameters<typeof createSchema<GraphQLContext>>[0]['resolvers']>;

export interface GraphQLServer {
  /** Executes a persisted operation (by id) or a document in-process, as an anonymous visitor. */
  executeOperation(request: { id?: string | null; text?: string | null; variables: Record<string, unknown> }): Promise<ExecutionResult>;
  close(): Promise<void>;
}

/**
 * The executable schema. Resolvers take typed database rows as parents; graphql-tools' resolver map
 * types every parent loosely, so the map is widened once here rather than in every resolver.
 * ACC-SUDO: the mutations behind the one proof table (accountSecurity/policy.ts, decision 0044).
 */
function buildSchema(): GraphQLSchemaWithContext<GraphQLContext> {
  const guarded = { ...resolvers, Mutation: guardMutations(resolvers.Mutation as unknown as Parameters<typeof guardMutations>[0]) };
  const schema = createSchema<GraphQLContext>({ typeDefs, resolvers: guarded as unknown as SchemaResolvers });
  assertMutationsClassified(schema);
  return schema;
}

/** Registers the GraphQL routes and WebSocket endpoint on `app`. */
export function registerGraphQL(app: FastifyInstance, services: Services): GraphQLServer {
  const schema = buildSchema();
  const persisted = new PersistedOperations(services.config.persistedQueriesFile);
  const yoga = createYogaServer(app, services, schema, persisted);
  registerGraphQLRoute(app, yoga, persisted, services);
  const webSocket = registerGraphQLWebSocket(app, yoga, persisted, services);
  return { executeOperation: inProcessExecutor(schema, persisted, services), close: () => webSocket.close() };
}

/** In-process execution for SSR, as an anonymous visitor: each document parsed and validated once. */
function inProcessExecutor(
  schema: GraphQLSchemaWithContext<GraphQLContext>,
  persisted: PersistedOperations,
  services: Services,
): GraphQLServer['executeOperation'] {
  const documents = new Map<string, DocumentNode>();
  return async (request) => {
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
  };
}
