import * as RadixDropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useId } from 'react';
import { clsx } from 'clsx';
import styles from './DropdownMenu.module.css';

export interface DropdownMenuProps {
  /** The button that opens the menu (e.g. the user's name or avatar); rendered through `asChild`, so it must forward ref and props. */
  trigger: ReactNode;
  /** Optional heading at the top of the menu (e.g. the signed-in email); it also names the menu for assistive technology. */
  label?: ReactNode;
  /** The items: `DropdownMenuItem`, `DropdownMenuSeparator`, `DropdownMenuLabel`. */
  children: ReactNode;
  /** Horizontal alignment against the trigger: `start`, `center` or `end` (default, suits a menu at the right of a header). */
  align?: 'start' | 'center' | 'end';
  /** Which side of the trigger the menu opens on (default `bottom`; it flips when there is no room). */
  side?: 'top' | 'right' | 'bottom' | 'left';
  /** Controlled open state; pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the menu starts open when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the menu opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /**
   * `false` (default): the rest of the page stays reachable and is not hidden from assistive
   * technology, as the WAI-ARIA menu-button pattern expects; Tab or a click outside closes the menu.
   * `true`: Radix's modal mode (outside content `aria-hidden`, pointer events blocked).
   */
  modal?: boolean;
  /** Extra class for the menu panel. */
  className?: string;
  /**
   * The element the open menu is rendered into (default: `document.body`). Pass an element inside a
   * landmark, e.g. the site header, so the open menu's content stays inside that landmark.
   */
  container?: HTMLElement | null;
}

/**
 * A menu of actions and links behind a trigger (Radix DropdownMenu), e.g. the site's user menu.
 * Keyboard: Enter, Space or ArrowDown on the trigger opens it with the first item focused; arrows
 * move (wrapping), Home/End jump, typing a letter finds an item, Enter/Space select, Escape closes
 * and returns focus to the trigger.
 */
export function DropdownMenu({
  trigger,
  label,
  children,
  align = 'end',
  side = 'bottom',
  open,
  defaultOpen,
  onOpenChange,
  modal = false,
  className,
  container,
}: DropdownMenuProps) {
  const labelId = useId();
  return (
    <RadixDropdownMenu.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange} modal={modal}>
      <RadixDropdownMenu.Trigger asChild>{trigger}</RadixDropdownMenu.Trigger>
      <RadixDropdownMenu.Portal container={container}>
        <RadixDropdownMenu.Content
          align={align}
          side={side}
          sideOffset={6}
          collisionPadding={8}
          loop
          aria-labelledby={label ? labelId : undefined}
          className={clsx(styles.content, className)}
        >
          {label ? (
            <>
              <DropdownMenuLabel id={labelId}>{label}</DropdownMenuLabel>
              <DropdownMenuSeparator />
            </>
          ) : null}
          {children}
        </RadixDropdownMenu.Content>
      </RadixDropdownMenu.Portal>
    </RadixDropdownMenu.Root>
  );
}

export interface DropdownMenuItemProps extends ComponentPropsWithoutRef<typeof RadixDropdownMenu.Item> {
  /** Render the child element (e.g. a router `<Link>`) as the item, with the item's look and keyboard behaviour (Radix Slot). */
  asChild?: boolean;
  /** `danger` for destructive items such as "Delete account"; set as `data-tone`. */
  tone?: 'default' | 'danger';
  /** Called when the item is chosen by click, Enter or Space; call `event.preventDefault()` to keep the menu open. */
  onSelect?: (event: Event) => void;
  /** Disabled items are skipped by the keyboard and cannot be chosen (still shown, dimmed). */
  disabled?: boolean;
  /** Ref to the item element. */
  ref?: Ref<HTMLDivElement>;
}

/** One menu item (`role="menuitem"`). Icons can go inside `children`; with `asChild` the child (e.g. a link) becomes the item. */
export function DropdownMenuItem({ tone = 'default', className, ...props }: DropdownMenuItemProps) {
  return <RadixDropdownMenu.Item {...props} data-tone={tone} className={clsx(styles.item, className)} />;
}

export interface DropdownMenuSeparatorProps extends ComponentPropsWithoutRef<typeof RadixDropdownMenu.Separator> {
  /** Ref to the separator element. */
  ref?: Ref<HTMLDivElement>;
}

/** A 1 px rule between groups of items (`role="separator"`). */
export function DropdownMenuSeparator({ className, ...props }: DropdownMenuSeparatorProps) {
  return <RadixDropdownMenu.Separator {...props} className={clsx(styles.separator, className)} />;
}

export interface DropdownMenuLabelProps extends ComponentPropsWithoutRef<typeof RadixDropdownMenu.Label> {
  /** Ref to the label element. */
  ref?: Ref<HTMLDivElement>;
}

/** A small non-interactive heading inside the menu (mono, uppercase), e.g. above a group of items. */
export function DropdownMenuLabel({ className, ...props }: DropdownMenuLabelProps) {
  return <RadixDropdownMenu.Label {...props} className={clsx(styles.label, className)} />;
}

/** Groups related items (`role="group"`); give it `aria-labelledby` pointing at a `DropdownMenuLabel` id. */
export const DropdownMenuGroup = RadixDropdownMenu.Group;
