import { type ChangeEvent, type ReactNode, type Ref, type TextareaHTMLAttributes, useState } from 'react';
import { clsx } from 'clsx';
import { type FieldControlProps, FieldFrame, FieldMessages, fieldClassNames, useFieldIds } from '../Field/Field';
import styles from './Textarea.module.css';

export interface TextareaProps extends FieldControlProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'> {
  /** Native limit in characters (UTF-16 code units, as the browser counts); also shows a counter under the field. */
  maxLength?: number;
  /**
   * Counter text from the current length and `maxLength`; default `"n / max"` (e.g. `"12 / 500"`).
   * Pass a function to localise it, e.g. `(n, max) => \`${n} of ${max} characters\``.
   */
  formatCount?: (length: number, maxLength: number) => ReactNode;
  /** Visible height in text lines before the user resizes it (native `rows`); default 4. */
  rows?: number;
  /** Ref to the `<textarea>` element. */
  ref?: Ref<HTMLTextAreaElement>;
}

const defaultFormatCount = (length: number, maxLength: number) => `${length} / ${maxLength}`;

/**
 * A labelled multi-line text input with hint and error wired like TextField (`aria-invalid`,
 * `aria-describedby`) and, with `maxLength`, a live "n / max" counter that is part of the description.
 * Works controlled (`value`) or uncontrolled (`defaultValue`); other props go to the `<textarea>`.
 */
export function Textarea({
  label,
  hint,
  error,
  required,
  maxLength,
  formatCount = defaultFormatCount,
  rows = 4,
  id,
  className,
  value,
  defaultValue,
  onChange,
  'aria-describedby': describedByProp,
  ...props
}: TextareaProps) {
  const hasCounter = maxLength !== undefined;
  const field = useFieldIds(id, { hint, error });
  const inputId = field.controlId;
  const countId = `${inputId}-count`;
  // Error, hint, then the counter, then ids passed by the caller.
  const ids = { ...field, describedBy: [field.describedBy, hasCounter ? countId : null, describedByProp].filter(Boolean).join(' ') || undefined };

  // Track the length only when there is a counter; controlled values are read directly.
  const [uncontrolledLength, setUncontrolledLength] = useState(() => String(defaultValue ?? '').length);
  const length = value !== undefined ? String(value).length : uncontrolledLength;

  function handleChange(event: ChangeEvent<HTMLTextAreaElement>) {
    if (value === undefined) setUncontrolledLength(event.currentTarget.value.length);
    onChange?.(event);
  }

  // The error and hint lines with the counter at their right.
  const messages =
    error || hint || hasCounter ? (
      <div className={styles.messages}>
        <div className={styles.texts}>
          <FieldMessages ids={ids} error={error} hint={hint} />
        </div>
        {hasCounter ? (
          <p id={countId} className={styles.count} data-at-limit={length >= maxLength || undefined}>
            {formatCount(length, maxLength)}
          </p>
        ) : null}
      </div>
    ) : null;

  return (
    <FieldFrame ids={ids} label={label} required={required} disabled={props.disabled} className={className} messages={messages}>
      <textarea
        {...props}
        id={inputId}
        rows={rows}
        required={required}
        maxLength={maxLength}
        value={value}
        defaultValue={defaultValue}
        onChange={handleChange}
        className={clsx(fieldClassNames.control, styles.textarea)}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
      />
    </FieldFrame>
  );
}
