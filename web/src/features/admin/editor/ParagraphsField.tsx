/**
 * A multi-paragraph (or multi-line) text of the admin editors (ADMIN-AREA): one textarea where a
 * blank line separates paragraphs (`mode="paragraphs"`) or each line is an item (`mode="lines"`),
 * with the count of paragraphs or items and of characters as its hint, and its problem as the error.
 */
import { Textarea } from '@studio/ui';
import { useIntl } from 'react-intl';
import { type FieldProblem, splitLines, splitParagraphs } from './texts';

export function ParagraphsField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  mode: 'paragraphs' | 'lines';
  /** The most paragraphs or items allowed (shown in the hint). */
  maxItems: number;
  problem?: FieldProblem | null | undefined;
  lang: string;
  rows?: number;
  required?: boolean;
}) {
  const intl = useIntl();
  const items = props.mode === 'paragraphs' ? splitParagraphs(props.value) : splitLines(props.value);
  const hint = intl.formatMessage(
    { id: props.mode === 'paragraphs' ? 'admin.editor.paragraphsHint' : 'admin.editor.linesHint' },
    { count: items.length, max: props.maxItems, characters: props.value.trim().length },
  );
  return (
    <Textarea
      label={props.label}
      value={props.value}
      lang={props.lang}
      rows={props.rows ?? 8}
      required={props.required}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      hint={hint}
      error={props.problem ? intl.formatMessage({ id: props.problem.id }, props.problem.values) : undefined}
    />
  );
}
