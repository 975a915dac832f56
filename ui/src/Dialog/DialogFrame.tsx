/**
 * The frame Dialog and AlertDialog share (internal, not exported from the package): root, optional
 * trigger, portal, overlay and panel, and the title with its optional description. Each component
 * passes its own Radix parts — Dialog's or AlertDialog's, which differ in role and in how they close
 * — and fills the panel with its own header, body and footer.
 */
import { clsx } from 'clsx';
import type { ComponentType, HTMLAttributes, ReactNode, Ref } from 'react';
import styles from './DialogFrame.module.css';

interface Parent {
  children?: ReactNode;
}
interface Styled extends Parent {
  className?: string;
}

/** The Radix parts a frame renders: `@radix-ui/react-dialog` or `@radix-ui/react-alert-dialog`. */
export interface DialogParts {
  Root: ComponentType<Parent & { open?: boolean; defaultOpen?: boolean; onOpenChange?: (open: boolean) => void }>;
  Trigger: ComponentType<Parent & { asChild?: boolean }>;
  Portal: ComponentType<Parent>;
  Overlay: ComponentType<Styled>;
  Content: ComponentType<HTMLAttributes<HTMLDivElement> & { ref?: Ref<HTMLDivElement> }>;
  Title: ComponentType<Styled>;
  Description: ComponentType<Styled>;
}

/** The props Dialog and AlertDialog both take. */
export interface DialogFrameProps {
  /** Controlled open state; pair it with `onOpenChange`. */
  open?: boolean;
  /** Whether the dialog starts open when uncontrolled. */
  defaultOpen?: boolean;
  /** Called whenever the dialog opens or closes. */
  onOpenChange?: (open: boolean) => void;
  /** The element that opens the dialog, usually a `Button`. Rendered through `asChild`, so it must forward ref and props. Focus returns to it on close. */
  trigger?: ReactNode;
  /** The heading (an `h2`), also the dialog's accessible name; for an AlertDialog the question, e.g. "Delete account?". */
  title: ReactNode;
  /** A sentence or two under the title, announced as the dialog's description (for an AlertDialog: what happens on confirm). */
  description?: ReactNode;
  /** Extra class for the dialog panel. */
  className?: string;
  /** Ref to the dialog panel (the element with `role="dialog"` or `role="alertdialog"`). */
  ref?: Ref<HTMLDivElement>;
  /**
   * Runs as the dialog closes, before focus returns to the trigger. When the action removed the
   * trigger from the page, call `event.preventDefault()` and focus what replaced it, so keyboard
   * and screen-reader users are not dropped at the top of the page.
   */
  onCloseAutoFocus?: (event: Event) => void;
}

type FrameProps = Omit<DialogFrameProps, 'title'> &
  Omit<HTMLAttributes<HTMLDivElement>, keyof DialogFrameProps> & {
    parts: DialogParts;
    /** The panel's own class (its size, padding and layout), before `className`. */
    panelClassName?: string;
    children: ReactNode;
  };

/** Root → trigger → portal → overlay → panel; other props (`data-*`, `aria-*`) go to the panel. */
export function DialogFrame({
  parts,
  open,
  defaultOpen,
  onOpenChange,
  trigger,
  description,
  panelClassName,
  className,
  ref,
  children,
  ...panelProps
}: FrameProps) {
  const { Root, Trigger, Portal, Overlay, Content } = parts;
  return (
    <Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <Trigger asChild>{trigger}</Trigger> : null}
      <Portal>
        <Overlay className={styles.overlay}>
          <Content
            ref={ref}
            {...panelProps}
            className={clsx(styles.panel, panelClassName, className)}
            // Without a description, tell Radix there is none on purpose (no dangling aria-describedby).
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            {children}
          </Content>
        </Overlay>
      </Portal>
    </Root>
  );
}

/** The title and, when given, the description, in the dialogs' type styles. */
export function DialogHeading({ parts, title, description }: Pick<DialogFrameProps, 'title' | 'description'> & { parts: DialogParts }) {
  const { Title, Description } = parts;
  return (
    <>
      <Title className={styles.title}>{title}</Title>
      {description ? <Description className={styles.description}>{description}</Description> : null}
    </>
  );
}
