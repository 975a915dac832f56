/**
 * The order form (ORDER-FIELDS, ORDER-MAIL) on the toolkit of forms/useSchemaForm, used by the
 * app's order page and by the order island of the HTML-first page (SITE-DELIVERY), so it needs no
 * router: checked in the
 * browser with the server's rules, the first invalid field focused, a field in error checked again
 * as it changes. `?product=<slug>` pre-selects the interest and `?ref=<code>` the referral code
 * (trimmed, upper-cased, ignored when it breaks the field's rule; also when a link changes them
 * while the page stays open). A referral code the server refuses (unknown or the orderer's own,
 * LEDGER-ATTRIBUTION) is explained at its field, which keeps the typed code and gets the focus. A signed-in visitor's name and
 * e-mail (`viewer`, fetched by the page in the browser) fill only fields still empty and
 * untouched. `send` runs `createOrder` once (no retries); its errors are shown at the field they
 * name or above the form, and nothing typed is lost. After many orders from one address the
 * server asks for a proof-of-work challenge (SEC-CHALLENGE): the widget (forms/Challenge.tsx)
 * shows above the button, solves it by itself and the form is sent again with the payload.
 */
import { GRAPHQL_LOCALE } from '@studio/site/locales';
import { Button, Card, Form, FormActions, Text } from '@studio/ui';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useChallenge } from '../../forms/Challenge';
import { type GraphQLErrorLike, firstError } from '../../forms/serverErrors';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { useLocale } from '../../i18n/useLocale';
import { AboutFields, ConsentField, type ControlOf, FIELD_IDS, Honeypot, type Product, ProjectFields } from './OrderFields';
import { initialInterest, initialReferralCode, orderFormSchema, orderServerProblem, orderValuesOf, toOrderInput } from './validation';
import styles from './OrderPage.module.css';

/** What `createOrder` answered: the order's reference, or errors. */
export interface SendResult {
  reference: string | null;
  errors: readonly GraphQLErrorLike[];
}

/** The pre-fills an address may carry: `?product=<slug>` and `?ref=<code>`. */
export interface OrderParams {
  product: string | null;
  ref: string | null;
}

/** The pre-fills of a query string (`?product=dom&ref=ABC`). */
export function orderParamsOf(search: URLSearchParams): OrderParams {
  return { product: search.get('product'), ref: search.get('ref') };
}

/** Sends an order: `createOrder` once, answering its reference or errors. */
export type SendOrder = (input: ReturnType<typeof toOrderInput> & { challenge?: string | null }) => Promise<SendResult>;

export interface Sent {
  reference: string;
  email: string;
}

type Update = ReturnType<typeof useSchemaForm<typeof orderFormSchema>>['form']['update'];

/** A link to the same page with another ?product= or ?ref= (the page stays mounted) updates those fields only. */
function usePrefillFromParams(productParam: string | null, refParam: string | null, slugs: readonly string[], update: Update) {
  const seenParams = useRef({ productParam, refParam });
  useEffect(() => {
    const seen = seenParams.current;
    if (seen.productParam === productParam && seen.refParam === refParam) return;
    const interest = seen.productParam !== productParam ? initialInterest(productParam, slugs) : '';
    const referralCode = seen.refParam !== refParam ? initialReferralCode(refParam) : '';
    seenParams.current = { productParam, refParam };
    if (interest) update({ name: 'interest', value: interest });
    if (referralCode) update({ name: 'referralCode', value: referralCode });
  }, [productParam, refParam, slugs, update]);
}

/** Signed in: the account's name and e-mail, into fields still empty and not `edited`. */
function usePrefillFromViewer(
  viewer: { fullName: string; email: string | null } | null,
  formElement: () => HTMLFormElement | null,
  update: Update,
  edited: RefObject<Set<string>>,
) {
  useEffect(() => {
    if (!viewer) return;
    for (const [name, value] of [
      ['name', viewer.fullName],
      ['email', viewer.email ?? ''],
    ] as const) {
      const input = formElement()?.elements.namedItem(name);
      if (value && input instanceof HTMLInputElement && input.value === '' && !edited.current.has(name)) update({ name, value });
    }
  }, [viewer, formElement, update, edited]);
}

export function OrderForm(props: {
  products: readonly Product[];
  /** The signed-in visitor's name and e-mail, once known. */
  viewer: { fullName: string; email: string | null } | null;
  /** Sends the order; `challenge` is the solved proof-of-work payload when the server asked for one. */
  send: SendOrder;
  onSent: (sent: Sent) => void;
  /** The address's `?product=` and `?ref=` (the router's in the app, `location.search` in the island). */
  params: OrderParams;
}) {
  const locale = useLocale();
  const { product: productParam, ref: refParam } = props.params;
  const slugs = useMemo(() => props.products.map((p) => p.slug), [props.products]);
  /** Fields the visitor has changed: a late pre-fill never overwrites them. */
  const edited = useRef(new Set<string>());

  const { form, fields, formElement, formProps, error, formMessage, busy } = useSchemaForm({
    schema: orderFormSchema,
    defaultValue: { interest: initialInterest(productParam, slugs), referralCode: initialReferralCode(refParam) },
    recheck: 'inError',
    focusTarget: (field) => document.getElementById(FIELD_IDS[field as keyof typeof FIELD_IDS]),
    async onValid(_value, payload) {
      const submitted = orderValuesOf(payload);
      const solved = challenge.take();
      const { reference, errors } = await props.send({ ...toOrderInput(submitted, GRAPHQL_LOCALE[locale]), ...(solved ? { challenge: solved } : {}) });
      if (reference) return props.onSent({ reference, email: submitted.email.trim() });
      const error = firstError(errors);
      challenge.ask(error);
      return orderServerProblem(error, submitted);
    },
  });
  const challenge = useChallenge(() => formElement()?.requestSubmit());
  const { update } = form;

  usePrefillFromParams(productParam, refParam, slugs, update);
  usePrefillFromViewer(props.viewer, formElement, update, edited);

  const control: ControlOf = (field) => ({
    id: FIELD_IDS[field],
    name: field,
    defaultValue: fields[field].initialValue as string | undefined,
    error: error(field),
  });

  return (
    <Card padding="lg" className={styles.card}>
      <Form {...formProps} aria-labelledby="order-title" onInput={(event) => edited.current.add((event.target as HTMLInputElement).name)}>
        <Text size="sm" tone="muted" className={styles.requiredNote}>
          <FormattedMessage id="order.requiredNote" />
        </Text>
        {formMessage}
        <AboutFields control={control} />
        <ProjectFields control={control} products={props.products} />
        <Honeypot />
        <ConsentField meta={{ key: fields.consent.key, name: fields.consent.name, formId: form.id, initialValue: undefined }} error={error('consent')} />
        {challenge.element}
        <FormActions>
          <Button type="submit" size="lg" loading={busy} disabled={busy}>
            <FormattedMessage id={busy ? 'order.sending' : 'order.submit'} />
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
