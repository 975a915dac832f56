/**
 * Every page of SPEC.md §2, once. The route table (routes/table.tsx) mounts each of them
 * unprefixed (en) and under /ru and /es. `id` names the page's messages (`page.<id>.title`,
 * `page.<id>.description`); `indexable` pages are public and cacheable, the others
 * (account screens, /loading) are served with `noindex`.
 */
export type PageId =
  | 'home' | 'faq' | 'how' | 'team' | 'order' | 'techs' | 'culture' | 'privacy' | 'loading'
  | 'news' | 'newsItem' | 'auth' | 'authReset' | 'authResetSuccess' | 'authChangePassword'
  | 'profile' | 'profileChangeName' | 'profileChangeEmail' | 'profileSetPassword' | 'profileChangePassword'
  | 'products' | 'product' | 'notFound' | 'error';

export interface PageDef {
  id: PageId;
  /** The path without locale prefix and without the leading '/' ('' for home). */
  path: string;
  indexable: boolean;
}

export const PAGES: readonly PageDef[] = [
  { id: 'home', path: '', indexable: true },
  { id: 'faq', path: 'faq', indexable: true },
  { id: 'how', path: 'how', indexable: true },
  { id: 'team', path: 'team', indexable: true },
  { id: 'order', path: 'order', indexable: true },
  { id: 'techs', path: 'techs', indexable: true },
  { id: 'culture', path: 'culture', indexable: true },
  { id: 'privacy', path: 'privacy', indexable: true },
  { id: 'loading', path: 'loading', indexable: false },
  { id: 'news', path: 'news', indexable: true },
  { id: 'newsItem', path: 'news/:id', indexable: true },
  { id: 'auth', path: 'auth', indexable: false },
  { id: 'authReset', path: 'auth/reset', indexable: false },
  { id: 'authResetSuccess', path: 'auth/reset-success', indexable: false },
  { id: 'authChangePassword', path: 'auth/change-password', indexable: false },
  { id: 'profile', path: 'profile', indexable: false },
  { id: 'profileChangeName', path: 'profile/change-name', indexable: false },
  { id: 'profileChangeEmail', path: 'profile/change-email', indexable: false },
  { id: 'profileSetPassword', path: 'profile/set-password', indexable: false },
  { id: 'profileChangePassword', path: 'profile/change-password', indexable: false },
  { id: 'products', path: 'products', indexable: true },
  { id: 'product', path: 'products/:slug', indexable: true },
];

/** The product slugs of SPEC.md §2 (detail pages under /products/). */
export const PRODUCT_SLUGS = [
  'dom', 'affi', 'aura', 'brave', 'lenta', 'magic', 'solwy', 'tspace', 'giftery', 'shotrec',
  'dastocks', 'three-dv', 'solu-bank', 'thinksport', 'voice-match', 'ai-assistant', 'corona-cough',
] as const;

/** What a route's `handle` carries. */
export interface RouteHandle {
  kind: 'root' | 'locale' | 'page';
  page?: PageId;
  indexable?: boolean;
}
