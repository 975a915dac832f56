/**
 * The controls of the order form (ORDER-FIELDS), in two groups — about you, about the project —
 * then the consent checkbox and the honeypot. Uncontrolled inputs: Conform reads them from the
 * form; each gets its first value and its message from the form (OrderForm).
 */
import { useInputControl } from '@conform-to/react';
import { Checkbox, Fieldset, Link as UiLink, NativeSelect, type NativeSelectOption, TextField, Textarea, VisuallyHidden } from '@studio/ui';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocalizePath } from '../../i18n/useLocale';
import { LIMITS, ORDER_BUDGETS, type OrderField } from './validation';
import styles from './OrderPage.module.css';

/** The id of each field's control (the focus target of its message). */
export const FIELD_IDS: Record<OrderField, string> = {
  name: 'order-name',
  email: 'order-email',
  company: 'order-company',
  interest: 'order-interest',
  budget: 'order-budget',
  message: 'order-message',
  consent: 'order-consent',
  referralCode: 'order-referral-code',
};

/** The services of the interest list, before the catalogue's products; `other` comes last. */
const SERVICES = ['design', 'engineering', 'ai', 'care'] as const;

export interface Product {
  readonly slug: string;
  readonly name: string;
}

/** What each control needs from the form: its name, id, first value and message. */
export type ControlOf = (field: OrderField) => { id: string; name: OrderField; defaultValue: string | undefined; error: string | undefined };

/** Name, e-mail and company. */
export function AboutFields({ control }: { control: ControlOf }) {
  return (
    <Fieldset legend={<FormattedMessage id="order.about.legend" />}>
      <TextField {...control('name')} label={<FormattedMessage id="order.name.label" />} required autoComplete="name" />
      <TextField
        {...control('email')}
        label={<FormattedMessage id="order.email.label" />}
        hint={<FormattedMessage id="order.email.hint" />}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
      />
      <TextField {...control('company')} label={<FormattedMessage id="order.company.label" />} autoComplete="organization" />
    </Fieldset>
  );
}

/** What the order is about, the budget range, the message and a referral code. */
export function ProjectFields({ control, products }: { control: ControlOf; products: readonly Product[] }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const interestOptions: NativeSelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'order.interest.placeholder' }) },
    ...SERVICES.map((service) => ({ value: service, label: intl.formatMessage({ id: 'order.interest.service' }, { name: text(`order.service.${service}`) }) })),
    ...products.map((product) => ({ value: product.slug, label: intl.formatMessage({ id: 'order.interest.product' }, { name: product.name }) })),
    { value: 'other', label: intl.formatMessage({ id: 'order.service.other' }) },
  ];
  const budgetOptions: NativeSelectOption[] = [
    { value: '', label: intl.formatMessage({ id: 'order.budget.placeholder' }) },
    ...ORDER_BUDGETS.map((budget) => ({ value: budget, label: text(`order.budget.${budget}`) })),
  ];
  return (
    <Fieldset legend={<FormattedMessage id="order.project.legend" />}>
      <NativeSelect
        {...control('interest')}
        label={<FormattedMessage id="order.interest.label" />}
        hint={<FormattedMessage id="order.interest.hint" />}
        required
        options={interestOptions}
      />
      <NativeSelect
        {...control('budget')}
        label={<FormattedMessage id="order.budget.label" />}
        hint={<FormattedMessage id="order.budget.hint" />}
        required
        options={budgetOptions}
      />
      <Textarea
        {...control('message')}
        label={<FormattedMessage id="order.message.label" />}
        hint={<FormattedMessage id="order.message.hint" />}
        required
        rows={6}
        maxLength={LIMITS.messageMax}
        formatCount={(length, max) => (
          // Compact on screen (the counter sits beside the hint), in words for screen readers.
          <>
            <span aria-hidden="true">{`${intl.formatNumber(length)} / ${intl.formatNumber(max)}`}</span>
            <VisuallyHidden>{intl.formatMessage({ id: 'order.message.count' }, { length, max })}</VisuallyHidden>
          </>
        )}
      />
      <TextField
        {...control('referralCode')}
        label={<FormattedMessage id="order.referralCode.label" />}
        hint={<FormattedMessage id="order.referralCode.hint" />}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
      />
    </Fieldset>
  );
}

/**
 * The privacy-policy consent: a Radix checkbox, so Conform's `useInputControl` carries its value
 * ("on") into the form data and tells the form when it changes.
 */
export function ConsentField({ meta, error }: { meta: Parameters<typeof useInputControl>[0]; error: string | undefined }) {
  const intl = useIntl();
  const to = useLocalizePath();
  const control = useInputControl(meta);
  return (
    <Checkbox
      id={FIELD_IDS.consent}
      required
      checked={control.value === 'on'}
      onCheckedChange={(checked) => control.change(checked === true ? 'on' : '')}
      error={error}
      label={
        <FormattedMessage
          id="order.consent.label"
          values={{
            link: (chunks: ReactNode[]) => (
              <UiLink href={to('/privacy')} external externalLabel={intl.formatMessage({ id: 'order.newTab' })}>
                {chunks}
              </UiLink>
            ),
          }}
        />
      }
    />
  );
}

/** Spam protection: people never see or reach this field; bots that fill it are dropped by the server. */
export function Honeypot() {
  return (
    <div className={styles.honeypot} aria-hidden="true">
      <label htmlFor="order-website">
        <FormattedMessage id="order.honeypot.label" />
      </label>
      <input id="order-website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
