/**
 * A request's place in the workflow on the admin page (REQ-WORKFLOW, ADMIN-CONCURRENCY): the status
 * badge, the timeline, the contract value or lost reason once recorded, and one button per step the
 * workflow allows from here (`NEXT_STATUSES`), each asking first (StatusDialogs.tsx); a won request
 * may still be marked lost (a refund, LEDGER-REFUND), whose dialog says that the referrer's
 * commission, if the request earned one, will be taken back. The change is
 * sent with the `version` this page shows; a stale one (someone changed the request meanwhile) is
 * refused with VERSION_CONFLICT, shown with a Reload button.
 */
import { Button, Callout, Heading, Stack, Text } from '@studio/ui';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { graphql, useFragment, useMutation } from 'react-relay';
import { GRAPHQL_LOCALE } from '../../../i18n/locales';
import { useLocale } from '../../../i18n/useLocale';
import { useNotify } from '../../../app/toasts';
import { runMutation } from '../../../forms/runMutation';
import { minorToMajor } from '../../../account/money';
import { NEXT_STATUSES, OrderStatusBadge, OrderStatusText, type OrderStatusValue, isOrderStatus } from '../../../account/requestLabels';
import type { StatusActions_order$data, StatusActions_order$key } from './__generated__/StatusActions_order.graphql';
import type { StatusActionsChangeMutation } from './__generated__/StatusActionsChangeMutation.graphql';
import { ConfirmStepDialog, LostDialog, type StepExtras, WonDialog } from './StatusDialogs';
import { type RequestProblem, requestProblem } from './requestErrors';
import styles from './AdminRequest.module.css';

/** A problem of the page with an action: the conflict's Reload. */
export function ProblemCallout(props: { problem: RequestProblem; onReload: () => Promise<void> }) {
  const [reloading, setReloading] = useState(false);
  const reload = async () => {
    setReloading(true);
    await props.onReload();
    setReloading(false);
  };
  return (
    <Callout
      tone={props.problem.conflict ? 'warning' : 'danger'}
      role="alert"
      action={
        props.problem.conflict ? (
          <Button size="sm" variant="secondary" loading={reloading} onClick={() => void reload()}>
            <FormattedMessage id="admin.requests.reload" />
          </Button>
        ) : undefined
      }
    >
      <FormattedMessage {...props.problem.problem} />
    </Callout>
  );
}

/** The status panel; `onReload` refetches the request (after a VERSION_CONFLICT). */
export function StatusActions(props: { order: StatusActions_order$key; onReload: () => Promise<void> }) {
  const order = useFragment(
    graphql`
      fragment StatusActions_order on Order {
        id
        status
        version
        timeline {
          status
          at
        }
        contractValue {
          amount
          currency
        }
        lostReason
        commission {
          amount {
            amount
            currency
          }
        }
      }
    `,
    props.order,
  );
  const { step, setStep, problem, setProblem, send } = useStatusChange(order);

  return (
    <section className={styles.panel} aria-labelledby="request-status">
      <Stack direction="row" gap={3} justify="between" wrap>
        <Heading level={2} size="md" id="request-status">
          <FormattedMessage id="admin.requests.status.title" />
        </Heading>
        <OrderStatusBadge status={order.status} />
      </Stack>
      <Outcome contractValue={order.contractValue} lostReason={order.lostReason} />
      <StatusTimeline timeline={order.timeline} />
      {problem ? (
        <ProblemCallout
          problem={problem}
          onReload={async () => {
            await props.onReload();
            setProblem(null);
          }}
        />
      ) : null}
      <NextSteps status={order.status} onStep={setStep} />
      {step ? <StepDialogs step={step} order={order} onClose={() => setStep(null)} onSubmit={send} /> : null}
    </section>
  );
}

/** The step being confirmed and its sending, with the `version` on screen; a refusal is the panel's problem. */
function useStatusChange(order: { id: string; version: number }) {
  const locale = useLocale();
  const [commit] = useMutation<StatusActionsChangeMutation>(graphql`
    mutation StatusActionsChangeMutation($input: ChangeOrderStatusInput!, $locale: Locale!) {
      changeOrderStatus(input: $input) {
        order {
          id
          ...AdminRequestPage_order @arguments(locale: $locale)
        }
      }
    }
  `);
  const [step, setStep] = useState<OrderStatusValue | null>(null);
  const [problem, setProblem] = useState<RequestProblem | null>(null);
  const notify = useNotify();

  async function send(status: OrderStatusValue, extras: StepExtras) {
    const { errors } = await runMutation(commit, {
      variables: { input: { id: order.id, status, version: order.version, ...extras }, locale: GRAPHQL_LOCALE[locale] },
    });
    setProblem(errors.length ? requestProblem(errors) : null);
    if (!errors.length) notify('toast.saved'); // FEEDBACK-TOAST: the step itself shows no confirmation
    setStep(null);
  }
  return { step, setStep, problem, setProblem, send };
}

/** The contract value of a won request and the reason a request was lost, once recorded. */
function Outcome(props: { contractValue: StatusActions_order$data['contractValue']; lostReason: string | null | undefined }) {
  const money = props.contractValue;
  const major = money ? minorToMajor(money.amount, money.currency) : null;
  return (
    <>
      {money ? (
        <Text>
          <FormattedMessage
            id="admin.requests.contractValue"
            values={{
              value: major === null ? `${money.amount} ${money.currency}` : <FormattedNumber value={major} style="currency" currency={money.currency} />,
            }}
          />
        </Text>
      ) : null}
      {props.lostReason ? (
        <div>
          <Text size="sm" tone="muted">
            <FormattedMessage id="admin.requests.lostReason" />
          </Text>
          <Text className={styles.plain}>{props.lostReason}</Text>
        </div>
      ) : null}
    </>
  );
}

/** The request's status changes, each with its date and time. */
function StatusTimeline(props: { timeline: StatusActions_order$data['timeline'] }) {
  const intl = useIntl();
  return (
    <ol className={styles.timeline} aria-label={intl.formatMessage({ id: 'admin.requests.timeline' })}>
      {props.timeline.map((change) => (
        <li key={`${change.status}-${change.at}`}>
          <Text as="span" weight="medium">
            <OrderStatusText status={change.status} />
          </Text>{' '}
          <Text as="span" size="sm" tone="muted">
            <FormattedDate value={change.at} dateStyle="medium" timeStyle="short" />
          </Text>
        </li>
      ))}
    </ol>
  );
}

/** One button per step the workflow allows from `status` (a won request's LOST is a refund), or that there is none. */
function NextSteps(props: { status: string; onStep: (step: OrderStatusValue) => void }) {
  const { status } = props;
  const nextSteps = isOrderStatus(status) ? NEXT_STATUSES[status] : [];
  return nextSteps.length ? (
    <Stack direction="row" gap={2} wrap>
      {nextSteps.map((next) => (
        <Button key={next} variant={next === 'LOST' ? 'secondary' : 'primary'} size="sm" onClick={() => props.onStep(next)}>
          <FormattedMessage id={status === 'WON' && next === 'LOST' ? 'admin.requests.step.refund' : `admin.requests.step.${next}`} />
        </Button>
      ))}
    </Stack>
  ) : (
    <Text size="sm" tone="muted">
      <FormattedMessage id="admin.requests.final" />
    </Text>
  );
}

/** The dialog that asks before `step` is sent (a won request's LOST names the commission taken back). */
function StepDialogs(props: {
  step: OrderStatusValue;
  order: Pick<StatusActions_order$data, 'status' | 'commission'>;
  onClose: () => void;
  onSubmit: (status: OrderStatusValue, extras: StepExtras) => Promise<void>;
}) {
  const { step, order } = props;
  const dialog = { open: true, onOpenChange: (open: boolean) => !open && props.onClose() };
  return (
    <>
      {step === 'WON' ? <WonDialog {...dialog} onSubmit={(extras) => props.onSubmit('WON', extras)} /> : null}
      {step === 'LOST' ? (
        <LostDialog
          {...dialog}
          refund={order.status === 'WON' ? { commission: order.commission?.amount ?? null } : undefined}
          onSubmit={(extras) => props.onSubmit('LOST', extras)}
        />
      ) : null}
      {step !== 'WON' && step !== 'LOST' ? <ConfirmStepDialog {...dialog} status={step} onSubmit={(extras) => props.onSubmit(step, extras)} /> : null}
    </>
  );
}
