/**
 * Passkey sign-in on /auth (ACC-PASSKEYS), with the REST api stubbed at `fetch` and the browser's
 * WebAuthn calls replaced on the `webauthn` object (spies restored after every test: the suite
 * shares one module graph, so nothing here may outlive its test): the button signs in and lands on
 * `?next=`, a closed prompt is a quiet note, an unknown passkey is the form's alert in Spanish; the
 * e-mail field offers passkeys (`username webauthn`) and a passkey picked from its autofill signs
 * in; leaving the page cancels the waiting ceremony; without WebAuthn there is no button.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { labelled, restAnswer, restError, stubFetch } from '../../test/forms';
import { renderWithRelay } from '../../test/renderWithRelay';
import { readCredentials } from '../../session/credentials';
import { webauthn } from '../../session/webauthn';
import { AuthPage } from './AuthPage';

const OPTIONS = '{"challenge":"c2lnbi1pbg","rpId":"localhost","allowCredentials":[]}';
const ANSWER = '{"id":"cred-1","type":"public-key"}';

/** The browser's WebAuthn as a test wants it; every spy is restored when the test ends. */
function stubWebAuthn(options: { supported?: boolean; autofill?: boolean; authenticate?: (optionsJSON: string, autofill?: boolean) => Promise<string> } = {}) {
  const spies = [
    vi.spyOn(webauthn, 'supported').mockReturnValue(options.supported ?? true),
    vi.spyOn(webauthn, 'autofillSupported').mockResolvedValue(options.autofill ?? false),
    vi.spyOn(webauthn, 'cancel').mockImplementation(() => {}),
  ];
  const authenticate = vi.spyOn(webauthn, 'authenticate').mockImplementation(options.authenticate ?? (() => Promise.resolve(ANSWER)));
  onTestFinished(() => {
    for (const spy of spies) spy.mockRestore();
    authenticate.mockRestore();
  });
  return { authenticate, cancel: spies[2]! };
}

/** A DOMException-like failure as the library passes it on (its `name` is the browser's). */
function failure(name: string): Error {
  const error = new Error(`${name} from the browser`);
  error.name = name;
  return error;
}

async function renderAuth(route = '/auth', locale: 'en' | 'es' = 'en') {
  const rendered = renderWithRelay(<AuthPage />, { page: 'auth', route, locale });
  await screen.findByRole('heading', { level: 1, name: rendered.intl.formatMessage({ id: 'auth.signIn.title' }) });
  return { ...rendered, button: () => screen.findByRole('button', { name: rendered.intl.formatMessage({ id: 'auth.passkey.button' }) }) };
}

describe('PasskeySignIn on /auth', () => {
  it('signs in with the button and lands on the safe `next` page, as a password sign-in does', async () => {
    const network = stubFetch(restAnswer(200, { options: OPTIONS }), restAnswer(200, { accessToken: 'passkey.jwt' }));
    const { authenticate } = stubWebAuthn();
    const { user, button } = await renderAuth('/auth?next=%2Fru%2Fprofile%2Fearnings');

    await user.click(await button());

    expect((await screen.findByTestId('location')).textContent).toBe('/ru/profile/earnings');
    expect(readCredentials()).toEqual({ accessToken: 'passkey.jwt' });
    expect(authenticate).toHaveBeenCalledWith(OPTIONS);
    expect(network.requests()).toEqual([
      { url: '/api/auth/passkey/options', method: 'POST', body: {} },
      { url: '/api/auth/passkey/login', method: 'POST', body: { response: ANSWER, deviceToken: expect.any(String) as string, locale: 'en' } },
    ]);
  });

  it('says a closed prompt quietly (no alert), and the button works again', async () => {
    const network = stubFetch(restAnswer(200, { options: OPTIONS }), restAnswer(200, { options: OPTIONS }), restAnswer(200, { accessToken: 'passkey.jwt' }));
    const { authenticate } = stubWebAuthn();
    authenticate.mockRejectedValueOnce(failure('NotAllowedError'));
    const { user, intl, button } = await renderAuth();

    await user.click(await button());

    expect((await screen.findByRole('status')).textContent).toBe(intl.formatMessage({ id: 'auth.passkey.cancelled' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(await button());
    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(network.requests().map((request) => request.url)).toEqual(['/api/auth/passkey/options', '/api/auth/passkey/options', '/api/auth/passkey/login']);
  });

  it('says an unknown passkey (PASSKEY_INVALID) in the form, in Spanish', async () => {
    stubFetch(restAnswer(200, { options: OPTIONS }), restError(400, 'PASSKEY_INVALID', 'passkey: this passkey answer could not be verified'));
    stubWebAuthn();
    const { user, intl, button } = await renderAuth('/auth', 'es');

    await user.click(await button());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(intl.formatMessage({ id: 'auth.passkey.unknown' }));
    expect(alert.textContent).toContain('llave de acceso');
    expect(readCredentials()).toBeNull();
  });

  it('says when the server cannot be reached', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    const { authenticate } = stubWebAuthn();
    const { user, intl, button } = await renderAuth();

    await user.click(await button());

    expect((await screen.findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'error.NETWORK' }));
    expect(authenticate).not.toHaveBeenCalled();
  });

  it('offers passkeys in the e-mail field and signs in with one picked from its autofill', async () => {
    const network = stubFetch(restAnswer(200, { options: OPTIONS }), restAnswer(200, { accessToken: 'autofill.jwt' }));
    const { authenticate } = stubWebAuthn({ autofill: true });
    const { intl } = await renderAuth();
    expect(labelled(intl.formatMessage({ id: 'auth.email.label' })).getAttribute('autocomplete')).toBe('username webauthn');

    expect((await screen.findByTestId('location')).textContent).toBe('/profile');
    expect(authenticate).toHaveBeenCalledWith(OPTIONS, true);
    expect(readCredentials()).toEqual({ accessToken: 'autofill.jwt' });
    expect(network.requests().map((request) => request.url)).toEqual(['/api/auth/passkey/options', '/api/auth/passkey/login']);
  });

  it('cancels the waiting autofill ceremony when the page goes away', async () => {
    stubFetch(restAnswer(200, { options: OPTIONS }));
    const { authenticate, cancel } = stubWebAuthn({ autofill: true, authenticate: () => new Promise<string>(() => {}) });
    const { unmount } = await renderAuth();
    await waitFor(() => expect(authenticate).toHaveBeenCalledWith(OPTIONS, true));
    expect(cancel).not.toHaveBeenCalled();

    unmount();

    expect(cancel).toHaveBeenCalled();
  });

  it('shows no passkey button where the browser has no WebAuthn, and asks the server nothing', async () => {
    const network = stubFetch();
    const { authenticate } = stubWebAuthn({ supported: false, autofill: true });
    const { intl } = await renderAuth();
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'auth.passkey.button' }) })).toBeNull();
    expect(screen.queryByTestId('passkey-sign-in')).toBeNull();
    expect(authenticate).not.toHaveBeenCalled();
    expect(network.requests()).toEqual([]);
  });

  it('keeps autocomplete="email" and no passkey button on the registration form', async () => {
    stubFetch();
    stubWebAuthn();
    const rendered = renderWithRelay(<AuthPage />, { page: 'auth', route: '/auth?mode=register' });
    await screen.findByRole('heading', { level: 1, name: rendered.intl.formatMessage({ id: 'auth.register.title' }) });
    expect(labelled(rendered.intl.formatMessage({ id: 'auth.email.label' })).getAttribute('autocomplete')).toBe('email');
    expect(screen.queryByTestId('passkey-sign-in')).toBeNull();
  });
});
