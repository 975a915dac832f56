import * as RadixAvatar from '@radix-ui/react-avatar';
import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { clsx } from 'clsx';
import styles from './Avatar.module.css';
import { getInitials } from './initials';

export { getInitials } from './initials';

/** The image's loading state, as reported by Radix Avatar. */
export type AvatarImageStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface AvatarProps extends HTMLAttributes<HTMLSpanElement> {
  /** Image URL. While it loads, or if it fails, the initials (or `fallback`) show instead. */
  src?: string;
  /** The person's name: the source of the initials and, unless `alt` is given, the accessible name. */
  name?: string;
  /**
   * Accessible name of the avatar (image alt text). Defaults to `name`. Pass `""` when the name is
   * already written next to the avatar, so screen readers do not read it twice.
   */
  alt?: string;
  /** Shown instead of initials when there is no `name` (e.g. a person icon). Decorative. */
  fallback?: ReactNode;
  /** Diameter: `sm` 32 px, `md` 40 px (default), `lg` 64 px, `xl` 96 px. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Called when the image starts loading, loads or fails. */
  onImageStatusChange?: (status: AvatarImageStatus) => void;
  ref?: Ref<HTMLSpanElement>;
}

/** A round picture of a person, falling back to their initials (Radix Avatar). The size is a `data-size` attribute. */
export function Avatar({ src, name, alt, fallback, size = 'md', onImageStatusChange, className, ...props }: AvatarProps) {
  const label = alt ?? name ?? '';
  const initials = name ? getInitials(name) : '';
  return (
    <RadixAvatar.Root {...props} data-size={size} className={clsx(styles.avatar, className)}>
      {src ? <RadixAvatar.Image className={styles.image} src={src} alt={label} onLoadingStatusChange={onImageStatusChange} /> : null}
      <RadixAvatar.Fallback className={styles.fallback} {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
        {initials ? (
          <span aria-hidden>{initials}</span>
        ) : (
          <span className={styles.fallbackIcon} aria-hidden>
            {fallback}
          </span>
        )}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
