/**
 * The REST error shape `{ "error": { "code", "message" } }` (API-ERRORS) and the Fastify error
 * handler that maps every failure to it: our HttpErrors keep their status, a body or query string
 * refused by its route schema (zod, through fastify-type-provider-zod) is 400 VALIDATION_FAILED
 * naming every problem, framework errors (malformed JSON, wrong content type, body too large, rate
 * limit) keep their 4xx, a storage fault (full or read-only disk, database away; unavailable.ts)
 * is a logged 503 that says so, anything unexpected becomes a logged 500 that reveals nothing.
 */
import { issueText } from '@studio/site/problems';
import type { FastifyError, FastifyInstance } from 'fastify';
import { type ZodFastifySchemaValidationError, hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { STORAGE_RETRY_AFTER_SECONDS, storageFault } from './unavailable.js';

/** What a client needs besides the code to explain an error: the field, tries left, seconds to wait. */
export interface ErrorDetails {
  field?: string;
  attemptsLeft?: number;
  retryAfterSeconds?: number;
  /** The message id of the shared field rule that refused the value (e.g. `passwords.error.context`). */
  problem?: string;
  /** Where to fetch a proof-of-work challenge (CHALLENGE_REQUIRED, SEC-CHALLENGE). */
  challengeUrl?: string;
  /** Until when something is refused, ISO time (PAYOUTS_PAUSED, PAYOUT-COOLDOWN). */
  until?: string;
  /** The smallest amount accepted, as `{ amount, currency }` (BELOW_MINIMUM, PAYOUT-REQUEST). */
  minimum?: { amount: number; currency: string };
  /** The proofs the account can give (REAUTHENTICATION_REQUIRED, ACC-SUDO): `PASSWORD`, `TOTP`, `PASSKEY`. */
  methods?: string[];
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

/**
 * The message of a 400 VALIDATION_FAILED for a request that failed its route schema
 * (fastify-type-provider-zod): each issue as "path: text" in English (`issueText`), joined by "; ".
 * A body that is not a JSON object at all says so.
 */
function validationMessage(issues: ZodFastifySchemaValidationError[], part: string | undefined): string {
  return issues
    .map((issue) => {
      const path = issue.instancePath.split('/').filter(Boolean);
      if (part === 'body' && path.length === 0 && issue.keyword === 'invalid_type') return 'The request body must be a JSON object';
      // The plugin keeps the rest of the zod issue in `params`; put it back together for issueText.
      return issueText({ ...issue.params, code: issue.keyword, message: issue.message, path } as unknown as z.core.$ZodIssue);
    })
    .join('; ');
}

const frameworkCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

/** Installs the error handler on `app`; `databasePath` names the database in storage-fault logs. */
export function installErrorHandler(app: FastifyInstance, databasePath: string): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.details.retryAfterSeconds) void reply.header('retry-after', String(error.details.retryAfterSeconds));
      return reply.status(error.status).send({ error: { code: error.code, message: error.message, ...error.details } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ error: { code: 'VALIDATION_FAILED', message: validationMessage(error.validation, error.validationContext) } });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = frameworkCodes[(error as FastifyError).code] ?? (status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST');
      const message = code === 'MALFORMED_JSON' ? `The request body is not valid JSON: ${error.message}` : error.message;
      // A 429 of the per-address limit (@fastify/rate-limit) carries its Retry-After in the body too (SEC-LIMITS).
      const retryAfterSeconds = status === 429 ? Number(reply.getHeader('retry-after')) : Number.NaN;
      return reply.status(status).send({ error: { code, message, ...(retryAfterSeconds > 0 ? { retryAfterSeconds } : {}) } });
    }
    const fault = storageFault(error, databasePath);
    if (fault) {
      request.log.error({ err: error, path: fault.path }, `storage unavailable (${fault.code}) at ${fault.path}`);
      void reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
      return reply.status(503).send({ error: { code: fault.code, message: fault.message, retryAfterSeconds: STORAGE_RETRY_AFTER_SECONDS } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'Internal Server Error' } });
  });
}
