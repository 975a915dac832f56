/**
 * AccountDeletedNotice (ACC-DELETE): after /profile deleted the account it navigates with
 * `ACCOUNT_DELETED_STATE`; the page that receives it says the account is gone until the visitor
 * closes the notice. It reads the history entry's state, no GraphQL data.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRelay } from '../../test/renderWithRelay';
import { ACCOUNT_DELETED_STATE, AccountDeletedNotice } from './AccountDeletedNotice';

describe('AccountDeletedNotice', () => {
  it('says the account was deleted and every session ended, until it is closed', async () => {
    const { user, intl, router } = renderWithRelay(<AccountDeletedNotice />, { state: ACCOUNT_DELETED_STATE });

    const notice = await screen.findByRole('status');
    within(notice).getByText(intl.formatMessage({ id: 'profile.delete.done.title' }));
    within(notice).getByText(intl.formatMessage({ id: 'profile.delete.done.text' }));

    await user.click(within(notice).getByRole('button', { name: intl.formatMessage({ id: 'profile.delete.done.close' }) }));
    expect(screen.queryByRole('status')).toBeNull();
    // Same page, state cleared: Back or a reload does not bring it back.
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toBeNull();
  });

  it('shows nothing on an ordinary visit', async () => {
    renderWithRelay(
      <>
        <AccountDeletedNotice />
        <p data-testid="rendered" />
      </>,
    );
    await screen.findByTestId('rendered');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('speaks Russian under /ru', async () => {
    renderWithRelay(<AccountDeletedNotice />, { state: ACCOUNT_DELETED_STATE, locale: 'ru' });

    const notice = await screen.findByRole('status');
    within(notice).getByText('Аккаунт удалён');
    within(notice).getByText('Вы вышли из аккаунта на всех устройствах.');
    within(notice).getByRole('button', { name: 'Закрыть' });
  });
});
