/**
 * A text of the admin editors with a live "n / max" count as its hint (ADMIN-AREA): one line, or a
 * few lines with `rows` (still one paragraph, e.g. a summary).
 */
import { TextField, Textarea } from '@studio/ui';
import { useIntl } from 'react-intl';
import type { FieldProblem } from './texts';

export function CountedTextField(props: {
  label: string;
  value: string;
  max: number;
  onChange: (value: string) => void;
  problem?: FieldProblem | null | undefined;
  lang: string;
  /** Show a textarea of this many lines instead of a single-line field. */
  rows?: number;
}) {
  const intl = useIntl();
  const shared = {
    label: props.label,
    value: props.value,
    lang: props.lang,
    required: true,
    hint: intl.formatMessage({ id: 'admin.editor.count' }, { count: props.value.trim().length, max: props.max }),
    error: props.problem ? intl.formatMessage({ id: props.problem.id }, props.problem.values) : undefined,
  };
  return props.rows ? (
    <Textarea {...shared} rows={props.rows} onChange={(event) => props.onChange(event.currentTarget.value)} />
  ) : (
    <TextField {...shared} onChange={(event) => props.onChange(event.currentTarget.value)} />
  );
}
