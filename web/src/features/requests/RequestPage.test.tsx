/**
 * /profile/requests/:reference (REQ-CLIENT-AREA, REQ-MESSAGES): details with the original message
 * as plain text, the timeline, the conversation as text (never markup), sending a message (the
 * variables, the list and the cleared field, Ctrl+Enter, validation and server errors), the
 * not-found state, and the live subscription for this request.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import type { MockResolvers } from 'relay-test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerError, fill, labelled, fieldMessage, mutationsSent } from '../../test/forms';
import * as relayEnvironment from '../../relay/environment';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import { MESSAGE_MAX_LENGTH, messageProblem } from './MessageForm';
import { RequestPage } from './RequestPage';
import { live, orderFixture, type OrderFixture } from './testData';

// The environment "has a WebSocket" while `live.enabled` (the switch the client area's tests share).
// A spy on the module's export, not a vi.mock: the suite shares one module graph (isolate: false),
// so a page module another test file loaded first would keep the real function past a vi.mock.
beforeEach(() => {
  vi.spyOn(relayEnvironment, 'hasSubscriptions').mockImplementation(() => live.enabled);
});

afterEach(() => {
  live.enabled = false;
  vi.mocked(relayEnvironment.hasSubscriptions).mockRestore();
});

const STUDIO_REPLY = {
  id: 'T3JkZXJNZXNzYWdlOjE',
  body: 'Thanks!\nWe will call you.',
  fromStudio: true,
  authorName: 'Maria Lopez',
  created: '2026-10-02T10:00:00.000Z',
};
const MARKUP = { id: 'T3JkZXJNZXNzYWdlOjI', body: '<b>x</b>', fromStudio: false, authorName: 'Anna Petrova', created: '2026-10-02T11:00:00.000Z' };
const ORDER = orderFixture({ messages: [STUDIO_REPLY, MARKUP] });

function renderRequest(order: OrderFixture | null = ORDER, locale: 'en' | 'es' = 'en') {
  const environment = createTestEnvironment();
  const asked: Record<string, unknown>[] = [];
  queueResolvers(environment, (operation): MockResolvers => {
    asked.push({ ...operation.request.variables });
    return order ? { Order: () => order } : { Query: () => ({ order: null }) };
  });
  return {
    asked,
    ...renderWithRelay(<RequestPage />, {
      environment,
      page: 'profileRequest',
      route: `/profile/requests/${order?.reference ?? 'ST-NOPE42'}`,
      signedIn: true,
      locale,
    }),
  };
}

describe('RequestPage', () => {
  it('shows the status, details, the original message with its line breaks, the timeline and the conversation as plain text', async () => {
    const { asked } = renderRequest();
    await screen.findByTestId('request-page');
    screen.getByRole('heading', { level: 1, name: 'Request ST-7K3Q9D' });
    expect(asked).toEqual([{ reference: 'ST-7K3Q9D', locale: 'EN' }]);
    expect(screen.getByRole('link', { name: '← Your requests' }).getAttribute('href')).toBe('/profile/requests');

    const details = screen.getByRole('region', { name: 'Details' });
    expect(details.textContent).toContain('Product: DOM Studio');
    expect(details.textContent).toContain('$25,000–50,000');
    expect(details.textContent).toContain('Acme Robotics');
    expect(screen.getByTestId('request-original-message').textContent).toBe('We need a new dashboard.\nSecond line.');

    const timeline = within(screen.getByRole('region', { name: 'Timeline' })).getByRole('list');
    expect(timeline.tagName).toBe('OL');
    expect([...timeline.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['New Oct 1, 2026, 9:00 AM', 'In review Oct 3, 2026, 3:30 PM']);

    const messages = screen.getAllByTestId('request-message');
    expect(messages.map((m) => m.getAttribute('data-from'))).toEqual(['studio', 'client']);
    within(messages[0]!).getByText('Maria Lopez');
    within(messages[0]!).getByText('Studio');
    expect(within(messages[0]!).getByText(/Thanks!/).textContent).toBe('Thanks!\nWe will call you.');
    within(messages[1]!).getByText('You');
    within(messages[1]!).getByText('<b>x</b>');
    expect(messages[1]!.querySelector('b')).toBeNull();
  });

  it('sends a message: the variables, the new message in the list, the field cleared', async () => {
    const { environment, user } = renderRequest();
    await screen.findByTestId('request-page');
    const field = labelled('Your message');
    await fill(user, field, 'Can we meet on Friday?');
    expect(screen.getByText('22 of 5,000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(mutationsSent(environment)).toEqual([
      { name: 'MessageFormSendMutation', variables: { id: ORDER.id, body: 'Can we meet on Friday?', locale: 'EN' } },
    ]);
    expect(screen.getByRole('button', { name: /Sending/ })).toBeTruthy();

    const mine = {
      id: 'T3JkZXJNZXNzYWdlOjM',
      body: 'Can we meet on Friday?',
      fromStudio: false,
      authorName: 'Anna Petrova',
      created: '2026-10-04T08:00:00.000Z',
    };
    await resolveOperation(environment, { Order: () => ({ ...ORDER, messages: [...ORDER.messages, mine] }) });
    await waitFor(() => expect(screen.getAllByTestId('request-message')).toHaveLength(3));
    expect(screen.getAllByTestId('request-message')[2]!.textContent).toContain('Can we meet on Friday?');
    expect((field as HTMLTextAreaElement).value).toBe('');
    screen.getByText('Message sent.');
  });

  it('sends with Ctrl+Enter', async () => {
    const { environment, user } = renderRequest();
    await screen.findByTestId('request-page');
    await fill(user, labelled('Your message'), 'Hello');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(mutationsSent(environment)).toEqual([{ name: 'MessageFormSendMutation', variables: { id: ORDER.id, body: 'Hello', locale: 'EN' } }]);
  });

  it('refuses an empty message before sending and shows the server refusal in words', async () => {
    const { environment, user } = renderRequest();
    await screen.findByTestId('request-page');
    const field = labelled('Your message');
    await fill(user, field, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(fieldMessage(field)).toContain('Write a message first.');
    expect(document.activeElement).toBe(field);
    expect(mutationsSent(environment)).toEqual([]);

    await fill(user, field, 'Hello');
    expect(fieldMessage(field)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await answerError(environment, 'FORBIDDEN', 'Forbidden resource');
    expect(fieldMessage(field)).toContain('You cannot write about this request any more.');
    expect((field as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('checks the length with the count', () => {
    expect(messageProblem('x'.repeat(MESSAGE_MAX_LENGTH))).toBeNull();
    expect(messageProblem('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toEqual({ id: 'requests.message.error.tooLong', values: { max: 5000, count: 5001 } });
    expect(messageProblem('\n ')).toEqual({ id: 'requests.message.error.required' });
  });

  it('shows skeletons while loading, then "not found" when the server answers null, with a link back', async () => {
    const environment = createTestEnvironment();
    renderWithRelay(<RequestPage />, { environment, page: 'profileRequest', route: '/profile/requests/ST-NOPE42', signedIn: true });
    expect((await screen.findByRole('status')).textContent).toBe('Loading the request…');
    await resolveOperation(environment, { Query: () => ({ order: null }) });
    const notFound = await screen.findByTestId('request-not-found');
    expect(notFound.textContent).toContain('Your account has no request ST-NOPE42.');
    expect(within(notFound).getByRole('link', { name: 'See your requests' }).getAttribute('href')).toBe('/profile/requests');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('follows this request live: a new studio message and status appear', async () => {
    live.enabled = true;
    const { environment } = renderRequest();
    await screen.findByTestId('request-page');
    // useSubscription subscribes in an effect, after the page has rendered.
    const subscription = await waitFor(() => {
      const found = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === 'RequestPageOrderUpdatedSubscription');
      if (!found) throw new Error('No subscription yet');
      return found;
    });
    expect(subscription.request.variables).toEqual({ id: ORDER.id, locale: 'EN' });

    const answer = { id: 'T3JkZXJNZXNzYWdlOjQ', body: 'Proposal attached.', fromStudio: true, authorName: 'Maria Lopez', created: '2026-10-05T08:00:00.000Z' };
    const next = {
      ...ORDER,
      status: 'PROPOSAL_SENT',
      timeline: [...ORDER.timeline, { status: 'PROPOSAL_SENT', at: '2026-10-05T08:00:00.000Z' }],
      messages: [...ORDER.messages, answer],
    };
    await act(async () => {
      environment.mock.nextValue(subscription, { data: { orderUpdated: { __typename: 'Order', ...next } } });
    });
    await waitFor(() => expect(screen.getAllByTestId('request-message')).toHaveLength(3));
    expect(within(screen.getByRole('region', { name: 'Timeline' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('speaks Spanish', async () => {
    renderRequest(ORDER, 'es');
    await screen.findByTestId('request-page');
    screen.getByRole('heading', { level: 1, name: 'Solicitud ST-7K3Q9D' });
    screen.getByRole('region', { name: 'Mensajes' });
    screen.getByRole('button', { name: 'Enviar' });
  });
});
