/** The fields of one language of the news editor (ADMIN-AREA): title, summary and body, counted and checked. */
import { useIntl } from 'react-intl';
import { LOCALE_TAGS, type Locale } from '../../../i18n/locales';
import { CountedTextField } from '../editor/CountedTextField';
import { ParagraphsField } from '../editor/ParagraphsField';
import type { FieldProblems } from '../editor/texts';
import { NEWS_PARAGRAPHS_MAX, NEWS_SUMMARY_MAX, NEWS_TITLE_MAX, type NewsTexts } from './newsDraft';

export function NewsFields(props: { locale: Locale; texts: NewsTexts; problems: FieldProblems; onChange: (texts: NewsTexts) => void }) {
  const intl = useIntl();
  const { locale, texts, problems } = props;
  const language = intl.formatMessage({ id: `admin.editor.languageName.${locale}` });
  const label = (id: string) => intl.formatMessage({ id }, { language });
  return (
    <>
      <CountedTextField
        label={label('admin.news.field.title')}
        value={texts.title}
        max={NEWS_TITLE_MAX}
        lang={LOCALE_TAGS[locale]}
        problem={problems[`${locale}.title`]}
        onChange={(title) => props.onChange({ ...texts, title })}
      />
      <CountedTextField
        label={label('admin.news.field.summary')}
        value={texts.summary}
        max={NEWS_SUMMARY_MAX}
        rows={3}
        lang={LOCALE_TAGS[locale]}
        problem={problems[`${locale}.summary`]}
        onChange={(summary) => props.onChange({ ...texts, summary })}
      />
      <ParagraphsField
        label={label('admin.news.field.body')}
        value={texts.body}
        mode="paragraphs"
        maxItems={NEWS_PARAGRAPHS_MAX}
        rows={12}
        required
        lang={LOCALE_TAGS[locale]}
        problem={problems[`${locale}.body`]}
        onChange={(body) => props.onChange({ ...texts, body })}
      />
    </>
  );
}
