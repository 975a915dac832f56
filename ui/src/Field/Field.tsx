import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { clsx } from 'clsx';
import styles from './Field.module.css';

/** Ids and ARIA wiring of one labelled control. */
export interface FieldIds {
  /** The control's id (the given one, or a generated one). */
  controlId: string;
  labelId: string;
  hintId: string;
  errorId: string;
  /** `aria-describedby` for the control: error, then hint, then any extra ids; undefined when empty. */
  describedBy: string | undefined;
  /** `aria-invalid` for the control: true while there is an error. */
  invalid: true | undefined;
}

/**
 * The one place that wires a control to its label, hint and error (WCAG 1.3.1, 3.3.1):
 * ids derived from the control's id, `aria-describedby` listing the visible error and hint
 * (then `extra`, e.g. a counter or ids passed by the caller), `aria-invalid` while in error.
 */
export function useFieldIds(id: string | undefined, options: { hint?: ReactNode; error?: ReactNode; extra?: (string | undefined | null | false)[] }): FieldIds {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [options.error ? errorId : null, options.hint ? hintId : null, ...(options.extra ?? [])].filter(Boolean).join(' ') || undefined;
  return { controlId, labelId: `${controlId}-label`, hintId, errorId, describedBy, invalid: options.error ? true : undefined };
}

export interface FieldLabelProps extends HTMLAttributes<HTMLLabelElement> {
  htmlFor: string;
  /** Adds the visual asterisk (hidden from assistive technology, which announces "required" from the control). */
  required?: boolean;
  /** Keeps the label for assistive technology only. */
  visuallyHidden?: boolean;
}

/** A control's visible label in the fields' type style. */
export function FieldLabel({ required, visuallyHidden, className, children, ...props }: FieldLabelProps) {
  return (
    <label {...props} className={clsx(visuallyHidden ? styles.visuallyHidden : styles.label, className)}>
      {children}
      {required ? (
        <span className={styles.required} aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

/** The error line (icon + text) and the hint line under a control; renders nothing for neither. */
export function FieldMessages({ ids, error, hint }: { ids: Pick<FieldIds, 'errorId' | 'hintId'>; error?: ReactNode; hint?: ReactNode }) {
  return (
    <>
      {error ? (
        <p id={ids.errorId} className={styles.error}>
          <ExclamationTriangleIcon className={styles.errorIcon} aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </>
  );
}

/** The props every labelled control takes (TextField, PasswordField, Textarea, Select, NativeSelect, Field). */
export interface FieldControlProps {
  /** The visible label, also the control's accessible name (texts come in as props; the package has no i18n of its own). */
  label: ReactNode;
  /** Help text under the control (format, constraints); stays visible next to an error and is announced through `aria-describedby`. */
  hint?: ReactNode;
  /** An error message under the control; sets `aria-invalid` and is announced through `aria-describedby`. */
  error?: ReactNode;
  /** Marks the field as required (the native `required`; for Select, a value must be chosen) plus a visual asterisk after the label (hidden from assistive technology, which announces "required" itself). */
  required?: boolean;
  /** Class for the outer wrapper (label + control + messages). */
  className?: string;
}

export interface FieldFrameProps extends FieldControlProps, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The control's ids (`useFieldIds`). */
  ids: FieldIds;
  /** Keeps the label for assistive technology only (and drops its asterisk). */
  hideLabel?: boolean;
  /** Dims the label like a disabled control's. */
  disabled?: boolean;
  /** What stands in place of the error and hint lines (Textarea adds its counter); by default `FieldMessages`. */
  messages?: ReactNode;
  /** The control. */
  children: ReactNode;
}

/** The frame of one labelled control: wrapper, label, the control, then its error and hint lines. */
export function FieldFrame({ ids, label, hideLabel = false, hint, error, required, disabled, messages, className, children, ...props }: FieldFrameProps) {
  return (
    <div {...props} className={clsx(styles.field, className)} data-disabled={disabled || undefined}>
      <FieldLabel htmlFor={ids.controlId} id={ids.labelId} visuallyHidden={hideLabel} required={required && !hideLabel}>
        {label}
      </FieldLabel>
      {children}
      {messages === undefined ? <FieldMessages ids={ids} error={error} hint={hint} /> : messages}
    </div>
  );
}

export interface FieldProps extends FieldControlProps, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Dims the label like a disabled control's. */
  disabled?: boolean;
  /** Id of the control inside (generated when omitted). */
  controlId?: string;
  /** Renders the control with the ids and ARIA values it must carry. */
  children: (ids: FieldIds) => ReactNode;
}

/**
 * The frame every labelled control shares — label, control, error, hint — for controls the
 * package does not have yet. TextField, PasswordField, Textarea, Select and NativeSelect use the
 * same frame (FieldFrame) and ids (useFieldIds).
 */
export function Field({ hint, error, controlId, children, ...props }: FieldProps) {
  const ids = useFieldIds(controlId, { hint, error });
  return (
    <FieldFrame {...props} ids={ids} hint={hint} error={error}>
      {children(ids)}
    </FieldFrame>
  );
}

/**
 * Class names of the shared field frame, for components that lay out their own wrapper: `field`
 * (the wrapper), `label`, and `control` (the box of a text-like control: border, focus ring,
 * invalid and disabled looks; put the component's own class after it).
 */
export const fieldClassNames = { field: styles.field, label: styles.label, control: styles.control } as const;
