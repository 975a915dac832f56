/**
 * The contract between the api (the host) and the web app's server entry
 * (`web/src/entry-server.tsx`, built to `web/dist/server/entry-server.js`). Both sides import these
 * types, so they cannot drift apart; the api loads the built bundle, never web source.
 */

/** The social sign-in providers the server knows; lower-case, as in `/api/auth/<id>/login`. */
export const AUTH_PROVIDER_IDS = ['google', 'github', 'yandex', 'vk', 'oidc'] as const;
export type AuthProviderId = (typeof AUTH_PROVIDER_IDS)[number];

/** One enabled social sign-in provider (product rule AUTH-SOCIAL). */
export interface AuthProvider {
  id: AuthProviderId;
  /** Display name from the server: "Google", "GitHub", "Yandex" (the web translates it), "VK", or `OIDC_NAME`. */
  name: string;
}

/** One island's script and the chunks it imports (SITE-DELIVERY). */
export interface IslandAssets {
  /** The island's module script, a site-relative URL. */
  script: string;
  /** The chunks it imports statically (`<link rel="modulepreload">`). */
  preloads: string[];
}

/**
 * The islands of HTML-first pages (SITE-DELIVERY): `main` runs on every such page (theme, header,
 * language links, "load more"); `order` is the order form's React island, on /order only.
 */
export type IslandId = 'main' | 'order';

export interface PageAssets {
  /** The islands' scripts; absent only in tests that render app pages alone. */
  islands?: Record<IslandId, IslandAssets>;
  /** Module scripts of the single-page app, site-relative URLs. */
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

/** The result of one GraphQL operation, as `graphql`'s `ExecutionResult` (kept structural so the web needs no server types). */
export interface OperationResult {
  data?: Record<string, unknown> | null;
  errors?: ReadonlyArray<{ message: string; extensions?: Record<string, unknown> }>;
  extensions?: Record<string, unknown>;
}

/** An operation for the in-process GraphQL executor: a persisted id or a text, and variables. */
export interface OperationRequest {
  id?: string | null;
  text?: string | null;
  variables: Record<string, unknown>;
}

export interface RenderRequest {
  /** The absolute URL of the page, e.g. `http://localhost:3000/ru/profile?x=1`. */
  url: string;
  /** Request headers (lower-case names); `cookie` and `accept-language` are read. */
  headers: Record<string, string | undefined>;
  /** Whether the request carries session cookies (the page then shows the signed-in header). */
  signedIn: boolean;
  /**
   * The role of the signed-in user (`ADMIN`, `USER`), resolved from the refresh cookie only for
   * administrators' pages; null for anyone else, or when not asked (ADMIN-AREA).
   */
  viewerRole?: string | null;
  siteName: string;
  /** The site's public origin, used for canonical and alternate links. */
  publicUrl: string;
  /** GraphQL WebSocket endpoint for the browser (absolute or a path on the site), or null when subscriptions are off. */
  webSocketUrl: string | null;
  /** How often the browser polls `/_build/latest.json`, in milliseconds. */
  buildPollIntervalMs: number;
  /** The enabled social sign-in providers in display order; empty when none is configured. */
  authProviders: AuthProvider[];
  /** Whether the page counts client navigations with the analytics beacon (production only, ANALYTICS-BEACON). */
  analytics?: boolean;
  assets: PageAssets;
  /** Runs a GraphQL operation in-process as an anonymous visitor. */
  executeOperation(request: OperationRequest): Promise<OperationResult>;
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

/** What `web/dist/server/entry-server.js` exports. */
export interface ServerEntry {
  render(request: RenderRequest): Promise<RenderResult>;
}
