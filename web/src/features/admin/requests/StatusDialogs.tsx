/**
 * What a status step asks before it is sent (REQ-WORKFLOW): WON the contract value (an amount in
 * major units and a currency, converted to integer minor units by the shared money rule,
 * contractValue.ts), LOST the reason (`lostReason`: required, up to 1000 characters; for a won
 * request it is a refund, LEDGER-REFUND, and the dialog says the referrer's commission will be
 * taken back), every other step a short confirmation (a plain AlertDialog: no field). Each calls
 * `onSubmit` with what the step needs and closes when it resolves; the page shows a server refusal.
 */
import { AlertDialog, Button, Callout, Dialog, DialogActions, NativeSelect, Stack, Textarea, TextField } from '@studio/ui';
import { LOST_REASON_MAX, lostReason } from '@studio/site/fields';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { OrderStatusText, type OrderStatusValue } from '../../../account/requestLabels';
import { Money } from '../../../account/Money';
import { useSchemaForm } from '../../../forms/useSchemaForm';
import { CONTRACT_CURRENCIES, contractValueSchema } from './contractValue';

/** What a step sends besides the status. */
export interface StepExtras {
  contractValue?: { amount: number; currency: string };
  lostReason?: string;
}

interface StepDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (extras: StepExtras) => Promise<void>;
}

/** "Mark as won": the contract value. */
export function WonDialog(props: StepDialogProps) {
  const intl = useIntl();
  // The amount is read in the chosen currency's decimals.
  const [currency, setCurrency] = useState<string>(CONTRACT_CURRENCIES[0]);
  const { formProps, field, busy } = useSchemaForm({
    schema: contractValueSchema(currency, intl.locale),
    defaultValue: { currency: CONTRACT_CURRENCIES[0] },
    recheck: 'inError',
    onValid: (value) => props.onSubmit({ contractValue: value }),
  });
  const currencyNames = new Intl.DisplayNames([intl.locale], { type: 'currency' });
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={<FormattedMessage id="admin.requests.won.title" />}
      description={<FormattedMessage id="admin.requests.won.description" />}
      closeLabel={intl.formatMessage({ id: 'admin.requests.dialog.close' })}
      size="sm"
    >
      <form {...formProps}>
        <Stack gap={4}>
          <TextField label={intl.formatMessage({ id: 'admin.requests.won.amount' })} inputMode="decimal" autoComplete="off" required {...field('amount')} />
          <NativeSelect
            label={intl.formatMessage({ id: 'admin.requests.won.currency' })}
            {...field('currency')}
            onValueChange={setCurrency}
            options={CONTRACT_CURRENCIES.map((code) => ({ value: code, label: `${code} — ${currencyNames.of(code) ?? code}` }))}
          />
          <DialogActions cancelLabel={<FormattedMessage id="admin.requests.dialog.cancel" />} cancelDisabled={busy}>
            <Button type="submit" loading={busy}>
              <FormattedMessage id="admin.requests.won.submit" />
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}

/** A won request marked lost (a refund): the referrer's commission it earned, if any (minor units). */
export interface RefundInfo {
  commission: { amount: number; currency: string } | null;
}

/** "Mark as lost": the reason, seen only by administrators; with `refund`, a won request refunded. */
export function LostDialog(props: StepDialogProps & { refund?: RefundInfo | undefined }) {
  const { refund } = props;
  const intl = useIntl();
  const { formProps, field, busy } = useSchemaForm({
    schema: z.object({ reason: lostReason }),
    recheck: 'inError',
    onValid: (value) => props.onSubmit({ lostReason: value.reason }),
  });
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={<FormattedMessage id={refund ? 'admin.requests.refund.title' : 'admin.requests.lost.title'} />}
      description={<FormattedMessage id={refund ? 'admin.requests.refund.description' : 'admin.requests.lost.description'} />}
      closeLabel={intl.formatMessage({ id: 'admin.requests.dialog.close' })}
      size="sm"
    >
      <form {...formProps}>
        <Stack gap={4}>
          {refund?.commission ? (
            <Callout tone="warning">
              <FormattedMessage
                id="admin.requests.refund.commission"
                values={{ amount: <Money minor={refund.commission.amount} currency={refund.commission.currency} /> }}
              />
            </Callout>
          ) : null}
          <Textarea label={intl.formatMessage({ id: 'admin.requests.lost.reason' })} required maxLength={LOST_REASON_MAX} {...field('reason')} />
          <DialogActions cancelLabel={<FormattedMessage id="admin.requests.dialog.cancel" />} cancelDisabled={busy}>
            <Button type="submit" variant="danger" loading={busy}>
              <FormattedMessage id="admin.requests.lost.submit" />
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}

/** Any other step (to review, proposal sent): "Move this request to …?". */
export function ConfirmStepDialog(props: StepDialogProps & { status: OrderStatusValue }) {
  return (
    <AlertDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      tone="default"
      title={<FormattedMessage id="admin.requests.confirm.title" values={{ status: <OrderStatusText status={props.status} /> }} />}
      description={<FormattedMessage id="admin.requests.confirm.description" />}
      cancelLabel={<FormattedMessage id="admin.requests.dialog.cancel" />}
      confirmLabel={<FormattedMessage id="admin.requests.confirm.submit" />}
      onConfirm={() => props.onSubmit({})}
    />
  );
}
