/**
 * The shape of a content file: `content/pages/<page>/<locale>.json` (docs/decisions/0014).
 * One file per informational page and locale; the three locales of a page have the same
 * blocks in the same order (a unit test checks it). Texts are plain text: no HTML, no
 * Markdown; a paragraph is one string. `web/src/features/content/ContentPage.tsx` renders it.
 */

/** Names of the SVG illustrations in `web/src/features/content/illustrations`. */
export type IllustrationName = 'faq' | 'how' | 'team' | 'techs' | 'culture' | 'privacy';

export interface Illustration {
  name: IllustrationName;
  /** The alternative text (what the picture shows), in the file's language. */
  alt: string;
}

/** Where a call-to-action button goes (localized by the renderer). */
export type CtaTarget = '/order' | '/products' | '/news' | '/how' | '/team' | '/faq' | '/privacy';

export type ContentBlock =
  | { type: 'text'; id?: string; heading?: string; paragraphs: string[] }
  | { type: 'list'; id?: string; heading?: string; intro?: string; items: string[] }
  | { type: 'steps'; id?: string; heading?: string; intro?: string; steps: { title: string; text: string; duration?: string }[] }
  | { type: 'faq'; id?: string; heading?: string; items: { question: string; answer: string[] }[] }
  | {
      type: 'cards';
      id?: string;
      heading?: string;
      intro?: string;
      cards: { title: string; subtitle?: string; text: string; tags?: string[] }[];
    }
  | { type: 'table'; id?: string; heading?: string; intro?: string; caption: string; columns: string[]; rows: string[][] }
  | { type: 'cta'; id?: string; heading: string; text: string; label: string; to: CtaTarget };

export interface PageContent {
  /** The page's `<h1>` and the first part of `<title>`. At most 60 characters. */
  title: string;
  /** `<meta name="description">` and the Open Graph description: 70–160 characters. */
  description: string;
  /** A short eyebrow line above the title (optional). */
  eyebrow?: string;
  /** One or two sentences under the title. */
  lead: string;
  /** ISO date (YYYY-MM-DD) the text was last changed; shown on the privacy policy. */
  updated?: string;
  illustration?: Illustration;
  blocks: ContentBlock[];
}
