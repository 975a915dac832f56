/**
 * The "Security activity" card of /profile (ACC-TIMELINE) through its own query: each entry in
 * words — what happened and how (a passkey's own name and unknown kinds as they came), the device
 * (or "Unknown device"), network and time; "This wasn't me" only on entries whose session is still
 * signed in, asked first: cancelling sends nothing, a failure is said in the dialog, confirming
 * sends `reportSecurityEvent` and signs this browser out; "Showing N of M" and "Load more" (the
 * next 20 after the last cursor); the empty state; Russian and Spanish.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerError, mutationsSent, restAnswer, stubFetch } from '../../test/forms';
import { readCredentials } from '../../session/credentials';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation, type RenderWithRelayOptions } from '../../test/renderWithRelay';
import { SecurityTimelineBlock } from './SecurityTimelineBlock';

interface EventValues {
  id: string;
  kind: string;
  method: string | null;
  deviceLabel: string | null;
  network: string | null;
  created: string;
  sessionActive: boolean;
}

const INTRUDER: EventValues = {
  id: 'U2VjdXJpdHlFdmVudDoz',
  kind: 'SIGN_IN',
  method: 'password+totp',
  deviceLabel: 'Chrome 131 on Linux',
  network: '203.0.113.x',
  created: '2026-11-27T22:10:00.000Z',
  sessionActive: true,
};
const FAILED: EventValues = {
  id: 'U2VjdXJpdHlFdmVudDoy',
  kind: 'SIGN_IN_FAILED',
  method: 'password',
  deviceLabel: null,
  network: null,
  created: '2026-11-27T22:05:00.000Z',
  sessionActive: false,
};
const PASSKEY: EventValues = {
  id: 'U2VjdXJpdHlFdmVudDox',
  kind: 'PASSKEY_ADDED',
  method: 'Work laptop',
  deviceLabel: 'Firefox 133 on Windows',
  network: '198.51.100.x',
  created: '2026-11-20T09:00:00.000Z',
  sessionActive: false,
};
const NEWER: EventValues = {
  id: 'U2VjdXJpdHlFdmVudDo0',
  kind: 'SOMETHING_NEW',
  method: null,
  deviceLabel: 'Safari 17 on iOS',
  network: null,
  created: '2026-11-19T09:00:00.000Z',
  sessionActive: false,
};

function withEvents(events: EventValues[], page: { total?: number; hasNextPage?: boolean } = {}) {
  const securityEvents = {
    totalCount: page.total ?? events.length,
    edges: events.map((node) => ({ cursor: node.id, node })),
    pageInfo: { hasNextPage: page.hasNextPage ?? false, endCursor: events.at(-1)?.id ?? null },
  };
  return { User: () => ({ id: 'VXNlcjox', securityEvents }) };
}

function renderCard(events: EventValues[], options: RenderWithRelayOptions = {}, page: { total?: number; hasNextPage?: boolean } = {}) {
  const environment = createTestEnvironment();
  queueResolvers(environment, withEvents(events, page));
  return renderWithRelay(<SecurityTimelineBlock />, { environment, page: 'profile', signedIn: true, ...options });
}

describe('SecurityTimelineBlock', () => {
  it('shows how many of all entries are listed and loads the next 20 after the last one with "Load more"', async () => {
    const { environment, user } = renderCard([INTRUDER, FAILED], {}, { total: 22, hasNextPage: true });
    const card = await screen.findByRole('region', { name: 'Security activity' });
    expect(within(card).getByRole('status').textContent).toBe('Showing 2 of 22');
    await user.click(within(card).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(environment.mock.getAllOperations().length).toBe(1));
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe('SecurityTimelineBlockPaginationQuery');
    expect(next.request.variables).toMatchObject({ count: 20, cursor: FAILED.id });
    await resolveOperation(environment, withEvents([PASSKEY], { total: 22, hasNextPage: false }));
    await waitFor(() => expect(within(card).getAllByRole('listitem')).toHaveLength(3));
    expect(within(card).getByRole('status').textContent).toBe('Showing 3 of 22');
    expect(within(card).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('renders each entry in words with device, network and time; "This wasn\'t me" only on a signed-in session', async () => {
    renderCard([INTRUDER, FAILED, PASSKEY, NEWER]);
    const card = await screen.findByRole('region', { name: 'Security activity' });
    const items = await within(card).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(card).queryByText(/^Showing/)).toBeNull(); // one page: no count, no "Load more"
    const [intruder, failed, passkey, newer] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(intruder.textContent).toContain('Signed in · with the password and an authenticator code');
    expect(intruder.textContent).toContain('Chrome 131 on Linux · 203.0.113.x · Nov 27, 2026');
    within(intruder).getByRole('button', { name: "This wasn't me" });

    expect(failed.textContent).toContain('Failed sign-in (wrong password) · with the password');
    expect(failed.textContent).toContain('Unknown device · Nov 27, 2026');
    expect(within(failed).queryByRole('button')).toBeNull();

    expect(passkey.textContent).toContain('Passkey added · Work laptop');
    expect(within(passkey).queryByRole('button')).toBeNull();
    expect(newer.textContent).toContain('SOMETHING_NEW');
    expect(newer.textContent).toContain('Safari 17 on iOS · Nov 19, 2026');
  });

  it('says when there is nothing yet', async () => {
    renderCard([]);
    const card = await screen.findByRole('region', { name: 'Security activity' });
    await within(card).findByText('Nothing yet.');
    expect(within(card).queryByRole('list')).toBeNull();
  });

  it('"This wasn\'t me" asks first; cancel sends nothing, a failure is said, confirming reports the entry and signs out', async () => {
    // The sign-out, then the card's query again as a visitor (no viewer).
    const network = stubFetch(restAnswer(204), restAnswer(200, { data: { viewer: null } }));
    const { environment, user } = renderCard([INTRUDER, FAILED]);
    const card = await screen.findByRole('region', { name: 'Security activity' });
    const notMe = await within(card).findByRole('button', { name: "This wasn't me" });

    await user.click(notMe);
    let ask = await screen.findByRole('alertdialog', { name: 'Secure your account?' });
    within(ask).getByText('Every session of your account ends, this one too, and we e-mail you a link to choose a new password.');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(mutationsSent(environment)).toEqual([]);

    await user.click(notMe);
    ask = await screen.findByRole('alertdialog', { name: 'Secure your account?' });
    await user.click(within(ask).getByRole('button', { name: 'Sign out everywhere' }));
    expect(mutationsSent(environment)).toEqual([{ name: 'SecurityTimelineBlockReportMutation', variables: { id: INTRUDER.id } }]);
    await answerError(environment, 'FORBIDDEN', 'Forbidden resource');
    await within(ask).findByText('Could not do that. Try again.');
    expect(network.requests()).toEqual([]);

    await user.click(within(ask).getByRole('button', { name: 'Sign out everywhere' }));
    await resolveOperation(environment, { ReportSecurityEventPayload: () => ({ signedOutSessions: 2 }) });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // This browser signs out too (the api ended its session already).
    await waitFor(() => expect(network.requests()[0]).toMatchObject({ method: 'POST', url: '/api/auth/logout' }));
    expect(readCredentials()).toBeNull();
  });

  it('speaks Russian and Spanish', async () => {
    const ru = renderCard([INTRUDER], { locale: 'ru' });
    let card = await screen.findByRole('region', { name: 'Активность безопасности' });
    let item = await within(card).findByRole('listitem');
    expect(item.textContent).toContain('Вход в аккаунт · по паролю и коду из приложения');
    expect(item.textContent).toContain('Chrome 131 на Linux · 203.0.113.x');
    within(item).getByRole('button', { name: 'Это был не я' });
    ru.unmount();

    renderCard([], { locale: 'es' });
    card = await screen.findByRole('region', { name: 'Actividad de seguridad' });
    await within(card).findByText('Nada todavía.');
    renderCard([INTRUDER], { locale: 'es' });
    card = (await screen.findAllByRole('region', { name: 'Actividad de seguridad' })).at(-1)!;
    item = await within(card).findByRole('listitem');
    expect(item.textContent).toContain('Inicio de sesión · con la contraseña y un código de la aplicación');
    expect(item.textContent).toContain('Chrome 131 en Linux · 203.0.113.x');
    within(item).getByRole('button', { name: 'No fui yo' });
  });
});
