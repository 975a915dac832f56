import type { HTMLAttributes, ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './SiteFooter.module.css';

/** One column of footer links under a heading; the column is its own navigation landmark. */
export interface SiteFooterColumn {
  /** Heading of the column and accessible name of its landmark, e.g. "Company". */
  title: string;
  /** The links (e.g. `Link variant="subtle"` around router links), in order. */
  links: ReactNode[];
}

export interface SiteFooterProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  /** The brand block, e.g. a `BrandMark`. */
  brand: ReactNode;
  /** One or two sentences under the brand. */
  tagline?: ReactNode;
  /** Link columns. */
  columns: SiteFooterColumn[];
  /** Controls shown beside the legal line (language switcher, theme toggle). */
  tools?: ReactNode;
  /** The bottom line: copyright and legal notes. */
  legal?: ReactNode;
}

/** The site's footer: brand and tagline, columns of links, tools and the legal line. */
export function SiteFooter({ brand, tagline, columns, tools, legal, className, ...props }: SiteFooterProps) {
  return (
    <footer {...props} className={clsx(styles.footer, className)}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <div className={styles.brand}>{brand}</div>
          {tagline ? <p className={styles.tagline}>{tagline}</p> : null}
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className={styles.column}>
            <p className={styles.columnTitle}>{column.title}</p>
            <ul>
              {column.links.map((link, index) => (
                <li key={index}>{link}</li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {legal || tools ? (
        <div className={styles.bottom}>
          <div className={styles.legal}>{legal}</div>
          {tools ? <div className={styles.tools}>{tools}</div> : null}
        </div>
      ) : null}
    </footer>
  );
}
