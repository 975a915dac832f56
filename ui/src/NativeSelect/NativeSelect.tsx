import type { Ref, SelectHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { type FieldControlProps, FieldFrame, fieldClassNames, useFieldIds } from '../Field/Field';
import styles from './NativeSelect.module.css';

/** One choice of a NativeSelect. */
export interface NativeSelectOption {
  /** Submitted and reported value. */
  value: string;
  /** Text shown in the list and the closed control. */
  label: string;
  /** Language of the label (BCP 47), so "Русский" is pronounced right. */
  lang?: string;
  disabled?: boolean;
}

export interface NativeSelectProps extends FieldControlProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'size'> {
  /** Keep the label for assistive technology only (e.g. the header's language switcher). */
  hideLabel?: boolean;
  options: readonly NativeSelectOption[];
  /** Called with the chosen value (in addition to `onChange`). */
  onValueChange?: (value: string) => void;
  /** `sm` 32 px (header) or `md` 44 px (forms, default). */
  size?: 'sm' | 'md';
  ref?: Ref<HTMLSelectElement>;
}

/**
 * The browser's own `<select>` in the Select's clothes: no script of its own (it costs the page
 * nothing), the platform's picker on phones, and full keyboard and screen-reader support. Use it
 * where a Select appears on every page (the language switcher); use `Select` where a styled
 * list is worth its weight.
 */
export function NativeSelect({
  label,
  hideLabel = false,
  options,
  onValueChange,
  onChange,
  hint,
  error,
  size = 'md',
  id,
  className,
  'aria-describedby': describedByProp,
  ref,
  ...props
}: NativeSelectProps) {
  const ids = useFieldIds(id, { hint, error, extra: [describedByProp] });
  const selectId = ids.controlId;
  return (
    <FieldFrame
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={props.required}
      disabled={props.disabled}
      className={clsx(styles.field, className)}
      data-size={size}
    >
      <span className={styles.control}>
        <select
          {...props}
          ref={ref}
          id={selectId}
          data-size={size}
          className={clsx(fieldClassNames.control, styles.select)}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          onChange={(event) => {
            onChange?.(event);
            onValueChange?.(event.target.value);
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.lang} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className={styles.chevron} width="15" height="15" viewBox="0 0 15 15" aria-hidden="true" focusable="false">
          <path d="M3.5 5.5 7.5 9.5 11.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
    </FieldFrame>
  );
}
