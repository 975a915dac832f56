/**
 * The contract between the api (host) and the web app's server entry
 * (`web/src/entry-server.tsx`, built to `web/dist/server/entry-server.js`).
 * Kept structurally identical on both sides; the api never imports web source.
 */
import type { ExecutionResult } from 'graphql';

export interface PageAssets {
  /** Module scripts to load, site-relative URLs. */
  scripts: string[];
  /** Stylesheets, site-relative URLs. */
  styles: string[];
  /** Modules to preload (`<link rel="modulepreload">`). */
  preloads: string[];
  /** The main text fonts (Inter latin and cyrillic woff2), preloaded so text does not reflow when they arrive. */
  fonts?: string[];
  /** Extra HTML for the head in development (Vite client, React refresh preamble). */
  devHead?: string;
}

export interface RenderRequest {
  /** The absolute URL of the page, e.g. `http://localhost:3000/ru/profile?x=1`. */
  url: string;
  /** Request headers (lower-case names); `cookie` and `accept-language` are read. */
  headers: Record<string, string | undefined>;
  /** Whether the request carries session cookies (the page then shows the signed-in header). */
  signedIn: boolean;
  siteName: string;
  /** The site's public origin, used for canonical and alternate links. */
  publicUrl: string;
  /** GraphQL WebSocket endpoint for the browser (absolute or a path on the site), or null when subscriptions are off. */
  webSocketUrl: string | null;
  /** How often the browser polls `/_build/latest.json`, in milliseconds. */
  buildPollIntervalMs: number;
  /**
   * The enabled social sign-in providers (issue 7) in display order, e.g.
   * `[{ id: 'google', name: 'Google' }, { id: 'oidc', name: 'Company SSO' }]`; empty when none is
   * configured. `name` is the display name ("Yandex" is translated by the web; `OIDC_NAME` for oidc).
   */
  authProviders: { id: 'google' | 'github' | 'yandex' | 'vk' | 'oidc'; name: string }[];
  assets: PageAssets;
  /** Runs a GraphQL operation in-process as an anonymous visitor. */
  executeOperation(request: { id?: string | null; text?: string | null; variables: Record<string, unknown> }): Promise<ExecutionResult>;
}

export interface RenderResult {
  status: number;
  /** The full HTML document, or an empty string for a redirect. */
  html: string;
  /** A redirect target when the route answered one. */
  location?: string;
  /** Whether an anonymous copy of this page may be cached (public page, 200). */
  cacheable: boolean;
}

export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}
