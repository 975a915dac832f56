import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './TextField.module.css';

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, describedByProp].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')} data-disabled={props.disabled || undefined}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <input
        {...props}
        id={inputId}
        required={required}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error ? (
        <p id={errorId} className={styles.error}>
          <ExclamationTriangleIcon className={styles.errorIcon} aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
