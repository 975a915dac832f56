/**
 * The REST error shape `{ "error": { "code", "message" } }` (DESIGN.md §5) and the Fastify
 * error handler that maps every failure to it: our HttpErrors keep their status, framework
 * errors (malformed JSON, wrong content type, body too large, rate limit) keep their 4xx,
 * anything unexpected becomes a logged 500 that reveals nothing.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodError, ZodType } from 'zod';

/** What a client needs besides the code to explain an error: the field, tries left, seconds to wait. */
export interface ErrorDetails {
  field?: string;
  attemptsLeft?: number;
  retryAfterSeconds?: number;
}

/** An error with an HTTP status, a stable machine-readable code and optional details. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 built from a zod error: "email: Invalid email address; password: Too small…". */
export function validationError(error: ZodError): HttpError {
  const message = error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  return new HttpError(400, 'VALIDATION_FAILED', message);
}

/**
 * Validates a request's JSON body (`part` 'body': it must be an object) or query string (`part`
 * 'query': absent counts as empty) against `schema`.
 * @throws HttpError 400 VALIDATION_FAILED naming every problem.
 */
export function parseRequest<T>(schema: ZodType<T>, value: unknown, part: 'body' | 'query' = 'body'): T {
  if (part === 'query') value ??= {};
  if (value === undefined || value === null || typeof value !== 'object') {
    throw new HttpError(400, 'VALIDATION_FAILED', 'The request body must be a JSON object');
  }
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

const frameworkCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

/** Installs the error handler on `app`. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.details.retryAfterSeconds) void reply.header('retry-after', String(error.details.retryAfterSeconds));
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, ...error.details } });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code =
        frameworkCodes[(error as FastifyError).code] ?? (status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      const message =
        code === 'MALFORMED_JSON' ? `The request body is not valid JSON: ${error.message}` : error.message;
      return reply.status(status).send({ error: { code, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal Server Error' } });
  });
}
