/**
 * The back office's actions on a requested bank transfer (PAYOUT-QUEUE): "Mark sent" asks for the
 * bank's reference (1–200 characters) → `markPayoutSent(id, reference, version)`; "Mark failed" asks
 * for the reason the user is told (1–500 characters) → `markPayoutFailed(id, reason, version)`, the
 * money going back to the user's available balance. A stale `version` (VERSION_CONFLICT) is said
 * with the shared message and a Reload button (`onReload`); other refusals in words (payoutErrors).
 */
import { Button, Callout, Dialog, DialogActions, Stack, Textarea, TextField } from '@studio/ui';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { useNotify } from '../../../app/toasts';
import { runMutation } from '../../../forms/runMutation';
import { type PayoutProblem, payoutProblem } from '../../../account/payoutErrors';
import type { PayoutActionDialogFailedMutation } from './__generated__/PayoutActionDialogFailedMutation.graphql';
import type { PayoutActionDialogSentMutation } from './__generated__/PayoutActionDialogSentMutation.graphql';

const SentMutation = graphql`
  mutation PayoutActionDialogSentMutation($id: ID!, $reference: String!, $version: Int!) {
    markPayoutSent(id: $id, reference: $reference, version: $version) {
      id
      status
      reference
      updated
      version
    }
  }
`;

const FailedMutation = graphql`
  mutation PayoutActionDialogFailedMutation($id: ID!, $reason: String!, $version: Int!) {
    markPayoutFailed(id: $id, reason: $reason, version: $version) {
      id
      status
      failureReason
      updated
      version
    }
  }
`;

/** Which action: `sent` (a reference) or `failed` (a reason). */
export type PayoutAction = 'sent' | 'failed';

export function PayoutActionDialog(props: { action: PayoutAction; payout: { id: string; version: number }; summary: string; onReload: () => void }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const notify = useNotify();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<PayoutProblem | null>(null);
  const [commitSent, sending] = useMutation<PayoutActionDialogSentMutation>(SentMutation);
  const [commitFailed, failing] = useMutation<PayoutActionDialogFailedMutation>(FailedMutation);
  const busy = sending || failing;
  const max = props.action === 'sent' ? 200 : 500;
  const prefix = `admin.payouts.${props.action}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const value = text.trim();
    if (!value) {
      setFieldError(intl.formatMessage({ id: `${prefix}.required` }));
      return;
    }
    setFieldError(null);
    const { id, version } = props.payout;
    const result =
      props.action === 'sent'
        ? await runMutation(commitSent, { variables: { id, reference: value, version } })
        : await runMutation(commitFailed, { variables: { id, reason: value, version } });
    if (result.response) {
      setOpen(false);
      setText('');
      notify('toast.saved'); // FEEDBACK-TOAST: the dialog closes without a word otherwise
    } else setProblem(payoutProblem(intl, result.errors));
  }

  const field = {
    label: <FormattedMessage id={`${prefix}.field`} />,
    value: text,
    maxLength: max,
    required: true,
    error: fieldError ?? undefined,
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
        setFieldError(null);
      }}
      trigger={
        <Button size="sm" variant={props.action === 'sent' ? 'primary' : 'secondary'}>
          <FormattedMessage id={`${prefix}.button`} />
        </Button>
      }
      title={<FormattedMessage id={`${prefix}.title`} />}
      description={props.summary}
      closeLabel={intl.formatMessage({ id: 'payouts.dialog.close' })}
      data-testid={`payout-${props.action}-dialog`}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap={3}>
          {problem ? (
            <Callout
              tone="danger"
              role="alert"
              data-testid="payout-action-error"
              action={
                problem.conflict ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => {
                      setOpen(false);
                      props.onReload();
                    }}
                  >
                    <FormattedMessage id="admin.requests.reload" />
                  </Button>
                ) : undefined
              }
            >
              {problem.message}
            </Callout>
          ) : null}
          {props.action === 'sent' ? (
            <TextField {...field} autoComplete="off" onChange={(event) => setText(event.target.value)} />
          ) : (
            <Textarea {...field} rows={3} onChange={(event) => setText(event.target.value)} />
          )}
          <DialogActions cancelLabel={<FormattedMessage id="payouts.dialog.cancel" />}>
            <Button type="submit" loading={busy} disabled={busy}>
              <FormattedMessage id={`${prefix}.confirm`} />
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}
