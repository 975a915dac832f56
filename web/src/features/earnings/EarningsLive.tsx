/**
 * Keeps /profile/earnings current (LEDGER-LIVE): subscribes to `transactionsUpdated` through the
 * client area's subscription helper (LiveOrders: WebSocket only, token refresh, reconnection) and,
 * on each event, stores the new summary, calls `refetch` (the movements list cannot be extended
 * from the event) and tells the user's other tabs with the app event `refetch-transactions`.
 * The same app event from another tab — or from another part of this tab — calls `refetch` too,
 * but is never emitted again: only a change this tab learnt of itself is announced, so two open
 * tabs cannot echo each other. Renders nothing.
 */
import { useEffect, useRef } from 'react';
import { graphql } from 'react-relay';
import { emitAppEvent, onAppEvent } from '../../app/events';
import { LiveOrders } from '../requests';
import type { EarningsLiveSubscription } from './__generated__/EarningsLiveSubscription.graphql';

/** The viewer after each change of their earnings, with the summary's fields. */
const TransactionsUpdatedSubscription = graphql`
  subscription EarningsLiveSubscription {
    transactionsUpdated {
      id
      ...EarningsSummary_user
    }
  }
`;

/** Announces a change of the earnings this tab learnt of (LEDGER-LIVE): listeners elsewhere in this tab and the other tabs refetch. */
export function announceTransactionsChanged(): void {
  emitAppEvent({ type: 'refetch-transactions' });
}

export function EarningsLive(props: { refetch: () => void }) {
  const refetch = useRef(props.refetch);
  useEffect(() => {
    refetch.current = props.refetch;
  });
  // Set while this component announces, so its own listener does not refetch a second time.
  const announcing = useRef(false);
  useEffect(
    () =>
      onAppEvent('refetch-transactions', () => {
        if (!announcing.current) refetch.current();
      }),
    [],
  );

  function onEvent() {
    refetch.current();
    announcing.current = true;
    try {
      announceTransactionsChanged();
    } finally {
      announcing.current = false;
    }
  }

  return (
    <LiveOrders<EarningsLiveSubscription>
      subscription={TransactionsUpdatedSubscription}
      variables={{}}
      onNext={onEvent}
      onReconnected={() => refetch.current()}
    />
  );
}
