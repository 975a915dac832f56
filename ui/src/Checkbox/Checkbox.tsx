import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { CheckIcon, DividerHorizontalIcon } from '@radix-ui/react-icons';
import { type ComponentProps, type ReactNode, type Ref } from 'react';
import { clsx } from 'clsx';
import { FieldMessages, useFieldIds } from '../Field';
import styles from './Checkbox.module.css';

/** `true`, `false`, or `'indeterminate'` (a "some selected" parent checkbox; announced as mixed). */
export type CheckboxCheckedState = CheckboxPrimitive.CheckedState;

export interface CheckboxProps extends Omit<ComponentProps<typeof CheckboxPrimitive.Root>, 'children' | 'asChild' | 'ref'> {
  /** The label beside the box; a ReactNode, so it may contain a link (e.g. "I agree to the <a>privacy policy</a>"). Clicking its text toggles the box, clicking a link in it follows the link. */
  label: ReactNode;
  /** Help text under the label; announced through `aria-describedby`. */
  hint?: ReactNode;
  /** An error message under the label (e.g. "Accept the policy to continue"); sets `aria-invalid` and is announced through `aria-describedby`. */
  error?: ReactNode;
  /** Checked state (controlled): `true`, `false` or `'indeterminate'`. */
  checked?: CheckboxCheckedState;
  /** Initial checked state when uncontrolled. */
  defaultChecked?: CheckboxCheckedState;
  /** Called with the new state when the user toggles the box. */
  onCheckedChange?: (checked: CheckboxCheckedState) => void;
  /** Must be checked to submit the form: sets `aria-required` and the hidden native input's `required`; shows a visual asterisk after the label. */
  required?: boolean;
  /** Class for the outer wrapper (box + label + messages). */
  className?: string;
  /** Ref to the checkbox element (a `<button role="checkbox">`). */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A labelled checkbox (Radix Checkbox: a `button` with `role="checkbox"`, toggled with Space; inside a
 * `<form>` a hidden native checkbox carries `name`/`value` into the form data). Hint and error are
 * wired through `aria-describedby`, and the error sets `aria-invalid`.
 */
export function Checkbox({ label, hint, error, required, id, className, 'aria-describedby': describedByProp, ...props }: CheckboxProps) {
  const ids = useFieldIds(id, { hint, error, extra: [describedByProp] });
  const boxId = ids.controlId;
  return (
    <div className={clsx(styles.field, className)} data-disabled={props.disabled || undefined}>
      <div className={styles.row}>
        <CheckboxPrimitive.Root {...props} id={boxId} required={required} className={styles.box} aria-invalid={ids.invalid} aria-describedby={ids.describedBy}>
          <CheckboxPrimitive.Indicator className={styles.indicator}>
            <CheckIcon className={styles.check} width={18} height={18} aria-hidden="true" />
            <DividerHorizontalIcon className={styles.dash} width={18} height={18} aria-hidden="true" />
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <label className={styles.label} htmlFor={boxId}>
          {label}
          {required ? (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      </div>
      {error || hint ? (
        <div className={styles.messages}>
          <FieldMessages ids={ids} error={error} hint={hint} />
        </div>
      ) : null}
    </div>
  );
}
