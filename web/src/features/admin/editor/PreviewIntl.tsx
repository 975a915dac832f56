/**
 * Speaks a preview's language (ADMIN-AREA): the public components inside a preview format their
 * own words and dates in the previewed language — with that language's catalogue once it has
 * loaded (i18n/messages.ts, cached), with the page's meanwhile or if it cannot be loaded.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { LOCALE_TAGS, type Locale } from '../../../i18n/locales';
import { type Messages, loadMessages } from '../../../i18n/messages';
import { useLocale } from '../../../i18n/useLocale';

export function PreviewIntl(props: { locale: Locale; children: ReactNode }) {
  const pageLocale = useLocale();
  const [loaded, setLoaded] = useState<{ locale: Locale; messages: Messages } | null>(null);
  useEffect(() => {
    if (props.locale === pageLocale) return;
    let current = true;
    loadMessages(props.locale).then(
      (messages) => {
        if (current) setLoaded({ locale: props.locale, messages });
      },
      () => {
        // Keep the page's catalogue: the preview still shows the typed texts.
      },
    );
    return () => {
      current = false;
    };
  }, [props.locale, pageLocale]);
  if (!loaded || loaded.locale !== props.locale) return <>{props.children}</>;
  return (
    <IntlProvider locale={LOCALE_TAGS[props.locale]} defaultLocale="en-US" messages={loaded.messages}>
      {props.children}
    </IntlProvider>
  );
}
