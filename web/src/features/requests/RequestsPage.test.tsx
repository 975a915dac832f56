/**
 * /profile/requests (REQ-CLIENT-AREA): the viewer's requests as cards (reference linking to its
 * page, status, interest, budget, dates, timeline), the empty state with "Start a project", "Load
 * more", live updates through `orderUpdated` when the environment has a WebSocket, Russian.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestEnvironment, queueResolvers, renderWithRelay, resolveOperation } from '../../test/renderWithRelay';
import * as relayEnvironment from '../../relay/environment';
import { REQUESTS_PAGE_SIZE, RequestsPage } from './RequestsPage';
import { live, NEWER, orderFixture, ordersResolvers, type OrderFixture } from './testData';

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

const OLDER = orderFixture();

function renderList(orders: OrderFixture[] | null, page: { totalCount?: number; hasNextPage?: boolean } = {}, locale: 'en' | 'ru' = 'en') {
  const environment = createTestEnvironment();
  if (orders) queueResolvers(environment, ordersResolvers(orders, page));
  return renderWithRelay(<RequestsPage />, { environment, page: 'profileRequests', signedIn: true, locale });
}

describe('RequestsPage', () => {
  it('shows each request as a card: reference linking to its page, status, interest, budget, dates and timeline', async () => {
    const { environment, intl } = renderList([NEWER, OLDER]);
    screen.getByRole('heading', { level: 1, name: intl.formatMessage({ id: 'page.profileRequests.title' }) });
    const cards = await screen.findAllByTestId('request-card');
    expect(environment.mock.getAllOperations().map((op) => op.request.node.params.name)).not.toContain('RequestsPageOrderUpdatedSubscription');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];

    expect(within(first).getByRole('link', { name: 'ST-2M8P4X' }).getAttribute('href')).toBe('/profile/requests/ST-2M8P4X');
    expect(first.textContent).toContain('Service: Product & UX design');
    expect(first.textContent).toContain('Under $10,000');
    expect(first.textContent).toContain('Nov 2, 2026');
    expect(within(first).getByTestId('request-timeline').querySelectorAll('li')).toHaveLength(1);

    within(second).getByRole('link', { name: 'ST-7K3Q9D' });
    expect(second.textContent).toContain('Product: DOM Studio');
    expect(second.textContent).toContain('$25,000–50,000');
    expect(second.textContent).toContain('Oct 1, 2026');
    expect(second.textContent).toContain('Oct 3, 2026');
    within(second).getAllByText('In review');
    const steps = within(second).getByTestId('request-timeline').querySelectorAll('li');
    expect([...steps].map((step) => step.textContent)).toEqual(['New Oct 1', 'In review Oct 3']);

    expect(screen.getByRole('status').textContent).toBe(intl.formatMessage({ id: 'requests.shown' }, { shown: 2, total: 2 }));
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'requests.loadMore' }) })).toBeNull();
  });

  it('says there are no requests yet and offers to start a project', async () => {
    const { intl } = renderList([]);
    const empty = await screen.findByTestId('requests-empty');
    within(empty).getByText(intl.formatMessage({ id: 'requests.empty' }));
    expect(within(empty).getByRole('link', { name: 'Start a project' }).getAttribute('href')).toBe('/order');
    expect(screen.queryByTestId('request-card')).toBeNull();
  });

  it('loads the next page in place', async () => {
    const { environment, user, intl } = renderList([NEWER], { totalCount: 2, hasNextPage: true });
    const more = await screen.findByRole('button', { name: intl.formatMessage({ id: 'requests.loadMore' }) });

    await user.click(more);
    const next = environment.mock.getMostRecentOperation();
    expect(next.request.node.params.name).toBe('RequestsPagePaginationQuery');
    expect(next.request.variables).toMatchObject({ count: REQUESTS_PAGE_SIZE, cursor: NEWER.id, locale: 'EN', id: 'VXNlcjox' });

    await resolveOperation(environment, ordersResolvers([OLDER], { totalCount: 2 }));
    expect(screen.getAllByTestId('request-card')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toBe(intl.formatMessage({ id: 'requests.shown' }, { shown: 2, total: 2 }));
    expect(screen.queryByRole('button', { name: intl.formatMessage({ id: 'requests.loadMore' }) })).toBeNull();
  });

  it('subscribes to every own request and updates a card in place', async () => {
    live.enabled = true;
    const { environment } = renderList([NEWER, OLDER]);
    await screen.findAllByTestId('request-card');
    // useSubscription subscribes in an effect, after the page has rendered.
    const subscription = await waitFor(() => {
      const found = environment.mock.getAllOperations().find((operation) => operation.request.node.params.name === 'RequestsPageOrderUpdatedSubscription');
      if (!found) throw new Error('No subscription yet');
      return found;
    });
    expect(subscription.request.variables).toEqual({ locale: 'EN' });

    const proposal = {
      ...OLDER,
      status: 'PROPOSAL_SENT',
      updated: '2026-11-20T12:00:00.000Z',
      timeline: [...OLDER.timeline, { status: 'PROPOSAL_SENT', at: '2026-11-20T12:00:00.000Z' }],
    };
    await act(async () => {
      environment.mock.nextValue(subscription, { data: { orderUpdated: { __typename: 'Order', ...proposal } } });
    });
    const card = screen.getAllByTestId('request-card')[1]!;
    await waitFor(() => expect(within(card).getAllByText('Proposal sent').length).toBeGreaterThan(0));
    expect(within(card).getByTestId('request-timeline').querySelectorAll('li')).toHaveLength(3);
    expect(card.textContent).toContain('Nov 20, 2026');
  });

  it('speaks Russian', async () => {
    renderList([OLDER], {}, 'ru');
    screen.getByRole('heading', { level: 1, name: 'Ваши заявки' });
    const card = await screen.findByTestId('request-card');
    expect(card.textContent).toContain('Бюджет');
    expect(card.textContent).toContain('Отправлена');
    expect(screen.getByRole('status').textContent).toBe('1 из 1 заявки');
  });
});
