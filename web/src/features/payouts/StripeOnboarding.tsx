/**
 * Stripe Connect onboarding on /profile/payouts (PAYOUT-STRIPE), shown when the method is Stripe:
 * not started (no connected account yet), in progress, or complete; "Set up payouts with Stripe" /
 * "Continue onboarding" asks `startStripeOnboarding` for a one-time address and opens it in this
 * tab — after a recent proof (ACC-SUDO: the shared re-authentication dialog, then sent again once). Stripe sends the user back to `/profile/payouts?stripe=return` (or `?stripe=refresh` when
 * the address expired): the page then calls `refreshStripeOnboarding` once (after the same dialog when the proof
 * has grown older than the window meanwhile) and says the result.
 */
import { Badge, Button, Callout, Stack, Text } from '@studio/ui';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { useSearchParams } from 'react-router';
import { runMutation } from '../../forms/runMutation';
import { useReauthentication } from '../../account/ReauthDialog';
import type { StripeOnboardingRefreshMutation } from './__generated__/StripeOnboardingRefreshMutation.graphql';
import type { StripeOnboardingStartMutation } from './__generated__/StripeOnboardingStartMutation.graphql';
import type { StripeOnboarding_user$key } from './__generated__/StripeOnboarding_user.graphql';
import { payoutProblem } from '../../account/payoutErrors';

const StartMutation = graphql`
  mutation StripeOnboardingStartMutation {
    startStripeOnboarding {
      url
    }
  }
`;

const RefreshMutation = graphql`
  mutation StripeOnboardingRefreshMutation {
    refreshStripeOnboarding {
      id
      stripeAccountId
      stripeOnboardingCompleted
    }
  }
`;

/** Opens Stripe's onboarding address in this tab (a module function, so tests can watch it). */
export const openStripe = {
  go(url: string) {
    window.location.assign(url);
  },
};

type Returned = 'complete' | 'incomplete' | 'failed';

export function StripeOnboarding(props: { user: StripeOnboarding_user$key }) {
  const intl = useIntl();
  const user = useFragment(
    graphql`
      fragment StripeOnboarding_user on User {
        withdrawalMethod
        stripeAccountId
        stripeOnboardingCompleted
      }
    `,
    props.user,
  );
  const [params] = useSearchParams();
  const [start, starting] = useMutation<StripeOnboardingStartMutation>(StartMutation);
  const [refresh] = useMutation<StripeOnboardingRefreshMutation>(RefreshMutation);
  const { withReauthentication, dialog } = useReauthentication();
  const [returned, setReturned] = useState<Returned | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refreshed = useRef(false);
  const stripeParam = params.get('stripe');

  useEffect(() => {
    if (refreshed.current || (stripeParam !== 'return' && stripeParam !== 'refresh')) return;
    refreshed.current = true;
    // The refresh needs a recent proof too (PAYOUT-STRIPE): back after more than 10 minutes at
    // Stripe, the dialog asks first; cancelled, the page says the state was not checked.
    void withReauthentication(() => runMutation(refresh, { variables: {} })).then((result) => {
      const response = result?.response;
      setReturned(response ? (response.refreshStripeOnboarding.stripeOnboardingCompleted ? 'complete' : 'incomplete') : 'failed');
    });
  }, [stripeParam, refresh, withReauthentication]);

  async function onboard() {
    setError(null);
    // Where payouts go: needs a recent proof (ACC-SUDO, PAYOUT-REAUTH); cancelled, nothing happens.
    const result = await withReauthentication(() => runMutation(start, { variables: {} }));
    if (!result) return;
    const { response, errors } = result;
    if (response) openStripe.go(response.startStripeOnboarding.url);
    else setError(payoutProblem(intl, errors).message);
  }

  const status = user.stripeOnboardingCompleted ? 'complete' : user.stripeAccountId ? 'inProgress' : 'notStarted';
  return (
    <Stack gap={3} data-testid="stripe-onboarding">
      {returned ? (
        <Callout tone={returned === 'complete' ? 'success' : returned === 'failed' ? 'danger' : 'warning'} role="status" data-testid="stripe-returned">
          <FormattedMessage id={`payouts.stripe.returned.${returned}`} />
        </Callout>
      ) : null}
      {user.withdrawalMethod === 'STRIPE' ? (
        <>
          <Text>
            <FormattedMessage id="payouts.stripe.status" />{' '}
            <Badge tone={status === 'complete' ? 'success' : status === 'inProgress' ? 'warning' : 'neutral'} data-testid="stripe-status">
              <FormattedMessage id={`payouts.stripe.${status}`} />
            </Badge>
          </Text>
          {error ? (
            <Callout tone="danger" role="alert">
              {error}
            </Callout>
          ) : null}
          {status === 'complete' ? null : (
            <div>
              <Button loading={starting} disabled={starting} onClick={() => void onboard()}>
                <FormattedMessage id={status === 'notStarted' ? 'payouts.stripe.setUp' : 'payouts.stripe.continue'} />
              </Button>
            </div>
          )}
        </>
      ) : null}
      {dialog}
    </Stack>
  );
}
