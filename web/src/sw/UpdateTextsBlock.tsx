/**
 * The JSON data block `#sw-update-texts` (SITE-SW): the "new version" prompt's texts in the page's
 * language, rendered by the server so the prompt (prompt.ts, plain DOM) needs neither React nor
 * the message catalogue on pages without hydration. Not a script: `type="application/json"`.
 */
import { useIntl } from 'react-intl';
import serialize from 'serialize-javascript';
import { UPDATE_TEXTS_ID, type UpdateTexts } from './prompt';

/** Renders the data block; needs react-intl's provider (the locale route's messages). */
export function UpdateTextsBlock() {
  const intl = useIntl();
  const texts: UpdateTexts = { message: intl.formatMessage({ id: 'sw.update.message' }), reload: intl.formatMessage({ id: 'sw.update.reload' }) };
  // serialize-javascript escapes `<`, `>` and `/`: the text cannot end the element.
  return <script id={UPDATE_TEXTS_ID} type="application/json" dangerouslySetInnerHTML={{ __html: serialize(texts, { isJSON: true }) }} />;
}
