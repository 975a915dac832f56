/**
 * The shared pieces of the account pages: links that carry the page's locale prefix
 * (SITE-LOCALES), the notices that lead elsewhere and take focus when they replace a form, and
 * the submit button's busy label.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from '../forms/SubmitButton';
import { renderWithRelay } from '../test/renderWithRelay';
import { ButtonLink, TextLink } from '../app/links';
import { LinkCallout, SuccessNotice } from './notices';

describe('ButtonLink and TextLink', () => {
  it('link to the page in the current locale with the button or text look', async () => {
    renderWithRelay(
      <>
        <ButtonLink to="/profile" variant="ghost">
          Back
        </ButtonLink>
        <TextLink to="/auth?mode=register" variant="subtle">
          Register
        </TextLink>
      </>,
      { locale: 'ru', page: 'auth' },
    );

    const button = await screen.findByRole('link', { name: 'Back' });
    expect(button.getAttribute('href')).toBe('/ru/profile');
    expect(button.getAttribute('data-variant')).toBe('ghost');
    const text = screen.getByRole('link', { name: 'Register' });
    expect(text.getAttribute('href')).toBe('/ru/auth?mode=register');
    expect(text.getAttribute('data-variant')).toBe('subtle');
  });
});

describe('LinkCallout and SuccessNotice', () => {
  it('take focus only when asked to, and lead to the given page', async () => {
    renderWithRelay(
      <>
        <LinkCallout tone="info" role={null} title="Quiet" to="/profile/set-password" linkLabel="Set one">
          No password yet.
        </LinkCallout>
        <LinkCallout focus tone="warning" role="alert" title="Loud" to="/auth/reset" linkLabel="Ask again">
          The link is dead.
        </LinkCallout>
      </>,
      { page: 'auth' },
    );

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The link is dead.');
    expect(document.activeElement).toBe(alert);
    expect(alert.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByText('No password yet.').closest('[data-tone]')?.hasAttribute('tabindex')).toBe(false);
    expect(screen.getByRole('link', { name: 'Set one' }).getAttribute('href')).toBe('/profile/set-password');
    expect(screen.getByRole('link', { name: 'Ask again' }).getAttribute('href')).toBe('/auth/reset');
  });

  it('shows the success and the way on', async () => {
    renderWithRelay(
      <SuccessNotice focus title="Done" to="/profile" linkLabel="Back to the profile">
        Saved.
      </SuccessNotice>,
      { locale: 'es', page: 'profile' },
    );

    const notice = await screen.findByRole('status');
    expect(notice.getAttribute('data-tone')).toBe('success');
    expect(document.activeElement).toBe(notice);
    expect(screen.getByRole('link', { name: 'Back to the profile' }).getAttribute('href')).toBe('/es/profile');
  });
});

describe('SubmitButton', () => {
  it('says what is happening while the form is busy', () => {
    const { rerender } = render(<SubmitButton busy={false} label="Save" busyLabel="Saving…" />);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.hasAttribute('aria-busy')).toBe(false);

    rerender(<SubmitButton busy label="Save" busyLabel="Saving…" />);
    expect(screen.getByRole('button', { name: 'Saving…' }).getAttribute('aria-busy')).toBe('true');
  });
});
