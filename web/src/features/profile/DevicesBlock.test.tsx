/**
 * The Devices card of /profile (SESSION-DEVICES) through its own query: this device first with its
 * badge, every other session with device label (or "Unknown device"), network, dates and a Sign out
 * button; loading, error with "Try again", and "Only this device"; signing one session out and all
 * others (after the confirmation dialog) updates the list from the mutation's answer; keyboard
 * use; Russian and Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, mutationsSent } from '../../test/forms';
import {
  createTestEnvironment,
  queueResolvers,
  rejectOperation,
  renderWithRelay,
  resolveOperation,
  type RenderWithRelayOptions,
} from '../../test/renderWithRelay';
import { DevicesBlock } from './DevicesBlock';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

interface SessionValues {
  id: string;
  deviceLabel: string | null;
  network: string | null;
  created: string;
  lastUsed: string;
  current: boolean;
}

const THIS: SessionValues = {
  id: 'U2Vzc2lvbjox',
  deviceLabel: 'Firefox 133 on Windows',
  network: '198.51.100.x',
  created: '2026-10-01T09:00:00.000Z',
  lastUsed: ago(2 * MINUTE),
  current: true,
};
const PHONE: SessionValues = {
  id: 'U2Vzc2lvbjoy',
  deviceLabel: 'Safari 17 on iOS',
  network: '203.0.113.x',
  created: '2026-09-12T18:30:00.000Z',
  lastUsed: ago(5 * MINUTE),
  current: false,
};
const OLD: SessionValues = {
  id: 'U2Vzc2lvbjoz',
  deviceLabel: null,
  network: null,
  created: '2026-08-01T08:00:00.000Z',
  lastUsed: ago(3 * 60 * MINUTE),
  current: false,
};

/** The viewer's answer with `sessions` (as the server orders them). */
function withSessions(sessions: SessionValues[]) {
  return { User: () => ({ id: 'VXNlcjox', sessions: { totalCount: sessions.length, edges: sessions.map((node) => ({ cursor: node.id, node })) } }) };
}

function renderCard(sessions: SessionValues[] | null = [PHONE, THIS, OLD], options: RenderWithRelayOptions = {}) {
  const environment = createTestEnvironment();
  if (sessions) queueResolvers(environment, withSessions(sessions));
  return renderWithRelay(<DevicesBlock />, { environment, page: 'profile', signedIn: true, ...options });
}

async function findCard(name: string) {
  return screen.findByRole('region', { name });
}

describe('DevicesBlock', () => {
  it('lists this device first with its badge, then the others with device, network, dates and Sign out', async () => {
    const { intl } = renderCard();
    const card = await findCard('Devices');
    const items = await within(card).findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-current') === 'true')).toEqual([true, false, false]);
    const [mine, phone, old] = items as [HTMLElement, HTMLElement, HTMLElement];

    within(mine).getByText('Firefox 133 on Windows');
    within(mine).getByText('This device');
    within(mine).getByText('198.51.100.x');
    expect(mine.textContent).toContain('Signed in Oct 1, 2026');
    expect(mine.textContent).toContain('active now');
    expect(within(mine).queryByRole('button')).toBeNull();

    within(phone).getByText('Safari 17 on iOS');
    within(phone).getByText('203.0.113.x');
    expect(phone.textContent).toContain('last active 5 minutes ago');
    within(phone).getByRole('button', { name: 'Sign out Safari 17 on iOS' });
    expect(within(phone).queryByText('This device')).toBeNull();

    within(old).getByText('Unknown device');
    expect(old.textContent).toContain('last active 3 hours ago');
    expect(old.textContent).not.toContain('Network');
    within(old).getByRole('button', { name: 'Sign out Unknown device' });

    within(card).getByRole('button', { name: intl.formatMessage({ id: 'profile.devices.signOutOthers' }) });
    expect(within(card).queryByTestId('profile-devices-only')).toBeNull();
  });

  it('shows skeletons while loading, an error with Try again, and loads again', async () => {
    const { environment, user } = renderCard(null);
    const card = await findCard('Devices');
    within(card).getByText('Loading your devices…');
    expect(environment.mock.getMostRecentOperation().request.node.params.name).toBe('DevicesBlockQuery');

    await rejectOperation(environment);
    within(card).getByText('Your devices could not be loaded.');
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    await resolveOperation(environment, withSessions([THIS]));
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says only this device is signed in, with nothing to sign out', async () => {
    renderCard([THIS]);
    const card = await findCard('Devices');
    await within(card).findByTestId('profile-devices-only');
    expect(within(card).getByTestId('profile-devices-only').textContent).toBe('Only this device is signed in.');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('signs one device out: the list updates from the answer, a status says so, focus stays in the card', async () => {
    const { environment, user } = renderCard();
    const card = await findCard('Devices');
    await user.click(await within(card).findByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    expect(mutationsSent(environment)).toEqual([{ name: 'DevicesBlockRevokeMutation', variables: { id: PHONE.id, first: 50 } }]);

    await resolveOperation(environment, { ...withSessions([THIS, OLD]), RevokeSessionPayload: () => ({ revokedSessionId: PHONE.id }) });
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(2));
    expect(within(card).queryByText('Safari 17 on iOS')).toBeNull();
    expect(within(card).getAllByRole('status').at(-1)!.textContent).toBe('Safari 17 on iOS was signed out.');
    await waitFor(() => expect(document.activeElement).toBe(within(card).getByRole('heading', { level: 2 })));
  });

  it('shows a failed sign-out in the card and keeps the list', async () => {
    const { environment, user } = renderCard();
    const card = await findCard('Devices');
    await user.click(await within(card).findByRole('button', { name: 'Sign out Safari 17 on iOS' }));
    await answerError(environment, 'FORBIDDEN', 'Forbidden resource');
    expect(within(card).getByRole('alert').textContent).not.toBe('');
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
  });

  it('signs out of all other devices after confirming, by keyboard', async () => {
    const { environment, user } = renderCard();
    const card = await findCard('Devices');
    const all = await within(card).findByRole('button', { name: 'Sign out of all other devices' });
    all.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out of all other devices?' });
    expect(dialog.textContent).toContain('The 2 other devices will be signed out');
    // Cancel has focus first (the safe default); Escape closes without sending anything.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mutationsSent(environment)).toEqual([]);

    await user.click(all);
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Sign out' }));
    expect(mutationsSent(environment)).toEqual([{ name: 'DevicesBlockRevokeOthersMutation', variables: { first: 50 } }]);
    await resolveOperation(environment, { ...withSessions([THIS]), RevokeOtherSessionsPayload: () => ({ revokedCount: 2 }) });

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(within(card).getAllByRole('listitem')).toHaveLength(1);
    within(card).getByTestId('profile-devices-only');
    expect(within(card).getAllByRole('status').at(-1)!.textContent).toBe('Signed out of 2 other devices.');
  });

  it('speaks Russian and Spanish', async () => {
    const ru = renderCard([THIS, OLD], { locale: 'ru' });
    let card = await findCard('Устройства');
    await within(card).findByText('Это устройство');
    within(card).getByText('Неизвестное устройство');
    within(card).getByRole('button', { name: 'Завершить сеанс: Неизвестное устройство' });
    within(card).getByRole('button', { name: 'Выйти на всех других устройствах' });
    expect(card.textContent).toContain('3 часа назад');
    ru.unmount();

    renderCard([THIS, PHONE], { locale: 'es' });
    card = await findCard('Dispositivos');
    await within(card).findByText('Este dispositivo');
    within(card).getByRole('button', { name: 'Cerrar la sesión de Safari 17 en iOS' });
    expect(card.textContent).toContain('hace 5 minutos');
  });
});
