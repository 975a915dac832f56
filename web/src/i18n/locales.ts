/**
 * The site's locales and locale paths (SITE-LOCALES). The facts live in @studio/site/locales,
 * shared with the api and e2e; web modules import them from here or from there.
 */
export * from '@studio/site/locales';
