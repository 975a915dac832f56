/**
 * The header's user menu in the app (NAV-USER-MENU): the trigger names the person and says it is
 * the account menu, the keyboard opens it on the first item, administrators also get the back
 * office, Escape returns focus to the trigger, and "Sign out" signs out with a toast
 * (FEEDBACK-TOAST) and goes home; in Russian too.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { restAnswer, stubFetch } from '../../test/forms';
import { createTestEnvironment, queueResolvers, renderWithRelay } from '../../test/renderWithRelay';
import { UserMenu } from './UserMenu';

function renderMenu(viewer: { fullName: string; role: string }, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  queueResolvers(environment, { User: () => ({ id: 'VXNlcjox', image: null, ...viewer }) });
  return renderWithRelay(<UserMenu />, { environment, page: 'profile', locale, signedIn: true, toasts: true });
}

describe('UserMenu', () => {
  it('opens from the keyboard with the pages of the account, and Escape returns to the trigger', async () => {
    const { intl, user } = renderMenu({ fullName: 'Anna Petrova', role: 'USER' });
    // The menu's own code arrives after the button (lazily): Radix marks its trigger with data-state.
    const trigger = await waitFor(() => {
      const button = screen.getByRole('button', { name: /Anna Petrova.*Account menu/ });
      expect(button.dataset['state']).toBe('closed');
      return button;
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      intl.formatMessage({ id: 'nav.profile' }),
      intl.formatMessage({ id: 'nav.requests' }),
      intl.formatMessage({ id: 'nav.earnings' }),
      intl.formatMessage({ id: 'payouts.link' }),
      intl.formatMessage({ id: 'nav.signOut' }),
    ]);
    expect(items.slice(0, 4).map((item) => item.getAttribute('href'))).toEqual(['/profile', '/profile/requests', '/profile/earnings', '/profile/payouts']);
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('offers the back office to administrators, in Russian under /ru', async () => {
    const { user } = renderMenu({ fullName: 'Анна Петрова', role: 'ADMIN' }, 'ru');
    await user.click(await screen.findByRole('button', { name: /Анна Петрова.*Меню аккаунта/ }));
    const menu = await screen.findByRole('menu');
    const admin = within(menu).getByRole('menuitem', { name: 'Бэк-офис' });
    expect(admin.getAttribute('href')).toBe('/ru/admin');
  });

  it('signs out, says so in a toast and goes to the home page', async () => {
    const network = stubFetch(restAnswer(204));
    const { intl, user } = renderMenu({ fullName: 'Anna Petrova', role: 'USER' });
    await user.click(await screen.findByRole('button', { name: /Anna Petrova/ }));
    await user.click(await screen.findByRole('menuitem', { name: intl.formatMessage({ id: 'nav.signOut' }) }));

    expect(await screen.findByText(intl.formatMessage({ id: 'toast.signedOut' }))).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
    expect(network.requests().map((request) => request.url)).toContain('/api/auth/logout');
  });
});
