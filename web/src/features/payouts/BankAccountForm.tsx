/**
 * The bank account of a `BANK_TRANSFER` payout method (PAYOUT-BANK): the holder's name, the bank's
 * country (every ISO country by its name in the page's language), then an IBAN in IBAN countries
 * (tidied into groups of four as typed) or, elsewhere, the account number and the bank's code.
 * The browser checks only that the fields are filled (`bankAccountFields`, useSchemaForm: the first
 * empty one gets the focus); the server validates (IBAN checksum, formats) and its refusal is shown
 * at the field it names (`bankAccount.<field>`).
 */
import { bankAccountFields } from '@studio/site/fields';
import { Button, NativeSelect, Stack, TextField } from '@studio/ui';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import type { ServerProblem } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import type { BankAccountInput } from './__generated__/PayoutMethodSetMutation.graphql';
import { COUNTRY_CODES, countryOptions, formatIban, usesIban } from './countries';

const { holderName, country, iban, accountNumber, bankCode } = bankAccountFields;

const NO_COUNTRY = z.object({ holderName, country });
const WITH_IBAN = z.object({ holderName, country, iban });
const WITH_ACCOUNT = z.object({ holderName, country, accountNumber, bankCode });
type BankSchema = typeof NO_COUNTRY | typeof WITH_IBAN | typeof WITH_ACCOUNT;

/** The fields asked for in `chosen` (a country code, or '' before one is chosen). */
function schemaFor(chosen: string): BankSchema {
  if (!chosen) return NO_COUNTRY;
  return usesIban(chosen) ? WITH_IBAN : WITH_ACCOUNT;
}

/** `onSave` sends the account and answers the refusal of one of its fields (`bankAccount.<field>`), or null. */
export function BankAccountForm(props: { onSave: (account: BankAccountInput) => Promise<ServerProblem | null>; saving: boolean }) {
  const intl = useIntl();
  const [chosen, setChosen] = useState('');
  // The IBAN is tidied as it is typed.
  const [ibanText, setIbanText] = useState('');
  const options = useMemo(() => countryOptions(COUNTRY_CODES, intl.locale), [intl.locale]);
  const { formProps, field, error, busy } = useSchemaForm<BankSchema>({
    schema: schemaFor(chosen),
    async onValid(value) {
      // A valid form has a country, and so an IBAN or an account number and bank code.
      const refused = await props.onSave(value);
      if (refused?.field) return { ...refused, field: refused.field.replace(/^bankAccount\./, '') as 'iban' };
    },
  });

  return (
    <form {...formProps} data-testid="bank-form">
      <Stack gap={3}>
        <TextField label={<FormattedMessage id="payouts.bank.holderName" />} autoComplete="name" maxLength={100} required {...field('holderName')} />
        <NativeSelect
          label={<FormattedMessage id="payouts.bank.country" />}
          options={[{ value: '', label: intl.formatMessage({ id: 'payouts.bank.countryChoose' }) }, ...options]}
          {...field('country')}
          onValueChange={setChosen}
          required
        />
        {chosen && usesIban(chosen) ? (
          <TextField
            label={<FormattedMessage id="payouts.bank.iban" />}
            hint={<FormattedMessage id="payouts.bank.ibanHint" />}
            name="iban"
            value={ibanText}
            onChange={(event) => setIbanText(formatIban(event.target.value))}
            error={error('iban')}
            autoComplete="off"
            spellCheck={false}
            maxLength={42}
            required
          />
        ) : chosen ? (
          <>
            <TextField label={<FormattedMessage id="payouts.bank.accountNumber" />} autoComplete="off" maxLength={34} required {...field('accountNumber')} />
            <TextField
              label={<FormattedMessage id="payouts.bank.bankCode" />}
              hint={<FormattedMessage id="payouts.bank.bankCodeHint" />}
              autoComplete="off"
              maxLength={34}
              required
              {...field('bankCode')}
            />
          </>
        ) : null}
        <div>
          <Button type="submit" loading={busy || props.saving} disabled={busy || props.saving}>
            <FormattedMessage id="payouts.bank.save" />
          </Button>
        </div>
      </Stack>
    </form>
  );
}
