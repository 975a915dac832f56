import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import { FieldLabel, FieldMessages, fieldClassNames, useFieldIds } from '../Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  /** The visible label (texts come in as props; the package has no i18n of its own). */
  label: ReactNode;
  /** Help text under the field (format, constraints); stays visible next to an error and is announced through `aria-describedby`. */
  hint?: ReactNode;
  /** An error message shown under the field; sets `aria-invalid` and is announced through `aria-describedby`. */
  error?: ReactNode;
  /** Marks the field as required: the native `required` attribute plus a visual asterisk after the label (hidden from assistive technology, which announces "required" itself). */
  required?: boolean;
  /** Class for the outer wrapper (label + input + messages). */
  className?: string;
  /** Ref to the `<input>` element. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled single-line text input with hint and error wired for assistive technology:
 * `aria-invalid` while there is an error and `aria-describedby` pointing at the error and hint
 * (plus any `aria-describedby` passed in). Other props go to the `<input>`.
 */
export function TextField({ label, hint, error, required, id, className, 'aria-describedby': describedByProp, ...props }: TextFieldProps) {
  const ids = useFieldIds(id, { hint, error, extra: [describedByProp] });
  return (
    <div className={clsx(fieldClassNames.field, className)} data-disabled={props.disabled || undefined}>
      <FieldLabel htmlFor={ids.controlId} required={required}>
        {label}
      </FieldLabel>
      <input {...props} id={ids.controlId} required={required} className={fieldClassNames.control} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} />
      <FieldMessages ids={ids} error={error} hint={hint} />
    </div>
  );
}
