/**
 * A link to a page of the site that looks like a button (Button asChild around a router Link).
 * `to` is the unprefixed path, localized here (SITE-LOCALES); `search` an optional query
 * ('?product=dom') kept after the localized path. `variant`, `size` and `className` are Button's.
 */
import { Button, type ButtonProps } from '@studio/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalizePath } from '../../i18n/useLocale';

export function ButtonLink({ to, search = '', children, ...button }: { to: string; search?: string; children: ReactNode } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const localize = useLocalizePath();
  return (
    <Button asChild {...button}>
      <Link to={localize(to) + search}>{children}</Link>
    </Button>
  );
}
