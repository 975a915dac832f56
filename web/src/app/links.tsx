/**
 * Links to the site's own pages in the page's language (SITE-LOCALES), for every feature: `to` is
 * the path without a locale prefix, query allowed ('/profile', '/order?product=dom'); the current
 * locale's prefix is added. A router
 * link inside, so the page changes without a reload.
 * - `ButtonLink` looks like a Button (`variant`, `size` as Button's);
 * - `TextLink` looks like the design system's text Link; `state` rides along in the history entry.
 */
import { Button, type ButtonProps, Link as UiLink, type LinkProps } from '@studio/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLocalizePath } from '../i18n/useLocale';

export function ButtonLink({ to, children, ...button }: Pick<ButtonProps, 'variant' | 'size' | 'className'> & { to: string; children: ReactNode }) {
  const localize = useLocalizePath();
  return (
    <Button asChild {...button}>
      <Link to={localize(to)}>{children}</Link>
    </Button>
  );
}

export function TextLink({ to, state, children, ...link }: Pick<LinkProps, 'variant' | 'className'> & { to: string; state?: unknown; children: ReactNode }) {
  const localize = useLocalizePath();
  return (
    <UiLink asChild {...link}>
      <Link to={localize(to)} state={state}>
        {children}
      </Link>
    </UiLink>
  );
}
