/**
 * The page's meta for the document head (SITE-SEO): the `PageMeta` the deepest page loader
 * answered (routes/types.ts), and the description clamp search results need.
 */
import { useMatches } from 'react-router';
import type { PageMeta } from '../routes/types';

/** The meta of the deepest matched route whose loader answered one. */
export function usePageMeta(): PageMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { meta?: PageMeta } | null | undefined;
    if (data && typeof data === 'object' && data.meta) return data.meta;
  }
  return undefined;
}

/** Longest meta description search engines show in full (characters). */
export const META_DESCRIPTION_MAX = 160;

/**
 * `text` as a meta description: unchanged when it fits in `max` characters, else cut at the last
 * word boundary before the limit with an ellipsis (a news summary may be longer than a snippet).
 */
export function clampDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,.;:—–-]+$/, '')}…`;
}
