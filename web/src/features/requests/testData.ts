/**
 * Requests as the schema's `Order` answers them to their client (REQ-CLIENT-AREA), for the client
 * area's tests: realistic references, statuses, dates in UTC and a conversation.
 */
import type { MockResolvers } from 'relay-test-utils';

export interface OrderFixture {
  id: string;
  reference: string;
  status: string;
  interest: string;
  product: { id: string; name: string } | null;
  budget: string;
  company: string | null;
  message: string;
  created: string;
  updated: string;
  timeline: { status: string; at: string }[];
  messages: { id: string; body: string; fromStudio: boolean; authorName: string; created: string }[];
}

/** A request in review with a product interest, a two-step timeline and no messages. */
export function orderFixture(overrides: Partial<OrderFixture> = {}): OrderFixture {
  return {
    id: 'T3JkZXI6MQ',
    reference: 'ST-7K3Q9D',
    status: 'IN_REVIEW',
    interest: 'dom',
    product: { id: 'UHJvZHVjdDpkb20', name: 'DOM Studio' },
    budget: 'FROM_25K_TO_50K',
    company: 'Acme Robotics',
    message: 'We need a new dashboard.\nSecond line.',
    created: '2026-10-01T09:00:00.000Z',
    updated: '2026-10-03T15:30:00.000Z',
    timeline: [
      { status: 'NEW', at: '2026-10-01T09:00:00.000Z' },
      { status: 'IN_REVIEW', at: '2026-10-03T15:30:00.000Z' },
    ],
    messages: [],
    ...overrides,
  };
}

/** A second, newer request about a service, still NEW. */
export const NEWER = orderFixture({
  id: 'T3JkZXI6Mg',
  reference: 'ST-2M8P4X',
  status: 'NEW',
  interest: 'design',
  product: null,
  budget: 'UNDER_10K',
  company: null,
  created: '2026-11-02T10:00:00.000Z',
  updated: '2026-11-02T10:00:00.000Z',
  timeline: [{ status: 'NEW', at: '2026-11-02T10:00:00.000Z' }],
});

/** The viewer with `orders` as one page of the connection. */
export function ordersResolvers(orders: OrderFixture[], page: { totalCount?: number; hasNextPage?: boolean } = {}): MockResolvers {
  return {
    User: () => ({ id: 'VXNlcjox' }),
    OrderConnection: () => ({
      totalCount: page.totalCount ?? orders.length,
      edges: orders.map((node) => ({ cursor: node.id, node })),
      pageInfo: { hasNextPage: page.hasNextPage ?? false, endCursor: orders.at(-1)?.id ?? null },
    }),
  };
}

/** Whether the tests' mocked `hasSubscriptions` answers true (the environment has a WebSocket); reset after each test. */
export const live = { enabled: false };
