import { CheckCircledIcon, CrossCircledIcon, ExclamationTriangleIcon, InfoCircledIcon } from '@radix-ui/react-icons';
import type { AriaRole, HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Callout.module.css';

export interface CalloutProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  /** Meaning and colour: `info` (default), `success`, `warning` or `danger`. */
  tone?: 'info' | 'success' | 'warning' | 'danger';
  /** A short bold first line, e.g. "Payment failed". */
  title?: ReactNode;
  /** An action at the end (a Button or Link), e.g. "Try again"; it moves under the text when space is short. */
  action?: ReactNode;
  /** Replaces the tone's icon; `null` shows none. */
  icon?: ReactNode;
  /**
   * ARIA role. Defaults to `alert` for `danger` (a live region announced at once) and `status` for the
   * other tones (announced politely). Pass another role to override, or `null` for no role at all
   * (static page copy that must not be announced).
   */
  role?: AriaRole | null;
  ref?: Ref<HTMLDivElement>;
  /** The message. */
  children?: ReactNode;
}

const toneIcons = {
  info: <InfoCircledIcon />,
  success: <CheckCircledIcon />,
  warning: <ExclamationTriangleIcon />,
  danger: <CrossCircledIcon />,
} as const;

/**
 * A notice block with an icon per tone, an optional title and an optional action. Danger callouts are
 * `role="alert"`, the rest `role="status"`. The tone is a `data-tone` attribute.
 */
export function Callout({ tone = 'info', title, action, icon, role, className, children, ...props }: CalloutProps) {
  const shownIcon = icon === undefined ? toneIcons[tone] : icon;
  return (
    <div
      {...props}
      role={role === undefined ? (tone === 'danger' ? 'alert' : 'status') : (role ?? undefined)}
      data-tone={tone}
      className={clsx(styles.callout, className)}
    >
      <div className={styles.inner} data-has-icon={shownIcon ? '' : undefined}>
        {shownIcon ? (
          <span className={styles.icon} aria-hidden>
            {shownIcon}
          </span>
        ) : null}
        <div className={styles.content}>
          {title ? <div className={styles.title}>{title}</div> : null}
          {children ? <div className={styles.body}>{children}</div> : null}
        </div>
        {action ? <div className={styles.action}>{action}</div> : null}
      </div>
    </div>
  );
}
