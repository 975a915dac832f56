import { Slottable } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import { ButtonBase } from '../Button/ButtonBase';
import styles from './IconButton.module.css';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'> {
  /** The accessible name (rendered as `aria-label`), e.g. "Open menu". Required: the button shows no text. */
  label: string;
  /** The icon, usually from `@radix-ui/react-icons`; it is hidden from assistive technology. */
  icon: ReactNode;
  /** Visual weight: `ghost` (default, toolbars and headers), `secondary` (bordered) or `primary` (solid accent). */
  variant?: 'ghost' | 'secondary' | 'primary';
  /** Square size: `sm` 32 px, `md` 44 px (default, a comfortable touch target). */
  size?: 'sm' | 'md';
  /** Also set the native `title` to `label`, so mouse users get the browser's hint (no tooltip component). */
  showTitle?: boolean;
  /** Render the child element (e.g. a router link) with the icon button's look (Radix Slot); the icon goes inside it. */
  asChild?: boolean;
  ref?: Ref<HTMLButtonElement>;
  /** Only with `asChild`: the element to render (its own children are replaced by the icon). */
  children?: ReactNode;
}

/**
 * A square button that shows only an icon; its name comes from `label`. Variants are
 * `data-variant` / `data-size` attributes.
 */
export function IconButton({
  label,
  icon,
  variant = 'ghost',
  size = 'md',
  showTitle = false,
  asChild = false,
  className,
  children,
  ...props
}: IconButtonProps) {
  return (
    <ButtonBase
      {...props}
      asChild={asChild}
      variant={variant}
      size={size}
      aria-label={label}
      title={showTitle ? label : props.title}
      className={clsx(styles.iconButton, className)}
    >
      <span className={styles.icon} aria-hidden>
        {icon}
      </span>
      {asChild ? <Slottable>{children}</Slottable> : null}
    </ButtonBase>
  );
}
