/**
 * The code form of the e-mail confirmation banner on /profile (ACC-EMAIL) as the owner uses it:
 * a malformed code checked in the browser (no `verifyEmail` sent), a wrong code with the tries
 * left (at the field, selected to type again), the last try used up (the way to a new code), a
 * confirmed address (the focused thank-you line), and a new code asked for too often (the wait,
 * with the button disabled meanwhile). The change-e-mail page's use of the form is in
 * ChangeEmailPage.test.tsx.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, descriptionOf, fieldMessage, fill, mutationsSent } from '../../test/forms';
import { viewerResolvers } from '../../test/mockData';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { ProfilePage } from './ProfilePage';

/** /profile for an account whose address is not confirmed; answers the banner and its code field. */
async function renderBanner(locale: 'en' | 'ru' | 'es' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, viewerResolvers({ email: 'anna@example.com', isVerified: false }));
  const rendered = renderWithRelay(<ProfilePage />, { environment, page: 'profile', signedIn: true, locale });
  const { intl, user } = rendered;
  const banner = await screen.findByRole('region', { name: intl.formatMessage({ id: 'passwords.verify.title' }, { email: 'anna@example.com' }) });
  const code = within(banner).getByLabelText(intl.formatMessage({ id: 'passwords.code.label' })) as HTMLInputElement;
  const submit = () => user.click(within(banner).getByRole('button', { name: intl.formatMessage({ id: 'passwords.verify.submit' }) }));
  return { ...rendered, banner, code, submit };
}

describe('EmailCodeForm in the e-mail confirmation banner', () => {
  it('checks the code’s form in the browser, focuses the field and sends nothing', async () => {
    const { environment, user, intl, code, submit } = await renderBanner();

    await submit();
    expect(fieldMessage(code)).toContain(intl.formatMessage({ id: 'validation.required' }));
    await waitFor(() => expect(document.activeElement).toBe(code));

    await fill(user, code, 'K7QM 2XZ#');
    await submit();
    expect(fieldMessage(code)).toContain(intl.formatMessage({ id: 'passwords.code.format' }));
    expect(mutationsSent(environment)).toEqual([]);
  });

  it.each([
    ['en', '8 characters: letters A–Z except I and O, digits 2–9.', 'Codes never contain O, 0, I or 1'],
    ['ru', '8 символов: латинские буквы A–Z, кроме I и O, и цифры 2–9.', 'В кодах не бывает O, 0, I и 1'],
    ['es', '8 caracteres: letras de la A a la Z salvo la I y la O, y cifras del 2 al 9.', 'Los códigos nunca llevan O, 0, I ni 1'],
  ] as const)(
    'describes the code alphabet exactly in %s, names a typed look-alike (O, 0, I, 1) and takes dashes and lower case',
    async (locale, hint, lookalike) => {
      const { environment, user, code, submit } = await renderBanner(locale);
      expect(descriptionOf(code)).toContain(hint);

      await fill(user, code, 'K7QM 2XZ0');
      await submit();
      expect(fieldMessage(code)).toContain(lookalike);
      expect(mutationsSent(environment)).toEqual([]);

      await fill(user, code, 'k7qm–2xza');
      await submit();
      expect(mutationsSent(environment)).toEqual([{ name: 'EmailVerificationBannerVerifyMutation', variables: { code: 'K7QM2XZA' } }]);
    },
  );

  it('says how many tries are left after a wrong code, with the code kept and selected', async () => {
    const { environment, user, intl, code, submit } = await renderBanner();
    await fill(user, code, 'k7qm 2xza');
    await submit();
    expect(mutationsSent(environment)).toEqual([{ name: 'EmailVerificationBannerVerifyMutation', variables: { code: 'K7QM2XZA' } }]);
    expect(screen.getByRole('button', { name: intl.formatMessage({ id: 'passwords.code.checking' }) })).toBeTruthy();

    await answerError(environment, 'CODE_INVALID', 'code: this code is not right; 2 tries left', { field: 'code', attemptsLeft: 2 });

    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(fieldMessage(code)).toContain(intl.formatMessage({ id: 'passwords.code.wrongAttempts' }, { attemptsLeft: 2 }));
    expect(code.value).toBe('k7qm 2xza');
    expect([code.selectionStart, code.selectionEnd]).toEqual([0, code.value.length]);
  });

  it('offers a new code once the last try is used up', async () => {
    const { environment, user, intl, banner, code, submit } = await renderBanner();
    await fill(user, code, 'K7QM2XZA');
    await submit();

    await answerError(environment, 'CODE_INVALID', 'code: this code is not right; 0 tries left', { field: 'code', attemptsLeft: 0 });

    const alert = await within(banner).findByRole('alert');
    expect(alert.textContent).toContain(intl.formatMessage({ id: 'passwords.code.expiredTitle' }));
    expect(alert.textContent).toContain(intl.formatMessage({ id: 'passwords.verify.expired' }));
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(within(alert).getByRole('button', { name: intl.formatMessage({ id: 'passwords.verify.sendNew' }) })).toBeTruthy();
  });

  it('thanks the owner once the address is confirmed, with the focus on the thank-you line', async () => {
    const { environment, user, intl, code, submit } = await renderBanner();
    await fill(user, code, 'K7QM2XZA');
    await submit();

    await resolveOperation(environment, viewerResolvers({ email: 'anna@example.com', isVerified: true }));

    const thanks = intl.formatMessage({ id: 'passwords.verify.done' }, { email: 'anna@example.com' });
    const done = await waitFor(() => {
      const found = screen.getAllByRole('status').find((status) => status.textContent === thanks);
      if (!found) throw new Error('No status says thank you');
      return found;
    });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.queryByLabelText(intl.formatMessage({ id: 'passwords.code.label' }))).toBeNull();
  });

  it('says how long to wait when a new code is asked for too often, and keeps the button disabled meanwhile', async () => {
    const { environment, user, intl, banner } = await renderBanner();
    const sendNew = within(banner).getByRole('button', { name: intl.formatMessage({ id: 'passwords.verify.sendNew' }) }) as HTMLButtonElement;
    await user.click(sendNew);
    expect(mutationsSent(environment)).toEqual([{ name: 'EmailVerificationBannerSendMutation', variables: {} }]);

    await answerError(environment, 'TOO_MANY_REQUESTS', 'Too many attempts; try again in 30 s.', { retryAfterSeconds: 30 });

    expect((await within(banner).findByRole('alert')).textContent).toBe(intl.formatMessage({ id: 'passwords.error.waitSeconds' }, { seconds: 30 }));
    expect(sendNew.disabled).toBe(true);
  });
});
