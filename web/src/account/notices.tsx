/**
 * The notices of the account pages that lead somewhere else:
 * - `LinkCallout`: a callout whose action is a small button-link to the page that helps (set a
 *   password first, ask for a new reset link…);
 * - `SuccessNotice`: a success callout with the way on under it as a primary button-link (password
 *   changed → back to the profile, reset done → sign in). It renders two siblings; the caller gives
 *   the frame that spaces them (a stack, a card).
 * With `focus`, the callout takes focus when it appears (`tabIndex={-1}`), for notices that replace
 * the form that had it, so it is read at once.
 */
import { Callout, type CalloutProps } from '@studio/ui';
import type { ReactNode } from 'react';
import { ButtonLink } from '../app/links';
import { useFocusWhen } from './useFocusWhen';

/** What both notices take: where the link goes, its text, and whether the callout takes focus. */
interface Onward {
  /** The page the link leads to, without the locale prefix. */
  to: string;
  linkLabel: ReactNode;
  focus?: boolean;
}

export function LinkCallout({ to, linkLabel, focus = false, ...callout }: Omit<CalloutProps, 'action' | 'ref' | 'tabIndex'> & Onward) {
  const ref = useFocusWhen<HTMLDivElement>(focus);
  return (
    <Callout
      {...callout}
      ref={ref}
      tabIndex={focus ? -1 : undefined}
      action={
        <ButtonLink to={to} variant="secondary" size="sm">
          {linkLabel}
        </ButtonLink>
      }
    />
  );
}

export function SuccessNotice({ title, children, to, linkLabel, focus = false }: Onward & { title: ReactNode; children: ReactNode }) {
  const ref = useFocusWhen<HTMLDivElement>(focus);
  return (
    <>
      <Callout ref={ref} tabIndex={focus ? -1 : undefined} tone="success" title={title}>
        {children}
      </Callout>
      <div>
        <ButtonLink to={to}>{linkLabel}</ButtonLink>
      </div>
    </>
  );
}
