/**
 * The locale route's loader data (SITE-LOCALES) as the router holds it, for the document and the
 * tests' shell, which provide it to every component through `LocaleDataContext` (useLocale.ts).
 * Reads the router's state context (not `useMatches`, which throws outside a router).
 */
import { type ReactNode, useContext } from 'react';
import { UNSAFE_DataRouterStateContext } from 'react-router';
import { LocaleDataContext, type LocaleData, isLocaleData } from './useLocale';

/** The loader data of the matched locale route (undefined above it, or outside a router). */
export function useRouteLocaleData(): LocaleData | undefined {
  const state = useContext(UNSAFE_DataRouterStateContext);
  return state?.matches.map((match) => state.loaderData[match.route.id] as unknown).find(isLocaleData);
}

/** Provides the matched locale route's data to `children`. */
export function RouteLocaleProvider(props: { children: ReactNode }) {
  return <LocaleDataContext.Provider value={useRouteLocaleData() ?? null}>{props.children}</LocaleDataContext.Provider>;
}
