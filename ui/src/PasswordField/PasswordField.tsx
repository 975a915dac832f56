import { EyeClosedIcon, EyeOpenIcon } from '@radix-ui/react-icons';
import { type InputHTMLAttributes, type Ref, type RefCallback, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { clsx } from 'clsx';
import { type FieldControlProps, FieldFrame, fieldClassNames, useFieldIds } from '../Field/Field';
import styles from './PasswordField.module.css';

export interface PasswordFieldProps extends FieldControlProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'children' | 'type'> {
  /** Accessible name of the toggle while the password is hidden, e.g. "Show password". */
  showLabel: string;
  /** Accessible name of the toggle while the password is shown, e.g. "Hide password". */
  hideLabel: string;
  /** Whether the password is shown as plain text (controlled). */
  visible?: boolean;
  /** Initial visibility when uncontrolled; default `false` (masked). */
  defaultVisible?: boolean;
  /** Called with the new visibility when the toggle is pressed. */
  onVisibleChange?: (visible: boolean) => void;
  /** Ref to the `<input>` element. */
  ref?: Ref<HTMLInputElement>;
}

type Selection = { start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' | null };

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * A labelled password input with a show/hide toggle (an icon button inside the field, named by
 * `showLabel` / `hideLabel`). Pressing the toggle with the mouse while typing keeps focus and the
 * caret/selection in the input; from the keyboard, focus stays on the toggle. Hint and error are wired
 * like TextField (`aria-invalid`, `aria-describedby`). `autoComplete` (`current-password` /
 * `new-password`) and other props go to the `<input>`; spell-check and auto-capitalisation are off so
 * a shown password is not sent to a spelling service.
 */
export function PasswordField({
  label,
  showLabel,
  hideLabel,
  hint,
  error,
  required,
  visible: visibleProp,
  defaultVisible = false,
  onVisibleChange,
  id,
  className,
  ref,
  disabled,
  'aria-describedby': describedByProp,
  ...props
}: PasswordFieldProps) {
  const ids = useFieldIds(id, { hint, error, extra: [describedByProp] });
  const inputId = ids.controlId;

  const [visibleState, setVisibleState] = useState(defaultVisible);
  const visible = visibleProp ?? visibleState;

  const inputRef = useRef<HTMLInputElement | null>(null);
  const setInputRef: RefCallback<HTMLInputElement> = useCallback(
    (node) => {
      inputRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  // Switching the input's type can reset its selection; put the caret back where the user left it.
  const savedSelection = useRef<Selection | null>(null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    const selection = savedSelection.current;
    savedSelection.current = null;
    if (input && selection && selection.start !== null && selection.end !== null && input.ownerDocument.activeElement === input) {
      input.setSelectionRange(selection.start, selection.end, selection.direction ?? undefined);
    }
  }, [visible]);

  function toggle() {
    const input = inputRef.current;
    savedSelection.current =
      input && input.ownerDocument.activeElement === input
        ? { start: input.selectionStart, end: input.selectionEnd, direction: input.selectionDirection }
        : null;
    const next = !visible;
    if (visibleProp === undefined) setVisibleState(next);
    onVisibleChange?.(next);
  }

  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} required={required} disabled={disabled} className={className}>
      <div className={styles.control}>
        <input
          spellCheck={false}
          autoCapitalize="none"
          autoCorrect="off"
          {...props}
          ref={setInputRef}
          id={inputId}
          type={visible ? 'text' : 'password'}
          required={required}
          disabled={disabled}
          className={clsx(fieldClassNames.control, styles.input)}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-label={visible ? hideLabel : showLabel}
          aria-controls={inputId}
          data-visible={visible || undefined}
          disabled={disabled}
          // With the mouse, keep focus (and the caret) in the input instead of moving it to the button.
          onMouseDown={(event) => {
            if (inputRef.current && event.currentTarget.ownerDocument.activeElement === inputRef.current) event.preventDefault();
          }}
          onClick={toggle}
        >
          {visible ? <EyeClosedIcon width={18} height={18} aria-hidden="true" /> : <EyeOpenIcon width={18} height={18} aria-hidden="true" />}
        </button>
      </div>
    </FieldFrame>
  );
}
