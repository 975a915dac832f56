/** The fields of one language of the product texts editor (ADMIN-AREA): name, tagline, description and features. */
import { useIntl } from 'react-intl';
import { LOCALE_TAGS, type Locale } from '../../../i18n/locales';
import { CountedTextField } from '../editor/CountedTextField';
import { ParagraphsField } from '../editor/ParagraphsField';
import type { FieldProblems } from '../editor/texts';
import { PRODUCT_FEATURES_MAX, PRODUCT_NAME_MAX, PRODUCT_PARAGRAPHS_MAX, PRODUCT_TAGLINE_MAX, type ProductTexts } from './productDraft';

export function ProductFields(props: { locale: Locale; texts: ProductTexts; problems: FieldProblems; onChange: (texts: ProductTexts) => void }) {
  const intl = useIntl();
  const { locale, texts, problems } = props;
  const language = intl.formatMessage({ id: `admin.editor.languageName.${locale}` });
  const label = (id: string) => intl.formatMessage({ id }, { language });
  const lang = LOCALE_TAGS[locale];
  return (
    <>
      <CountedTextField
        label={label('admin.products.field.name')}
        value={texts.name}
        max={PRODUCT_NAME_MAX}
        lang={lang}
        problem={problems[`${locale}.name`]}
        onChange={(name) => props.onChange({ ...texts, name })}
      />
      <CountedTextField
        label={label('admin.products.field.tagline')}
        value={texts.tagline}
        max={PRODUCT_TAGLINE_MAX}
        rows={2}
        lang={lang}
        problem={problems[`${locale}.tagline`]}
        onChange={(tagline) => props.onChange({ ...texts, tagline })}
      />
      <ParagraphsField
        label={label('admin.products.field.description')}
        value={texts.description}
        mode="paragraphs"
        maxItems={PRODUCT_PARAGRAPHS_MAX}
        rows={10}
        required
        lang={lang}
        problem={problems[`${locale}.description`]}
        onChange={(description) => props.onChange({ ...texts, description })}
      />
      <ParagraphsField
        label={label('admin.products.field.features')}
        value={texts.features}
        mode="lines"
        maxItems={PRODUCT_FEATURES_MAX}
        rows={6}
        lang={lang}
        problem={problems[`${locale}.features`]}
        onChange={(features) => props.onChange({ ...texts, features })}
      />
    </>
  );
}
