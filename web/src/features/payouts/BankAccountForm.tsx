/**
 * The bank account of a `BANK_TRANSFER` payout method (PAYOUT-BANK): the holder's name, the bank's
 * country (every ISO country by its name in the page's language), then an IBAN in IBAN countries
 * (tidied into groups of four as typed) or, elsewhere, the account number and the bank's code.
 * The browser checks only that the fields are filled; the server validates (IBAN checksum, formats)
 * and its refusal is shown at the field it names (`bankAccount.<field>`).
 */
import { Button, NativeSelect, Stack, TextField } from '@studio/ui';
import { type FormEvent, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BankAccountInput } from './__generated__/PayoutMethodSetMutation.graphql';
import { COUNTRY_CODES, countryOptions, formatIban, usesIban } from './countries';
import type { PayoutProblem } from '../../account/payoutErrors';

type Field = 'holderName' | 'country' | 'iban' | 'accountNumber' | 'bankCode';

/** `onSave` sends the account and answers the problem to show (null: saved). */
export function BankAccountForm(props: { onSave: (account: BankAccountInput) => Promise<PayoutProblem | null>; saving: boolean }) {
  const intl = useIntl();
  const [values, setValues] = useState<Record<Field, string>>({ holderName: '', country: '', iban: '', accountNumber: '', bankCode: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const options = useMemo(() => countryOptions(COUNTRY_CODES, intl.locale), [intl.locale]);
  const iban = values.country !== '' && usesIban(values.country);
  const set = (field: Field) => (value: string) => setValues((old) => ({ ...old, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const needed: Field[] = ['holderName', 'country', ...(iban ? (['iban'] as const) : (['accountNumber', 'bankCode'] as const))];
    const missing = Object.fromEntries(
      needed.filter((field) => !values[field].trim()).map((field) => [field, intl.formatMessage({ id: `payouts.bank.error.${field}` })]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const account: BankAccountInput = iban
      ? { holderName: values.holderName.trim(), country: values.country, iban: values.iban.replace(/\s/g, '') }
      : { holderName: values.holderName.trim(), country: values.country, accountNumber: values.accountNumber.trim(), bankCode: values.bankCode.trim() };
    const problem = await props.onSave(account);
    if (problem?.field) setErrors({ [problem.field.replace(/^bankAccount\./, '')]: problem.message });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="bank-form">
      <Stack gap={3}>
        <TextField
          label={<FormattedMessage id="payouts.bank.holderName" />}
          autoComplete="name"
          value={values.holderName}
          onChange={(event) => set('holderName')(event.target.value)}
          error={errors.holderName}
          maxLength={100}
          required
        />
        <NativeSelect
          label={<FormattedMessage id="payouts.bank.country" />}
          options={[{ value: '', label: intl.formatMessage({ id: 'payouts.bank.countryChoose' }) }, ...options]}
          value={values.country}
          onValueChange={set('country')}
          error={errors.country}
          required
        />
        {iban ? (
          <TextField
            label={<FormattedMessage id="payouts.bank.iban" />}
            hint={<FormattedMessage id="payouts.bank.ibanHint" />}
            value={values.iban}
            onChange={(event) => set('iban')(formatIban(event.target.value))}
            error={errors.iban}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
            required
          />
        ) : values.country ? (
          <>
            <TextField
              label={<FormattedMessage id="payouts.bank.accountNumber" />}
              value={values.accountNumber}
              onChange={(event) => set('accountNumber')(event.target.value)}
              error={errors.accountNumber}
              autoComplete="off"
              maxLength={34}
              required
            />
            <TextField
              label={<FormattedMessage id="payouts.bank.bankCode" />}
              hint={<FormattedMessage id="payouts.bank.bankCodeHint" />}
              value={values.bankCode}
              onChange={(event) => set('bankCode')(event.target.value)}
              error={errors.bankCode}
              autoComplete="off"
              maxLength={34}
              required
            />
          </>
        ) : null}
        <div>
          <Button type="submit" loading={props.saving} disabled={props.saving}>
            <FormattedMessage id="payouts.bank.save" />
          </Button>
        </div>
      </Stack>
    </form>
  );
}
