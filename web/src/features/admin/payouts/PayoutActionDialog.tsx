/**
 * The back office's actions on a requested bank transfer (PAYOUT-QUEUE): "Mark sent" asks for the
 * bank's reference (1–200 characters) → `markPayoutSent(id, reference, version)`; "Mark failed" asks
 * for the reason the user is told (1–500 characters) → `markPayoutFailed(id, reason, version)`, the
 * money going back to the user's available balance (the shared rules `payoutReference` and
 * `payoutFailureReason`). A stale `version` (VERSION_CONFLICT) is said with the shared message and
 * a Reload button (`onReload`); other refusals in words (payoutErrors).
 */
import { Button, Callout, Dialog, DialogActions, Stack, Textarea, TextField } from '@studio/ui';
import { payoutFailureReason, payoutReference } from '@studio/site/fields';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { graphql, useMutation } from 'react-relay';
import { useNotify } from '../../../app/toasts';
import { z } from 'zod';
import { runMutation } from '../../../forms/runMutation';
import { useSchemaForm } from '../../../forms/useSchemaForm';
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
  /** Counts the openings: each starts without messages; the text stays until it is sent. */
  const [opened, setOpened] = useState(0);
  const [text, setText] = useState('');
  const notify = useNotify();
  const [problem, setProblem] = useState<PayoutProblem | null>(null);
  const [commitSent] = useMutation<PayoutActionDialogSentMutation>(SentMutation);
  const [commitFailed] = useMutation<PayoutActionDialogFailedMutation>(FailedMutation);
  const sent = props.action === 'sent';
  const prefix = `admin.payouts.${props.action}`;
  const { formProps, error, busy } = useSchemaForm({
    id: `payout-${props.action}-${props.payout.id}-${opened}`,
    schema: z.object({ text: sent ? payoutReference : payoutFailureReason }),
    async onValid(value) {
      setProblem(null);
      const { id, version } = props.payout;
      const result = sent
        ? await runMutation(commitSent, { variables: { id, reference: value.text, version } })
        : await runMutation(commitFailed, { variables: { id, reason: value.text, version } });
      if (!result.response) return setProblem(payoutProblem(intl, result.errors));
      setOpen(false);
      setText('');
      notify('toast.saved'); // FEEDBACK-TOAST: the dialog closes without a word otherwise
    },
  });

  const input = {
    label: <FormattedMessage id={`${prefix}.field`} />,
    maxLength: sent ? 200 : 500,
    required: true,
    name: 'text',
    value: text,
    error: error('text'),
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setProblem(null);
        if (next) setOpened((count) => count + 1);
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
      <form {...formProps}>
        <Stack gap={3}>
          {problem ? (
            <ActionProblem
              problem={problem}
              onReload={() => {
                setOpen(false);
                props.onReload();
              }}
            />
          ) : null}
          {sent ? (
            <TextField {...input} autoComplete="off" onChange={(event) => setText(event.target.value)} />
          ) : (
            <Textarea {...input} rows={3} onChange={(event) => setText(event.target.value)} />
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

/** What the server refused, above the field; a stale version offers a reload. */
function ActionProblem(props: { problem: PayoutProblem; onReload: () => void }) {
  return (
    <Callout
      tone="danger"
      role="alert"
      data-testid="payout-action-error"
      action={
        props.problem.conflict ? (
          <Button size="sm" variant="secondary" onClick={props.onReload}>
            <FormattedMessage id="admin.requests.reload" />
          </Button>
        ) : undefined
      }
    >
      {props.problem.message}
    </Callout>
  );
}
