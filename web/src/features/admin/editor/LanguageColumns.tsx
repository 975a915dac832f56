/**
 * The languages of an admin texts editor side by side (ADMIN-AREA): three columns EN | RU | ES on a
 * wide screen, stacked on a phone; each a labelled group headed by the language's own name. `column(locale)` renders the fields.
 */
import { Heading } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LOCALE_TAGS, type Locale } from '../../../i18n/locales';
import { EDITOR_LOCALES } from './texts';
import styles from './editor.module.css';

export function LanguageColumns(props: { column: (locale: Locale) => ReactNode; incomplete?: readonly Locale[] }) {
  return (
    <div className={styles.columns}>
      {EDITOR_LOCALES.map((locale) => (
        <section
          key={locale}
          className={styles.column}
          aria-labelledby={`editor-lang-${locale}`}
          data-incomplete={props.incomplete?.includes(locale) || undefined}
        >
          <Heading level={2} size="md" id={`editor-lang-${locale}`} className={styles.columnTitle} lang={LOCALE_TAGS[locale]}>
            <FormattedMessage id={`language.${locale}`} />
          </Heading>
          {props.column(locale)}
        </section>
      ))}
    </div>
  );
}
