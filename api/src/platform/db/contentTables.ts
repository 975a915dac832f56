/** The catalogue's and the news' tables (SITE-CATALOGUE, SITE-NEWS; migrations 0004, 0016). */
import type { Generated } from 'kysely';

export interface ProductsTable {
  id: string;
  slug: string;
  position: number;
  created: string;
  /** JSON array of technology names. */
  technologies: string;
  year: number | null;
  visualMotif: string;
  visualHue: number;
  /** Optimistic concurrency (ADMIN-CONCURRENCY): one more with every change of the texts. */
  version: Generated<number>;
}

export interface ProductTranslationsTable {
  productId: string;
  locale: string;
  name: string;
  tagline: string;
  /** JSON array of paragraphs. */
  description: string;
  /** JSON array of short lines. */
  features: string;
}

/** A news item; `publishedAt` null means a draft that only admins see. */
export interface NewsItemsTable {
  id: string;
  productId: string | null;
  publishedAt: string | null;
  created: string;
  updated: string;
  /** Optimistic concurrency (ADMIN-CONCURRENCY): one more with every change. */
  version: Generated<number>;
}

/** A news item's text in one locale; `body` is a JSON array of paragraphs. */
export interface NewsTranslationsTable {
  newsItemId: string;
  locale: string;
  title: string;
  summary: string;
  body: string;
  /** The translation's current address slug, unique per locale (SITE-NEWS). */
  slug: Generated<string>;
}

/** Every slug a news item ever had per locale, current and old (SITE-NEWS): old addresses keep finding it. */
export interface NewsSlugsTable {
  locale: string;
  slug: string;
  newsItemId: string;
  created: string;
}

/** Content seed keys ever applied (`product:<slug>`, `news:<key>`). */
export interface ContentSeedsTable {
  key: string;
  created: string;
}
