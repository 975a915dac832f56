/**
 * Keeps the client area live (REQ-CLIENT-AREA; LIVE-UPDATES): subscribes to `orderUpdated` with the
 * caller's subscription (which selects the same fragments as the page, so Relay updates the cards,
 * timeline and messages in place by id). Rendered only when the environment has a WebSocket
 * (`hasSubscriptions`). After a lost connection comes back, `onReconnected` refetches quietly
 * (notices sent meanwhile are not replayed), and `onNext` follows each event; an UNAUTHENTICATED end refreshes the token once and
 * subscribes again, or lets the session end (as the profile's LiveViewer does).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useRelayEnvironment, useSubscription } from 'react-relay';
import type { GraphQLSubscriptionConfig, GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { hasSubscriptions, onSubscriptionsReconnected } from '../../relay/environment';
import { refreshAfterRefusal } from '../../session/authorizedFetch';

interface LiveOrdersProps<T extends OperationType> {
  subscription: GraphQLTaggedNode;
  variables: T['variables'];
  /** Called when the WebSocket is back after a loss: refetch what the page shows. */
  onReconnected: () => void;
  /** Called after each event, once Relay has stored its payload (e.g. to refetch a list the payload cannot extend). */
  onNext?: () => void;
}

function Subscriber<T extends OperationType>(props: LiveOrdersProps<T>) {
  // Bumped to subscribe again after a refused token was refreshed.
  const [attempt, setAttempt] = useState(0);
  const variablesKey = JSON.stringify(props.variables);
  const next = useRef(props.onNext);
  useEffect(() => {
    next.current = props.onNext;
  });
  const config = useMemo<GraphQLSubscriptionConfig<T>>(
    () => ({
      subscription: props.subscription,
      variables: props.variables,
      onNext: () => next.current?.(),
      onError: (error) => {
        if (!/UNAUTHENTICATED|access token is/i.test(String(error))) {
          console.warn('Live request updates stopped', error);
          return;
        }
        void refreshAfterRefusal()
          .then((renewed) => renewed && setAttempt((n) => n + 1))
          .catch((refreshError: unknown) => console.warn('Live request updates stopped', refreshError));
      },
    }),
    // A new config object makes useSubscription subscribe again: new variables or a new `attempt`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [props.subscription, variablesKey, attempt],
  );
  useSubscription(config);
  const environment = useRelayEnvironment();
  const reconnected = useRef(props.onReconnected);
  useEffect(() => {
    reconnected.current = props.onReconnected;
  });
  useEffect(() => onSubscriptionsReconnected(environment, () => reconnected.current()), [environment]);
  return null;
}

/** Subscribes while mounted when the environment can (see the module comment); renders nothing. */
export function LiveOrders<T extends OperationType>(props: LiveOrdersProps<T>) {
  const live = hasSubscriptions(useRelayEnvironment());
  return live ? <Subscriber<T> {...props} /> : null;
}
