/**
 * The preview of an admin texts editor (ADMIN-AREA): one tab per language showing the unsaved texts
 * through the public page's own presentational component (`render(locale)`), in a frame marked as a
 * preview, with the public components' own words in that language (PreviewIntl). Only the chosen language is rendered (the public components use fixed element ids).
 */
import { Heading, Tabs } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LOCALE_TAGS, type Locale } from '../../../i18n/locales';
import { PreviewIntl } from './PreviewIntl';
import { EDITOR_LOCALES } from './texts';
import styles from './editor.module.css';

export function EditorPreview(props: { render: (locale: Locale) => ReactNode }) {
  const intl = useIntl();
  return (
    <section className={styles.preview} aria-labelledby="editor-preview">
      <Heading level={2} size="lg" id="editor-preview" className={styles.previewTitle}>
        <FormattedMessage id="admin.editor.preview" />
      </Heading>
      <Tabs
        label={intl.formatMessage({ id: 'admin.editor.previewLanguage' })}
        tabs={EDITOR_LOCALES.map((locale) => ({
          value: locale,
          label: <span lang={LOCALE_TAGS[locale]}>{intl.formatMessage({ id: `language.${locale}` })}</span>,
          content: (
            <div className={styles.previewFrame} lang={LOCALE_TAGS[locale]} data-testid={`preview-${locale}`}>
              <PreviewIntl locale={locale}>{props.render(locale)}</PreviewIntl>
            </div>
          ),
        }))}
      />
    </section>
  );
}
