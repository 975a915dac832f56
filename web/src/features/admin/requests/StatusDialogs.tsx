/**
 * What a status step asks before it is sent (REQ-WORKFLOW): WON the contract value (an amount in
 * major units and a currency, converted to integer minor units, contractValue.ts), LOST the reason
 * (required, up to 1000 characters; for a won request it is a refund, LEDGER-REFUND, and the dialog
 * says the referrer's commission will be taken back), every other step a short confirmation. Each
 * calls `onSubmit` with what the step needs and closes when it resolves; the page shows a server
 * refusal.
 */
import { AlertDialog, Button, Callout, Dialog, DialogActions, NativeSelect, Stack, Textarea, TextField } from '@studio/ui';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { OrderStatusText, type OrderStatusValue } from '../../../account/requestLabels';
import { Money } from '../../../account/Money';
import { type AmountProblem, CONTRACT_CURRENCIES, toMinorUnits } from './contractValue';

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

/** The longest lost reason the API accepts. */
export const LOST_REASON_MAX_LENGTH = 1000;

/** "Mark as won": the contract value. */
export function WonDialog(props: StepDialogProps) {
  const intl = useIntl();
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState<string>(CONTRACT_CURRENCIES[0]);
  const [problem, setProblem] = useState<AmountProblem | null>(null);
  const [pending, setPending] = useState(false);
  const currencyNames = new Intl.DisplayNames([intl.locale], { type: 'currency' });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = toMinorUnits(amount, currency, intl.locale);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setPending(true);
    await props.onSubmit({ contractValue: { amount: parsed.amount, currency } });
    setPending(false);
  }
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={<FormattedMessage id="admin.requests.won.title" />}
      description={<FormattedMessage id="admin.requests.won.description" />}
      closeLabel={intl.formatMessage({ id: 'admin.requests.dialog.close' })}
      size="sm"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap={4}>
          <TextField
            label={intl.formatMessage({ id: 'admin.requests.won.amount' })}
            inputMode="decimal"
            autoComplete="off"
            required
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setProblem(null);
            }}
            error={problem ? intl.formatMessage({ id: `admin.requests.won.amount.${problem}` }) : undefined}
          />
          <NativeSelect
            label={intl.formatMessage({ id: 'admin.requests.won.currency' })}
            value={currency}
            onValueChange={(value) => {
              setCurrency(value);
              setProblem(null);
            }}
            options={CONTRACT_CURRENCIES.map((code) => ({ value: code, label: `${code} — ${currencyNames.of(code) ?? code}` }))}
          />
          <DialogActions cancelLabel={<FormattedMessage id="admin.requests.dialog.cancel" />} cancelDisabled={pending}>
            <Button type="submit" loading={pending}>
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
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setPending(true);
    await props.onSubmit({ lostReason: reason.trim() });
    setPending(false);
  }
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={<FormattedMessage id={refund ? 'admin.requests.refund.title' : 'admin.requests.lost.title'} />}
      description={<FormattedMessage id={refund ? 'admin.requests.refund.description' : 'admin.requests.lost.description'} />}
      closeLabel={intl.formatMessage({ id: 'admin.requests.dialog.close' })}
      size="sm"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap={4}>
          {refund?.commission ? (
            <Callout tone="warning">
              <FormattedMessage
                id="admin.requests.refund.commission"
                values={{ amount: <Money minor={refund.commission.amount} currency={refund.commission.currency} /> }}
              />
            </Callout>
          ) : null}
          <Textarea
            label={intl.formatMessage({ id: 'admin.requests.lost.reason' })}
            required
            maxLength={LOST_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setMissing(false);
            }}
            error={missing ? intl.formatMessage({ id: 'admin.requests.lost.reason.required' }) : undefined}
          />
          <DialogActions cancelLabel={<FormattedMessage id="admin.requests.dialog.cancel" />} cancelDisabled={pending}>
            <Button type="submit" variant="danger" loading={pending}>
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
