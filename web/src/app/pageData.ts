/**
 * The data a server-rendered page carries to the browser in
 * `<script id="__STUDIO_DATA__" type="application/json">` (never executed, so the
 * Content-Security-Policy needs no inline-script exception): assets, settings, the Relay
 * records and React Router's hydration data.
 */
import { createContext, useContext } from 'react';
import { UNSAFE_ErrorResponseImpl, isRouteErrorResponse } from 'react-router';
import type { Theme } from '@studio/ui';
import type { Environment } from 'relay-runtime';
import type { RecordMap } from '../relay/environment';

export const PAGE_DATA_ID = '__STUDIO_DATA__';

export interface PageAssets {
  scripts: string[];
  styles: string[];
  preloads: string[];
  /** Main text fonts to preload (Inter latin and cyrillic woff2, site-relative URLs). */
  fonts?: string[];
  devHead?: string;
}

export interface SerializedHydration {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, SerializedError> | null;
}

export type SerializedError =
  | { kind: 'response'; status: number; statusText: string; data: unknown; internal: boolean }
  | { kind: 'error'; message: string };

/** The social sign-in providers the server knows (issue 7); lower-case, as in `/api/auth/<id>/login`. */
export type AuthProviderId = 'google' | 'github' | 'yandex' | 'vk' | 'oidc';

/** One enabled social sign-in provider. */
export interface AuthProvider {
  id: AuthProviderId;
  /** Display name from the server: "Google", "GitHub", "Yandex" (the web translates it), "VK", or `OIDC_NAME`. */
  name: string;
}

export interface PageData {
  assets: PageAssets;
  siteName: string;
  publicUrl: string;
  signedIn: boolean;
  /** The GraphQL WebSocket endpoint (absolute or a path on this origin), or null when subscriptions are off. */
  webSocketUrl: string | null;
  /** How often the app polls `/_build/latest.json` for a newer build, in milliseconds. */
  buildPollIntervalMs: number;
  /** The visitor's stored theme choice (cookie `studio.theme`), or null to follow the system. */
  theme: Theme | null;
  /**
   * The social sign-in providers enabled on the server (issue 7; SPEC.md §1 "social login through
   * a provider"), in display order; empty when none is configured, and then no social UI is shown.
   */
  authProviders: AuthProvider[];
  /** The year the page was rendered (footer), so server and browser agree. */
  year: number;
  records: RecordMap;
  hydration: SerializedHydration;
}

/** Everything the app shell reads from its surroundings. */
export interface AppContextValue extends PageData {
  /** The exact JSON text of the page data, rendered back unchanged during hydration. */
  dataJson: string;
  /** The current Relay environment; replaced on sign-in and sign-out. */
  environmentRef: { current: Environment };
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext is missing');
  return value;
}

/** Route errors in a JSON-safe form (server side). */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, error]) => [
      id,
      isRouteErrorResponse(error)
        ? { kind: 'response', status: error.status, statusText: error.statusText, data: error.data, internal: (error as { internal?: boolean }).internal ?? false }
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
