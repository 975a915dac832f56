/**
 * /auth/reset (ACC-RESET) as a visitor uses it, with the REST api stubbed at `fetch`: the address
 * checked in the browser (the message at the field, focused, no request), the address typed on
 * the sign-in form carried over, a rate limit (RATE_LIMITED with Retry-After) as the form's
 * focused alert with the address kept, the confirmation that never says whether an account exists
 * (AUTH-LOGIN), a resend refused by the rate limit, and the page in Russian (SITE-LOCALES).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldMessage, fill, labelled, restAnswer, restError, stubFetch } from '../../test/forms';
import { renderWithRelay } from '../../test/renderWithRelay';
import { ResetRequestPage } from './ResetRequestPage';

/** /auth/reset in `locale`, arriving with `state` (the sign-in form's address); answers its field and a submit. */
async function renderResetRequest(options: { locale?: 'en' | 'ru'; state?: unknown } = {}) {
  const rendered = renderWithRelay(<ResetRequestPage />, { page: 'authReset', ...options });
  const { intl, user } = rendered;
  await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.authReset.title' }) });
  return {
    ...rendered,
    email: labelled(intl.formatMessage({ id: 'auth.email.label' })) as HTMLInputElement,
    submit: () => user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'passwords.reset.submit' }) })),
  };
}

describe('ResetRequestPage form', () => {
  it('checks the address in the browser, focuses it and sends nothing', async () => {
    const network = stubFetch();
    const { user, intl, email, submit } = await renderResetRequest();

    await submit();
    expect(fieldMessage(email)).toBe(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(email));

    await fill(user, email, 'anna@@example.com');
    await submit();
    expect(fieldMessage(email)).toBe(intl.formatMessage({ id: 'validation.email' }));
    expect(network.requests()).toEqual([]);
  });

  it('says how long to wait after too many requests (RATE_LIMITED), in a focused alert, with the address kept from the sign-in form', async () => {
    const network = stubFetch(restError(429, 'RATE_LIMITED', 'Rate limit exceeded, retry in 45 seconds', 45));
    const { intl, email, submit } = await renderResetRequest({ state: { email: 'anna@example.com' } });
    expect(email.value).toBe('anna@example.com');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitSeconds' }, { seconds: 45 }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(email.value).toBe('anna@example.com');
    expect(network.requests()).toEqual([{ url: '/api/auth/reset', method: 'POST', body: { email: 'anna@example.com', locale: 'en' } }]);
  });

  it('confirms the request without saying whether an account exists, and reports a resend refused by the rate limit', async () => {
    stubFetch(restAnswer(204), restError(429, 'RATE_LIMITED', 'Rate limit exceeded, retry in 10 minutes', 600));
    const { user, intl, email, submit } = await renderResetRequest();
    await fill(user, email, ' Anna@Example.com ');

    await submit();

    const sent = await screen.findByText(intl.formatMessage({ id: 'passwords.reset.sentTitle' }));
    await waitFor(() => expect(document.activeElement?.contains(sent)).toBe(true));
    // The same words whether or not an account has the address.
    expect(document.activeElement?.textContent).toContain(intl.formatMessage({ id: 'passwords.reset.sent' }, { email: 'anna@example.com' }));

    await user.click(screen.getByRole('button', { name: intl.formatMessage({ id: 'passwords.reset.resend' }) }));
    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitMinutes' }, { minutes: 10 }));
  });

  it('speaks Russian under /ru', async () => {
    const network = stubFetch(new TypeError('Failed to fetch'));
    const { user, intl, email, submit } = await renderResetRequest({ locale: 'ru' });
    await fill(user, email, 'anna@example');
    await submit();
    expect(fieldMessage(email)).toBe(intl.formatMessage({ id: 'validation.email' }));

    await fill(user, email, 'anna@example.com');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'error.NETWORK' }));
    expect(network.requests()[0]?.body).toEqual({ email: 'anna@example.com', locale: 'ru' });
  });
});
