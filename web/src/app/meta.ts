/**
 * What a page tells the document head beyond its messages (issue 5, SEO): a loader answers
 * `{ meta: PageMeta }` and Document's head renders the title, description, Open Graph and
 * Twitter card tags and the JSON-LD blocks from it. Pages without meta use the messages
 * `page.<id>.title` and `page.<id>.description`.
 */
import { useMatches } from 'react-router';

export interface PageMeta {
  /** The page's own title, without the site name (the head appends ` · <site>`). */
  title: string;
  /** 70–160 characters for search results and link previews. */
  description: string;
  /** Open Graph type: `website` (default) or `article` (news). */
  type?: 'website' | 'article';
  /** ISO times for articles (`article:published_time`, `article:modified_time`). */
  published?: string | null;
  modified?: string | null;
  /** Schema.org objects, each rendered as one `application/ld+json` block. */
  jsonLd?: Record<string, unknown>[];
}

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
