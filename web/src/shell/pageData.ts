/**
 * The data a server-rendered page carries to the browser in
 * `<script id="__STUDIO_DATA__" type="application/json">` (never executed, so the
 * Content-Security-Policy needs no inline-script exception; SEC-HEADERS): the app settings
 * (app/context.ts), the Relay records and React Router's hydration data.
 */
import { UNSAFE_ErrorResponseImpl, isRouteErrorResponse } from 'react-router';
import type { AppSettings } from '../app/context';
import type { RecordMap } from '../relay/environment';

/** The id of the page data's script element. */
export const PAGE_DATA_ID = '__STUDIO_DATA__';

/** React Router's hydration data, with route errors made JSON-safe. */
export interface SerializedHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
}

/** A route error as JSON: an error response (status, data) or a thrown error's message. */
export type SerializedError = { kind: 'response'; status: number; statusText: string; data: unknown; internal: boolean } | { kind: 'error'; message: string };

/** The page data: the app settings plus what the browser needs to hydrate without a request. */
export interface PageData extends AppSettings {
  records: RecordMap;
  hydration: SerializedHydration;
}

/** Route errors in a JSON-safe form (server side). */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? {
            kind: 'response',
            status: error.status,
            statusText: error.statusText,
            data: error.data,
            internal: (error as { internal?: boolean }).internal ?? false,
          }
        : { kind: 'error', message: error instanceof Error ? error.message : String(error) },
    ]),
  );
}

/** The inverse of serializeErrors (browser side). */
export function deserializeErrors(errors: Record<string, SerializedError> | null): Record<string, unknown> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, e]) => [
      id,
      e.kind === 'response' ? new UNSAFE_ErrorResponseImpl(e.status, e.statusText, e.data, e.internal) : new Error(e.message),
    ]),
  );
}
