/**
 * /auth (AUTH-LOGIN, AUTH-REGISTER) as a visitor uses it, with the REST api stubbed at `fetch`
 * (answers shaped as the api sends them: `{ error: { code, message } }`, a 429's Retry-After):
 * the browser's checks (messages at the fields, the first focused, no request), the server's
 * refusals as the form's focused alert with the typed values kept (INVALID_CREDENTIALS,
 * RATE_LIMITED with the wait, an unreachable server, EMAIL_TAKEN), registration's password rules
 * (too short; a very common password once the real list has loaded), a successful sign-in
 * (signed in, on the profile), and the form in Spanish (SITE-LOCALES).
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fieldMessage, fill, labelled, restAnswer, restError, stubFetch } from '../../test/forms';
import { TEST_SITE_NAME, renderWithRelay } from '../../test/renderWithRelay';
import { readCredentials } from '../../session/credentials';
import { AuthPage } from './AuthPage';

/** /auth in `mode` and `locale`; answers its fields and a submit. */
async function renderAuth(mode: 'signIn' | 'register' = 'signIn', locale: 'en' | 'ru' | 'es' = 'en') {
  const rendered = renderWithRelay(<AuthPage />, { page: 'auth', locale, route: mode === 'register' ? '/auth?mode=register' : '/auth' });
  const { intl, user } = rendered;
  const submitId = mode === 'register' ? 'auth.register.submit' : 'auth.signIn.submit';
  await screen.findByRole('heading', { level: 1, name: intl.formatMessage({ id: mode === 'register' ? 'auth.register.title' : 'auth.signIn.title' }) });
  return {
    ...rendered,
    name: mode === 'register' ? labelled(intl.formatMessage({ id: 'auth.name.label' })) : null,
    email: labelled(intl.formatMessage({ id: 'auth.email.label' })),
    password: labelled(intl.formatMessage({ id: 'auth.password.label' })),
    submit: () => user.click(screen.getByRole('button', { name: intl.formatMessage({ id: submitId }) })),
  };
}

describe('AuthPage: sign in', () => {
  it('checks the fields in the browser, focuses the first invalid one and sends nothing', async () => {
    const network = stubFetch();
    const { user, intl, email, password, submit } = await renderAuth();

    await submit();
    expect(fieldMessage(email)).toBe(intl.formatMessage({ id: 'validation.required' }));
    expect(fieldMessage(password)).toBe(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(email));

    await fill(user, email, 'anna@example');
    await fill(user, password, 'correct horse');
    await submit();
    expect(fieldMessage(email)).toBe(intl.formatMessage({ id: 'validation.email' }));
    expect(fieldMessage(password)).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(network.requests()).toEqual([]);
  });

  it('says the e-mail or password is wrong (INVALID_CREDENTIALS) in a focused alert and keeps both', async () => {
    const network = stubFetch(restError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is incorrect.'));
    const { user, intl, email, password, submit } = await renderAuth();
    await fill(user, email, 'Anna@Example.com');
    await fill(user, password, 'not my password');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'error.INVALID_CREDENTIALS' }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((email as HTMLInputElement).value).toBe('Anna@Example.com');
    expect((password as HTMLInputElement).value).toBe('not my password');
    expect(network.requests()).toEqual([
      {
        url: '/api/auth/login',
        method: 'POST',
        body: { email: 'anna@example.com', password: 'not my password', deviceToken: expect.any(String) as string, locale: 'en' },
      },
    ]);
  });

  it('says how long to wait after too many attempts (RATE_LIMITED with Retry-After)', async () => {
    stubFetch(restError(429, 'RATE_LIMITED', 'Rate limit exceeded, retry in 2 minutes', 120));
    const { user, intl, email, password, submit } = await renderAuth();
    await fill(user, email, 'anna@example.com');
    await fill(user, password, 'correct horse');

    await submit();

    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitMinutes' }, { minutes: 2 }));
    expect((password as HTMLInputElement).value).toBe('correct horse');
  });

  it('says the server could not be reached, and signs in on the next try', async () => {
    stubFetch(new TypeError('Failed to fetch'), restAnswer(200, { accessToken: 'access.jwt' }));
    const { user, intl, email, password, submit } = await renderAuth();
    await fill(user, email, 'anna@example.com');
    await fill(user, password, 'correct horse');

    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'error.NETWORK' }));

    await submit();
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(readCredentials()).toEqual({ accessToken: 'access.jwt' });
  });

  it('speaks Spanish under /es', async () => {
    const network = stubFetch(restError(401, 'INVALID_CREDENTIALS', 'The e-mail or password is incorrect.'));
    const { user, intl, email, password, submit } = await renderAuth('signIn', 'es');

    await submit();
    expect(fieldMessage(email)).toBe(intl.formatMessage({ id: 'validation.required' }));
    expect(network.requests()).toEqual([]);

    await fill(user, email, 'ana@example.com');
    await fill(user, password, 'contraseña equivocada');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'error.INVALID_CREDENTIALS' }));
    expect(network.requests()[0]?.body).toMatchObject({ locale: 'es' });
  });
});

describe('AuthPage: the wait of an account after repeated wrong passwords (SEC-LIMITS passwordGuess)', () => {
  it.each(['en', 'es'] as const)('says in %s how many seconds to wait (TOO_MANY_REQUESTS with Retry-After) and keeps what was typed', async (locale) => {
    stubFetch(restError(429, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in 8 s.', 8));
    const { user, intl, email, password, submit } = await renderAuth('signIn', locale);
    await fill(user, email, 'anna@example.com');
    await fill(user, password, 'correct horse');

    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitSeconds' }, { seconds: 8 }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((password as HTMLInputElement).value).toBe('correct horse');
  });
});

describe('AuthPage: every 429 names the wait, in the visitor’s language (SEC-LIMITS)', () => {
  it.each([
    ['en', 'TOO_MANY_REQUESTS', 240, 'Too many attempts. Please try again in 4 minutes.'],
    ['ru', 'TOO_MANY_REQUESTS', 240, 'Слишком много попыток. Попробуйте снова через 4 минуты.'],
    ['es', 'TOO_MANY_REQUESTS', 240, 'Demasiados intentos. Vuelve a intentarlo dentro de 4 minutos.'],
    ['ru', 'RATE_LIMITED', 45, 'Слишком много попыток. Попробуйте снова через 45 секунд.'],
    ['en', 'RATE_LIMITED', 3600, 'Too many attempts. Please try again in 1 hour.'],
    ['es', 'TOO_MANY_REQUESTS', 5 * 3600, 'Demasiados intentos. Vuelve a intentarlo dentro de 5 horas.'],
    // A 429 whose body has no code of ours (a proxy's page) still names the wait of its Retry-After.
    ['en', null, 90, 'Too many attempts. Please try again in 2 minutes.'],
  ] as const)('in %s: %s for %i s', async (locale, code, seconds, text) => {
    stubFetch(
      code === null
        ? restAnswer(429, undefined, { 'retry-after': String(seconds) })
        : restError(429, code, `Too many attempts; try again in ${seconds} s.`, seconds),
    );
    const { user, email, password, submit } = await renderAuth('signIn', locale);
    await fill(user, email, 'anna@example.com');
    await fill(user, password, 'correct horse');

    await submit();

    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});

describe('AuthPage: register', () => {
  it('refuses a password that is mostly the e-mail address or the site name, in the browser, and sends nothing', async () => {
    const network = stubFetch();
    const { user, intl, name, email, password, submit } = await renderAuth('register');
    await fill(user, name!, 'Anna Petrova');
    await fill(user, email, 'anna.petrova@example.com');
    for (const typed of ['Anna.Petrova2024', `${TEST_SITE_NAME}-1234`]) {
      await fill(user, password, typed);
      await submit();
      await waitFor(() => expect(fieldMessage(password)).toContain(intl.formatMessage({ id: 'passwords.error.context' })), { timeout: 10_000 });
    }
    expect(network.requests()).toEqual([]);
  });

  it('shows the password rule the server names (passwords.error.context) at the password field', async () => {
    stubFetch(restAnswer(400, { error: { code: 'VALIDATION_FAILED', message: 'password: too close', field: 'password', problem: 'passwords.error.context' } }));
    const { user, intl, name, email, password, submit } = await renderAuth('register');
    await fill(user, name!, 'Anna Petrova');
    await fill(user, email, 'anna@example.com');
    await fill(user, password, 'violet kettle meadow');
    await submit();
    await waitFor(() => expect(fieldMessage(password)).toContain(intl.formatMessage({ id: 'passwords.error.context' })), { timeout: 10_000 });
  });

  it('checks the new password in the browser — too short, then one of the most common once the list has loaded — and sends nothing', async () => {
    const network = stubFetch();
    const { user, intl, name, email, password, submit } = await renderAuth('register');
    await fill(user, name!, 'Anna Petrova');
    await fill(user, email, 'anna@example.com');
    await fill(user, password, 'short');

    await submit();
    expect(fieldMessage(password)).toContain(intl.formatMessage({ id: 'validation.passwordTooShort' }, { min: 8 }));
    await waitFor(() => expect(document.activeElement).toBe(password));

    await fill(user, password, 'Password1');
    await submit();
    // The form waits for the list (its own chunk) before checking.
    await waitFor(() => expect(fieldMessage(password)).toContain(intl.formatMessage({ id: 'passwords.error.common' })), { timeout: 10_000 });
    expect(network.requests()).toEqual([]);
  });

  it('says an account already has the address (EMAIL_TAKEN) in a focused alert and keeps what was typed', async () => {
    const network = stubFetch(restError(409, 'EMAIL_TAKEN', 'An account with this e-mail already exists.'));
    const { user, intl, name, email, password, submit } = await renderAuth('register');
    await fill(user, name!, 'Anna Petrova');
    await fill(user, email, 'anna@example.com');
    await fill(user, password, 'violet kettle meadow');

    await submit();

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'error.EMAIL_TAKEN' }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect((name as HTMLInputElement).value).toBe('Anna Petrova');
    expect((password as HTMLInputElement).value).toBe('violet kettle meadow');
    expect(network.requests()).toMatchObject([
      {
        url: '/api/auth/register',
        method: 'POST',
        body: { email: 'anna@example.com', password: 'violet kettle meadow', name: 'Anna Petrova', username: 'anna', fullName: 'Anna Petrova', locale: 'en' },
      },
    ]);
  });
});

describe('AuthPage: return after sign-in and the mode switch (AUTH-RETURN, A11Y-FOCUS)', () => {
  it('lands on the safe `next` page after signing in', async () => {
    stubFetch(restAnswer(200, { accessToken: 'access.jwt' }));
    const rendered = renderWithRelay(<AuthPage />, { page: 'auth', route: '/auth?next=%2Fru%2Fprofile%2Fearnings' });
    const email = await screen.findByLabelText(rendered.intl.formatMessage({ id: 'auth.email.label' }));
    await fill(rendered.user, email, 'anna@example.com');
    await fill(rendered.user, labelled(rendered.intl.formatMessage({ id: 'auth.password.label' })), 'correct horse');
    await rendered.user.click(screen.getByRole('button', { name: rendered.intl.formatMessage({ id: 'auth.signIn.submit' }) }));
    expect((await screen.findByTestId('location')).textContent).toBe('/ru/profile/earnings');
  });

  it('ignores a `next` that leaves the site and lands on the profile', async () => {
    stubFetch(restAnswer(200, { accessToken: 'access.jwt' }));
    const rendered = renderWithRelay(<AuthPage />, { page: 'auth', route: '/auth?next=%2F%2Fevil.test%2Fprofile' });
    const email = await screen.findByLabelText(rendered.intl.formatMessage({ id: 'auth.email.label' }));
    await fill(rendered.user, email, 'anna@example.com');
    await fill(rendered.user, labelled(rendered.intl.formatMessage({ id: 'auth.password.label' })), 'correct horse');
    await rendered.user.click(screen.getByRole('button', { name: rendered.intl.formatMessage({ id: 'auth.signIn.submit' }) }));
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
  });

  it('moves focus to the first field of the new mode and keeps `next` in the switch link', async () => {
    const rendered = renderWithRelay(<AuthPage />, { page: 'auth', route: '/auth?next=%2Forder' });
    const { intl, user } = rendered;
    const toRegister = await screen.findByRole('link', { name: intl.formatMessage({ id: 'auth.switchToRegister' }) });
    expect(toRegister.getAttribute('href')).toBe('/auth?mode=register&next=%2Forder');
    await user.click(toRegister);
    const name = await screen.findByLabelText(intl.formatMessage({ id: 'auth.name.label' }));
    await waitFor(() => expect(document.activeElement).toBe(name));

    await user.click(screen.getByRole('link', { name: intl.formatMessage({ id: 'auth.switchToSignIn' }) }));
    await waitFor(() => expect(document.activeElement).toBe(labelled(intl.formatMessage({ id: 'auth.email.label' }))));
    expect(screen.queryByLabelText(intl.formatMessage({ id: 'auth.name.label' }))).toBeNull();
  });

  it('does not move focus on arrival', async () => {
    renderWithRelay(<AuthPage />, { page: 'auth', route: '/auth?mode=register' });
    await screen.findByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(document.body);
  });
});
