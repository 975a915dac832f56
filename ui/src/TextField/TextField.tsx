import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import styles from './TextField.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'children'> {
  /** The visible label (texts come in as props; the package has no i18n of its own). */
  label: ReactNode;
  /** Help shown under the field while there is no error. */
  hint?: ReactNode;
  /** An error message; sets `aria-invalid` and is announced through `aria-describedby`. */
  error?: ReactNode;
}

/** A labelled text input with hint and error wired for assistive technology. */
export function TextField({ label, hint, error, id, className, ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <input {...props} id={inputId} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
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
