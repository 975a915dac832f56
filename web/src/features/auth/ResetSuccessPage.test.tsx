/**
 * /auth/reset-success (ACC-RESET, ACC-LINKED): the general text always; the sign-in methods the
 * reset disconnected, named in the page's language, only when the reset form handed them over in
 * the history entry's state (a reload or a forged state of another shape shows nothing more).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test/renderWithRelay';
import { ResetSuccessPage } from './ResetSuccessPage';

describe('ResetSuccessPage', () => {
  it('names the disconnected sign-in methods in Russian, with the provider names people know', async () => {
    const { intl } = renderWithRelay(<ResetSuccessPage />, {
      page: 'authResetSuccess',
      locale: 'ru',
      state: {
        removedLinks: [
          { service: 'GITHUB', name: 'mallory' },
          { service: 'YANDEX', name: null },
        ],
      },
    });
    const text = intl.formatMessage(
      { id: 'passwords.resetSuccess.removedLinks' },
      { count: 2, links: intl.formatList(['GitHub (mallory)', intl.formatMessage({ id: 'profile.accounts.service.yandex' })], { type: 'conjunction' }) },
    );
    expect(text).toContain('GitHub (mallory) и ');
    expect(await screen.findByText(text, { exact: false })).toBeTruthy();
  });

  it('shows only the general text without removed links, or with a state of another shape', async () => {
    const { intl } = renderWithRelay(<ResetSuccessPage />, { page: 'authResetSuccess', locale: 'es', state: { removedLinks: [{ service: 1 }] } });
    expect(await screen.findByText(intl.formatMessage({ id: 'passwords.resetSuccess.text' }), { exact: false })).toBeTruthy();
    expect(document.body.textContent).not.toContain('desconect');
  });

  it.each(['en', 'ru', 'es'] as const)('says that the password changed once, in %s: the heading and the callout tell different things', async (locale) => {
    const { intl } = renderWithRelay(<ResetSuccessPage />, { page: 'authResetSuccess', locale });
    const heading = intl.formatMessage({ id: 'page.authResetSuccess.title' });
    await screen.findByText(intl.formatMessage({ id: 'passwords.resetSuccess.text' }), { exact: false });
    const body = document.body.textContent ?? '';
    expect(body.split(heading)).toHaveLength(2);
    // The callout's title is about the devices, not the password again.
    expect(intl.formatMessage({ id: 'passwords.resetSuccess.title' }).toLowerCase()).not.toContain(heading.toLowerCase().split(' ')[0]!);
  });
});
