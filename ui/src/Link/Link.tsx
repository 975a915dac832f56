import { ArrowTopRightIcon } from '@radix-ui/react-icons';
import { Slot, Slottable } from '@radix-ui/react-slot';
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import { VisuallyHidden } from '../VisuallyHidden';
import styles from './Link.module.css';

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  /**
   * Look: `inline` (default, underlined, for links inside running text), `subtle` (muted, underlined on
   * hover — footers, metadata) or `nav` (header navigation; `aria-current="page"` marks the current page).
   */
  variant?: 'inline' | 'subtle' | 'nav';
  /** Opens in a new tab (`target="_blank"`, `rel="noopener noreferrer"`) and shows a small arrow. */
  external?: boolean;
  /**
   * With `external`: text read after the link text by screen readers, e.g. "(opens in a new tab)".
   * Pass it whenever `external` is set — the arrow alone says nothing to a screen reader.
   */
  externalLabel?: string;
  /** Render the child element (e.g. a router `<Link>`) with this look (Radix Slot). */
  asChild?: boolean;
  ref?: Ref<HTMLAnchorElement>;
  /** The link text. */
  children?: ReactNode;
}

/**
 * A text link in one of three looks. With `asChild` a router link takes the look; with `external`
 * it opens a new tab and says so to screen readers. Variants are `data-variant` attributes.
 */
export function Link({ variant = 'inline', external = false, externalLabel, asChild = false, className, target, rel, children, ...props }: LinkProps) {
  const Component = asChild ? Slot : 'a';
  return (
    <Component
      {...props}
      target={external ? '_blank' : target}
      rel={external ? ['noopener', 'noreferrer', rel].filter(Boolean).join(' ') : rel}
      data-variant={variant}
      data-external={external || undefined}
      className={clsx(styles.link, className)}
    >
      <Slottable>{children}</Slottable>
      {external ? (
        <>
          <ArrowTopRightIcon className={styles.externalIcon} aria-hidden />
          {externalLabel ? <VisuallyHidden>{` ${externalLabel}`}</VisuallyHidden> : null}
        </>
      ) : null}
    </Component>
  );
}
