import { CheckIcon, ChevronDownIcon, ChevronUpIcon } from '@radix-ui/react-icons';
import * as SelectPrimitive from '@radix-ui/react-select';
import { type ReactNode, type Ref } from 'react';
import { clsx } from 'clsx';
import { type FieldControlProps, FieldFrame, fieldClassNames, useFieldIds } from '../Field/Field';
import styles from './Select.module.css';

/** One choice of a Select. */
export interface SelectOption {
  /** The value reported by `onValueChange` and submitted with the form; a non-empty string. */
  value: string;
  /** The text shown in the list and, once chosen, in the trigger (also used for type-ahead). */
  label: string;
  /** Language of the label as a BCP 47 tag (e.g. `ru` for "Русский" in a language switcher), so screen readers pronounce it right. */
  lang?: string;
  /** Shown but not selectable. */
  disabled?: boolean;
}

export interface SelectProps extends FieldControlProps {
  /** Keep the label for assistive technology only (e.g. "Language" for the header switcher, whose value speaks for itself). */
  hideLabel?: boolean;
  /** The choices, in display order. */
  options: readonly SelectOption[];
  /** The selected value (controlled). */
  value?: string;
  /** The initially selected value when uncontrolled. */
  defaultValue?: string;
  /** Called with the chosen option's `value`. */
  onValueChange?: (value: string) => void;
  /** Text shown in the trigger while nothing is selected (e.g. "Choose a budget"). */
  placeholder?: ReactNode;
  /** Which edge of the trigger the open list lines up with: `start` (default) or `end` (e.g. a switcher at the right end of the header, so the list stays on screen). */
  align?: 'start' | 'end';
  /** Height: `sm` 32 px (compact, e.g. the header language switcher; sized to its content), `md` 44 px (default, full width in forms). */
  size?: 'sm' | 'md';
  /** Disables the trigger. */
  disabled?: boolean;
  /** Form field name: inside a `<form>` a hidden native select submits the value under it. */
  name?: string;
  /** Whether the list is open (controlled). */
  open?: boolean;
  /** Open on first render (uncontrolled), e.g. for a screenshot of the open list. */
  defaultOpen?: boolean;
  /** Called when the list opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** Id of the trigger (the combobox); message ids derive from it. Defaults to a `useId` id. */
  id?: string;
  /** Extra ids for the trigger's `aria-describedby`, after the error and hint. */
  'aria-describedby'?: string;
  /** Ref to the trigger (a `<button role="combobox">`). */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A labelled single-choice select (Radix Select): a `combobox` trigger showing the chosen label and a
 * portalled `listbox` popover under it. Keyboard: Enter / Space / arrows open it, arrows and type-ahead
 * move, Enter chooses, Escape closes; focus returns to the trigger. Hint and error are wired through
 * `aria-describedby`, and the error sets `aria-invalid`.
 */
export function Select({
  label,
  hideLabel = false,
  options,
  placeholder,
  hint,
  error,
  size = 'md',
  align = 'start',
  id,
  'aria-describedby': describedByProp,
  className,
  ref,
  ...root
}: SelectProps) {
  const ids = useFieldIds(id, { hint, error, extra: [describedByProp] });
  const { controlId: triggerId, labelId, describedBy } = ids;
  return (
    <FieldFrame
      ids={ids}
      label={label}
      hideLabel={hideLabel}
      hint={hint}
      error={error}
      required={root.required}
      disabled={root.disabled}
      className={clsx(styles.field, className)}
      data-size={size}
    >
      {/* The other props are the Root's: value, open state, disabled, required, name. */}
      <SelectPrimitive.Root {...root}>
        <SelectPrimitive.Trigger
          ref={ref}
          id={triggerId}
          className={clsx(fieldClassNames.control, styles.trigger)}
          data-size={size}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {/* Radix drops className on Value, so the ellipsis lives on a wrapper. */}
          <span className={styles.value}>
            <SelectPrimitive.Value placeholder={placeholder} />
          </span>
          <SelectPrimitive.Icon className={styles.icon}>
            <ChevronDownIcon width={size === 'sm' ? 14 : 16} height={size === 'sm' ? 14 : 16} aria-hidden="true" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            side="bottom"
            align={align}
            sideOffset={4}
            collisionPadding={8}
            className={styles.content}
            data-size={size}
            aria-labelledby={labelId}
          >
            <SelectPrimitive.ScrollUpButton className={styles.scroll}>
              <ChevronUpIcon aria-hidden="true" />
            </SelectPrimitive.ScrollUpButton>
            <SelectPrimitive.Viewport className={styles.viewport}>
              {options.map((option) => (
                <SelectPrimitive.Item key={option.value} value={option.value} disabled={option.disabled} lang={option.lang} className={styles.item}>
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  <SelectPrimitive.ItemIndicator className={styles.itemIndicator}>
                    <CheckIcon width={16} height={16} aria-hidden="true" />
                  </SelectPrimitive.ItemIndicator>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
            <SelectPrimitive.ScrollDownButton className={styles.scroll}>
              <ChevronDownIcon aria-hidden="true" />
            </SelectPrimitive.ScrollDownButton>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
    </FieldFrame>
  );
}
