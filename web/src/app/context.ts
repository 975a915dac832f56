/**
 * The app context: the settings the server rendered this page with (site name, public URL,
 * signed-in state, social providers, …), provided once by the entries (entry-client.tsx,
 * entry-server.tsx) and read by any component through `useAppContext()`. The JSON page data
 * that carries them to the browser, and its hydration helpers, are the shell's (shell/pageData.ts).
 */
import { type ReactElement, createContext, useContext } from 'react';
import type { Environment } from 'relay-runtime';
import type { AuthProvider, PageAssets } from '@studio/site/ssr';
import type { Theme } from '@studio/ui';

/** The settings of this page, as the server rendered it (they travel in the page data). */
export interface AppSettings {
  assets: PageAssets;
  siteName: string;
  /** The site's public origin, for canonical, alternate and referral links. */
  publicUrl: string;
  signedIn: boolean;
  /** The GraphQL WebSocket endpoint (absolute or a path on this origin), or null when subscriptions are off. */
  webSocketUrl: string | null;
  /** How often the app polls `/_build/latest.json` for a newer build, in milliseconds (SITE-BUILD). */
  buildPollIntervalMs: number;
  /** The visitor's stored theme choice (the theme cookie), or null to follow the system (SITE-THEME). */
  theme: Theme | null;
  /**
   * The social sign-in providers enabled on the server, in display order (AUTH-SOCIAL); empty when
   * none is configured, and then no social UI is shown.
   */
  authProviders: AuthProvider[];
  /** The year the page was rendered (footer), so server and browser agree. */
  year: number;
  /** Whether client navigations are counted (`data-analytics="on"`, production only, ANALYTICS-BEACON). */
  analytics?: boolean;
}

/**
 * How this page reaches the browser (SITE-DELIVERY): `document`, an HTML-first page that is never
 * hydrated (its islands run alone); `app`, the single-page app.
 */
export type Delivery = 'app' | 'document';

/** Everything components read from their surroundings. */
export interface AppContextValue extends AppSettings {
  /** How this page is delivered; only the server renders `document` pages. */
  delivery: Delivery;
  /**
   * Server only, for documents: renders an island's tree as a root of its own (so React's ids match
   * the island's hydration), with `identifierPrefix`; answers its HTML.
   */
  renderIsland?: (element: ReactElement, identifierPrefix: string) => string;
  /** The exact JSON text of the page data, rendered back unchanged during hydration. */
  dataJson: string;
  /** The current Relay environment; replaced on sign-in and sign-out. */
  environmentRef: { current: Environment };
}

export const AppContext = createContext<AppContextValue | null>(null);

/** The app context; throws outside the entries' provider. */
export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('AppContext is missing');
  return value;
}
