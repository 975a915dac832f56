/**
 * The fast path of persisted operations over HTTP (decision 0038): a `POST /api/graphql` that
 * names a persisted query or mutation by id (APQ `extensions.persistedQuery.sha256Hash` or
 * `documentId`) and accepts plain JSON is executed straight from Fastify's parsed body, without
 * Yoga's Fetch-API request and response objects (which cost more than the whole execution of a
 * small query). It uses the envelop pipeline Yoga builds: the first request of an operation is
 * parsed and validated through it (graphql-armor's limits are validation rules; useDocumentCache
 * keeps both), and the valid document is kept here per text, so later requests go straight to the
 * pipeline's execute (error masking, the control-character guard) with the same context
 * (`buildContext`).
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
import { deviceOf } from '../platform/http/device.js';
import { type GraphQLContext, bearerFrom, buildContext } from './context.js';
import type { Services } from '../services.js';
import type { PersistedOperations } from './persisted.js';

type RequestCtx = { req: FastifyRequest; reply: FastifyReply };
type Yoga = YogaServerInstance<RequestCtx, GraphQLContext>;

/** How many persisted documents the fast path keeps (the persisted file bounds them anyway). */
const MAX_DOCUMENTS = 1000;

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
export function createPersistedFastPath(yoga: Yoga, persisted: PersistedOperations, services: Services) {
  /** The valid query or mutation document of each persisted text (and operation name) seen. */
  const documents = new Map<string, DocumentNode>();
  let engine: Pick<ReturnType<Yoga['getEnveloped']>, 'execute' | 'schema'> | undefined;

  /**
   * First use of an operation: parses and validates it through the plugins (useDocumentCache keeps
   * both; armor's limits are validation rules) and keeps it when it is a valid query or mutation.
   * Null when it is not (Yoga then answers it).
   */
  function prepare(key: string, text: string, operationName: string | undefined, initial: object): DocumentNode | null {
    const enveloped = yoga.getEnveloped(initial as Parameters<Yoga['getEnveloped']>[0]);
    let document: DocumentNode;
    try {
      document = enveloped.parse(text);
      if (enveloped.validate(enveloped.schema, document).length) return null;
    } catch {
      return null;
    }
    const operation = getOperationAST(document, operationName);
    if (!operation || operation.operation === 'subscription') return null;
    // The orchestrator's execute and the (static) schema do not depend on the request.
    engine ??= { execute: enveloped.execute, schema: enveloped.schema };
    if (documents.size >= MAX_DOCUMENTS) documents.delete(documents.keys().next().value as string);
    documents.set(key, document);
    return document;
  }

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

    const params = {
      query: text,
      variables: variables ?? undefined,
      operationName: operationName ?? undefined,
      extensions: isObject(body['extensions']) ? body['extensions'] : undefined,
    };
    // Yoga's initial context without its Fetch `request`: nothing in the schema or the plugins used
    // for queries and mutations reads it (subscriptionsOverWebSocketOnly does, and they go to Yoga).
    const initial = { params, req, reply };
    const key = params.operationName === undefined ? text : `${text}\u0000${params.operationName}`;
    const document = documents.get(key) ?? prepare(key, text, params.operationName, initial);
    if (!document) return false;
    if (!engine) return false;
    let context: Awaited<ReturnType<typeof buildContext>>;
    try {
      context = await buildContext(services, bearerFrom(req.headers.authorization));
    } catch {
      return false; // Yoga builds it again and answers the storage fault (503)
    }
    if (typeof context === 'string') return false; // Yoga answers 401 with the reason

    // buildContext answers a fresh object: extended in place rather than copied again.
    const contextValue = Object.assign(context, initial, { clientIp: req.ip, device: deviceOf(req) });
    const { execute, schema } = engine;
    const result = (await execute({
      schema,
      document,
      variableValues: params.variables ?? null,
      operationName: params.operationName ?? null,
      contextValue,
    })) as ExecutionResult;
    if (!result.errors && !result.extensions && !(Symbol.asyncIterator in result)) {
      reply.status(200).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(result));
    } else {
      sendFetchResponse(reply, await processRegularResult(result, yoga.fetchAPI, 'application/json'));
    }
    return true;
  };
}
