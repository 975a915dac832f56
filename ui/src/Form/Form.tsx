import { CheckCircledIcon, ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { type FieldsetHTMLAttributes, type FormHTMLAttributes, type HTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { clsx } from 'clsx';
import styles from './Form.module.css';

export interface FormProps extends FormHTMLAttributes<HTMLFormElement> {
  /** Vertical space between fields: `sm` 16 px, `md` 24 px (default). Fieldsets inside use the same gap. */
  gap?: 'sm' | 'md';
  /** Ref to the `<form>` element. */
  ref?: Ref<HTMLFormElement>;
}

/**
 * A `<form>` that lays its children (fields, fieldsets, a FormMessage, FormActions) out in a
 * vertical stack with consistent gaps. All form attributes and events pass through (`onSubmit`,
 * `noValidate`, `action`…); give it `aria-label`/`aria-labelledby` to make it a named `form` landmark.
 */
export function Form({ gap = 'md', className, ...props }: FormProps) {
  return <form {...props} data-gap={gap} className={clsx(styles.form, className)} />;
}

export interface FormActionsProps extends HTMLAttributes<HTMLDivElement> {
  /** Horizontal placement of the buttons: `start` (default, reads first in a left-aligned form), `end`, `between` (first and last at the edges), or `stretch` (each button takes an equal share, e.g. on narrow screens). */
  align?: 'start' | 'end' | 'between' | 'stretch';
  /** Ref to the wrapper `<div>`. */
  ref?: Ref<HTMLDivElement>;
}

/** The row of buttons at the end of a form (submit first in DOM order, so it is first in Tab order too); wraps on narrow screens. */
export function FormActions({ align = 'start', className, ...props }: FormActionsProps) {
  return <div {...props} data-align={align} className={clsx(styles.actions, className)} />;
}

export interface FormMessageProps extends Omit<HTMLAttributes<HTMLDivElement>, 'role'> {
  /** `error` (default): a form-level failure, `role="alert"` so it is announced at once; `success`: a confirmation, `role="status"` (polite). */
  tone?: 'error' | 'success';
  /** The message, e.g. "Wrong email or password." (texts come in as props). */
  children: ReactNode;
  /** Ref to the message `<div>` (e.g. to focus it after a failed submit; pass `tabIndex={-1}` too). */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A form-level error or success line (not tied to one field), with an icon. Render it only when there
 * is something to say: inserting it announces it (`role="alert"` for errors, `role="status"` for success).
 */
export function FormMessage({ tone = 'error', className, children, ...props }: FormMessageProps) {
  return (
    <div {...props} role={tone === 'error' ? 'alert' : 'status'} data-tone={tone} className={clsx(styles.message, className)}>
      {tone === 'error' ? (
        <ExclamationTriangleIcon className={styles.messageIcon} width={16} height={16} aria-hidden="true" />
      ) : (
        <CheckCircledIcon className={styles.messageIcon} width={16} height={16} aria-hidden="true" />
      )}
      <div className={styles.messageText}>{children}</div>
    </div>
  );
}

export interface FieldsetProps extends FieldsetHTMLAttributes<HTMLFieldSetElement> {
  /** The group's caption (`<legend>`), e.g. "Contact details"; names the group for assistive technology. */
  legend: ReactNode;
  /** Help text under the legend, for the whole group; announced through `aria-describedby`. */
  hint?: ReactNode;
  /** Ref to the `<fieldset>` element. */
  ref?: Ref<HTMLFieldSetElement>;
}

/**
 * A `<fieldset>` with a `<legend>` that groups related fields (stacked with the form's gap).
 * `disabled` disables every control inside, natively.
 */
export function Fieldset({ legend, hint, className, children, 'aria-describedby': describedByProp, ...props }: FieldsetProps) {
  const autoId = useId();
  const hintId = `${autoId}-hint`;
  const describedBy = [hint ? hintId : null, describedByProp].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset {...props} aria-describedby={describedBy} className={clsx(styles.fieldset, className)}>
      <legend className={styles.legend}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={styles.fieldsetHint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.fields}>{children}</div>
    </fieldset>
  );
}
