import type { InputHTMLAttributes, Ref } from 'react';
import { type FieldControlProps, FieldFrame, fieldClassNames, useFieldIds } from '../Field/Field';

export interface TextFieldProps extends FieldControlProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
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
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={required} disabled={props.disabled} className={className}>
      <input
        {...props}
        id={ids.controlId}
        required={required}
        className={fieldClassNames.control}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}
