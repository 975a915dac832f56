/**
 * The fast path of persisted operations over HTTP (decision 0038): a `POST /api/graphql` that
 * names a persisted query or mutation by id (APQ `extensions.persistedQuery.sha256Hash` or
 * `documentId`) and accepts plain JSON is executed straight from Fastify's parsed body, without
 * Yoga's Fetch-API request and response objects (which cost more than the whole execution of a
 * small query). It goes through the same envelop pipeline Yoga builds — the cached parse and
 * validation with graphql-armor's limits (useDocumentCache), error masking, the control-character
 * guard — and the same context (`buildContext`).
 *
 * Everything that is not that plain case returns false BEFORE anything is executed, and Yoga
 * handles the request as before: ad-hoc `query` texts, GET, other Accept headers (SSE, multipart,
 * graphql-response+json), unknown ids, documents that fail to parse or validate (Yoga answers their
 * errors), subscriptions, and a refused or failing authentication (Yoga answers 401 / 503). A result
 * with errors or extensions is answered by Yoga's own result processor, so statuses and bodies stay
 * Yoga's.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionResult, getOperationAST } from 'graphql';
import { type YogaServerInstance, processRegularResult } from 'graphql-yoga';
import { deviceOf } from '../http/device.js';
import { type GraphQLContext, type ResolverServices, bearerFrom, buildContext } from './context.js';
import type { PersistedOperations } from './persisted.js';

type RequestCtx = { req: FastifyRequest; reply: FastifyReply };
type Yoga = YogaServerInstance<RequestCtx, GraphQLContext>;

/** Accept headers the fast path answers (what the web client sends, or nothing in particular). */
const PLAIN_ACCEPT = /^\s*(application\/json|\*\/\*)?\s*$/i;

/** A JSON object (not an array, not null). */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The persisted-operation id of a request body: APQ `extensions.persistedQuery.sha256Hash`, or `documentId`. */
export function persistedIdOf(body: Record<string, unknown>): string | null {
  const extensions = body['extensions'];
  const apq = isObject(extensions) ? extensions['persistedQuery'] : undefined;
  if (isObject(apq) && typeof apq['sha256Hash'] === 'string') return apq['sha256Hash'];
  return typeof body['documentId'] === 'string' ? body['documentId'] : null;
}

/** Copies a Fetch Response (Yoga's) onto `reply`. */
export function sendFetchResponse(reply: FastifyReply, response: Response): FastifyReply {
  response.headers.forEach((value, key) => void reply.header(key, value));
  reply.status(response.status);
  reply.send(response.body);
  return reply;
}

/**
 * Builds the fast path over `yoga`. The function it answers handles `req` and answers true, or
 * answers false without having sent or executed anything (Yoga then handles it).
 */
export function createPersistedFastPath(yoga: Yoga, persisted: PersistedOperations, services: ResolverServices) {
  return async function fastPath(req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (req.method !== 'POST' || !PLAIN_ACCEPT.test(req.headers.accept ?? '')) return false;
    const body = req.body;
    if (!isObject(body) || (body['query'] !== undefined && body['query'] !== null && body['query'] !== '')) return false;
    const { variables, operationName } = body;
    if (variables !== undefined && variables !== null && !isObject(variables)) return false;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return false;
    const id = persistedIdOf(body);
    const text = id ? persisted.get(id) : null;
    if (!text) return false;

    const params = { query: text, variables: variables ?? undefined, operationName: operationName ?? undefined, extensions: isObject(body['extensions']) ? body['extensions'] : undefined };
    // Yoga's initial context without its Fetch `request`: nothing in the schema or the plugins used
    // for queries and mutations reads it (subscriptionsOverWebSocketOnly does, and they go to Yoga).
    const initial = { params, req, reply } as unknown as Parameters<Yoga['getEnveloped']>[0];
    const { parse, validate, execute, schema } = yoga.getEnveloped(initial);
    let document: DocumentNode;
    try {
      document = parse(text);
      if (validate(schema, document).length) return false;
    } catch {
      return false;
    }
    const operation = getOperationAST(document, params.operationName);
    if (!operation || operation.operation === 'subscription') return false;
    let context: Awaited<ReturnType<typeof buildContext>>;
    try {
      context = await buildContext(services, bearerFrom(req.headers.authorization));
    } catch {
      return false; // Yoga builds it again and answers the storage fault (503)
    }
    if (typeof context === 'string') return false; // Yoga answers 401 with the reason

    const contextValue = { ...initial, ...context, clientIp: req.ip, device: deviceOf(req) };
    const result = (await execute({ schema, document, variableValues: params.variables ?? null, operationName: params.operationName ?? null, contextValue })) as ExecutionResult;
    if (!result.errors && !result.extensions && !(Symbol.asyncIterator in result)) {
      reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(result));
    } else {
      sendFetchResponse(reply, await processRegularResult(result, yoga.fetchAPI, 'application/json'));
    }
    return true;
  };
}
