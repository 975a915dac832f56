/**
 * The generic guard against control characters in requests (API-TEXT, OWASP ASVS 5.0 §1.2/§2.2):
 * every string of a REST body, query string and path parameters, and every string of a GraphQL
 * document and its variables, may hold no C0 control character but tab, LF and CR. The shared
 * field rules (@studio/site/fields) are stricter for single-line fields; this guard covers the
 * strings no field rule reads (ids, slugs, passwords, tokens) and answers before anything is
 * written — PostgreSQL cannot store U+0000 and would fail the write with a 500.
 */
import { MULTI_LINE_CONTROL } from '@studio/site/fields';
import type { FastifyInstance } from 'fastify';
import { type DocumentNode, GraphQLError, Kind, visit } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { HttpError } from '../http/errors.js';

/** Strings nested deeper than this are not walked (JSON bodies are capped at 1 MiB anyway). */
const MAX_DEPTH = 64;

/**
 * The path ("name", "items.2.title", "" for the value itself) of the first string in `value`
 * (strings, arrays, plain objects; keys too) with a forbidden control character, or null.
 */
export function controlCharPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return MULTI_LINE_CONTROL.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || path.length > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    if (MULTI_LINE_CONTROL.test(key)) return [...path, key].join('.');
    const found = controlCharPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** The English message naming where the control character is. */
export function controlCharMessage(where: string): string {
  return `${where ? `${where}: ` : ''}remove the control characters (such as NUL); only tabs and line breaks are allowed in text`;
}

/**
 * A Fastify preValidation hook for every route but `/api/graphql` (which answers in GraphQL's
 * shape, see `controlCharsPlugin`): 400 VALIDATION_FAILED with `field` for a control character in
 * the path parameters, the query string or a JSON body.
 */
export function registerControlCharGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.url.split('?')[0] === '/api/graphql') return;
    for (const part of [request.params, request.query, request.body] as unknown[]) {
      const where = controlCharPath(part);
      if (where !== null) throw new HttpError(400, 'VALIDATION_FAILED', controlCharMessage(where), where ? { field: where } : {});
    }
  });
}

/** `controlCharInDocument`'s answer per document: a persisted operation's document is one cached object (decision 0038). */
const scanned = new WeakMap<DocumentNode, boolean>();

/** Whether a string literal of `document` holds a forbidden control character (scanned once per document object). */
function controlCharInDocument(document: DocumentNode): boolean {
  const known = scanned.get(document);
  if (known !== undefined) return known;
  const found = scanDocument(document);
  scanned.set(document, found);
  return found;
}

function scanDocument(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.STRING](node) {
      if (MULTI_LINE_CONTROL.test(node.value)) found = true;
    },
  });
  return found;
}

/** The BAD_USER_INPUT error for an operation with a control character, or null when it has none. */
function operationProblem(args: { variableValues?: Record<string, unknown> | null | undefined; document: DocumentNode }): GraphQLError | null {
  const where = controlCharPath(args.variableValues ?? {});
  if (where === null && !controlCharInDocument(args.document)) return null;
  return new GraphQLError(controlCharMessage(where ?? ''), {
    extensions: { code: 'BAD_USER_INPUT', ...(where ? { field: where } : {}), http: { status: 400 } },
  });
}

/**
 * The GraphQL side of the guard: refuses an operation (over HTTP and graphql-ws) whose variables
 * or inline string arguments hold a forbidden control character, with BAD_USER_INPUT (HTTP 400),
 * before any resolver runs.
 */
export const controlCharsPlugin: Plugin = {
  onExecute({ args, setResultAndStopExecution }) {
    const problem = operationProblem(args);
    if (problem) setResultAndStopExecution({ errors: [problem] });
  },
  onSubscribe({ args, setResultAndStopExecution }) {
    const problem = operationProblem(args);
    if (problem) setResultAndStopExecution({ errors: [problem] });
  },
};
