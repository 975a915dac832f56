/**
 * /order: the order form. The catalogue for "what is it about" comes from GraphQL in the loader
 * (server-rendered; hydration reuses the records, no request); the page is the same for every
 * visitor, so a signed-in visitor's name and e-mail are fetched in the browser afterwards and
 * fill only fields still empty and untouched. `?product=<slug>` pre-selects the interest and
 * `?ref=<code>` the referral code. Fields are checked in the browser with the server's rules
 * (validation.ts); the first invalid field gets the focus. `createOrder` is sent once (no
 * retries); its errors are shown on the field they name or above the form, and nothing typed
 * is lost. On success the form gives way to the order reference, whose heading takes the focus.
 */
import {
  Button,
  Callout,
  Card,
  Checkbox,
  Container,
  Eyebrow,
  Fieldset,
  Form,
  FormActions,
  FormMessage,
  Heading,
  Link as UiLink,
  NativeSelect,
  type NativeSelectOption,
  Text,
  TextField,
  Textarea,
  VisuallyHidden,
} from '@studio/ui';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fetchQuery, graphql, useLazyLoadQuery, useMutation, useRelayEnvironment } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import type { OrderPageCreateOrderMutation } from './__generated__/OrderPageCreateOrderMutation.graphql';
import type { OrderPageQuery as OrderPageQueryType } from './__generated__/OrderPageQuery.graphql';
import type { OrderPageViewerQuery } from './__generated__/OrderPageViewerQuery.graphql';
import { GRAPHQL_LOCALE, type Locale } from '../../i18n/locales';
import { useLocale, useLocalizePath } from '../../i18n/useLocale';
import type { Loader } from '../../routes/types';
import { useSession } from '../../session/SessionProvider';
import {
  EMPTY_ORDER,
  type FieldProblem,
  type GraphQLErrorLike,
  LIMITS,
  ORDER_BUDGETS,
  type OrderField,
  type OrderProblems,
  type OrderValues,
  checkOrderField,
  firstInvalidField,
  graphQLErrorsOf,
  initialInterest,
  isOrderField,
  orderFailure,
  toOrderInput,
  validateOrder,
} from './validation';
import styles from './OrderPage.module.css';

const OrderPageQuery = graphql`
  query OrderPageQuery($locale: Locale!) {
    products(first: 50) {
      edges {
        node {
          id
          slug
          name(locale: $locale)
        }
      }
    }
  }
`;

const ViewerQuery = graphql`
  query OrderPageViewerQuery {
    viewer {
      id
      fullName
      email
    }
  }
`;

const CreateOrderMutation = graphql`
  mutation OrderPageCreateOrderMutation($input: CreateOrderInput!) {
    createOrder(input: $input) {
      reference
    }
  }
`;

const variables = (locale: Locale) => ({ locale: GRAPHQL_LOCALE[locale] });

/** Fills the Relay store with the catalogue before rendering (server: in-process; browser: on navigation). */
export const orderLoader: Loader = async (_args, context, locale) => {
  await fetchQuery<OrderPageQueryType>(context.environmentRef.current, OrderPageQuery, variables(locale), { fetchPolicy: 'store-or-network' }).toPromise();
  return null;
};

/** The services of the interest list, before the catalogue's products; `other` comes last. */
const SERVICES = ['design', 'engineering', 'ai', 'care'] as const;
const STEPS = ['reply', 'call', 'proposal'] as const;

/** The id of each field's control (the focus target of its error). */
const FIELD_IDS: Record<OrderField, string> = {
  name: 'order-name',
  email: 'order-email',
  company: 'order-company',
  interest: 'order-interest',
  budget: 'order-budget',
  message: 'order-message',
  consent: 'order-consent',
  referralCode: 'order-referral-code',
};

interface Product {
  readonly slug: string;
  readonly name: string;
}

interface Sent {
  reference: string;
  email: string;
}

function OrderForm({ products, onSent }: { products: readonly Product[]; onSent: (sent: Sent) => void }) {
  const intl = useIntl();
  const locale = useLocale();
  const to = useLocalizePath();
  const session = useSession();
  const environment = useRelayEnvironment();
  const [params] = useSearchParams();
  const productParam = params.get('product');
  const refParam = params.get('ref');
  const slugs = useMemo(() => products.map((p) => p.slug), [products]);

  const [values, setValues] = useState<OrderValues>(() => ({
    ...EMPTY_ORDER,
    interest: initialInterest(productParam, slugs),
    referralCode: refParam?.trim() ?? '',
  }));
  const [problems, setProblems] = useState<OrderProblems>({});
  const [formError, setFormError] = useState<FieldProblem | null>(null);
  const [commit, sending] = useMutation<OrderPageCreateOrderMutation>(CreateOrderMutation);
  /** Fields the visitor has changed: a late pre-fill never overwrites them. */
  const edited = useRef(new Set<keyof OrderValues>());
  /** Where the focus goes after the next render: a field, or the form-level message. */
  const pendingFocus = useRef<OrderField | 'form' | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);

  // Focus after the render that shows the error, so it is announced with the field.
  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'form') formErrorRef.current?.focus();
    else document.getElementById(FIELD_IDS[target])?.focus();
  });

  // A link to the same page with another ?product= or ?ref= (the page stays mounted) updates those fields only.
  const seenParams = useRef({ productParam, refParam });
  useEffect(() => {
    const seen = seenParams.current;
    if (seen.productParam === productParam && seen.refParam === refParam) return;
    const interest = seen.productParam !== productParam ? initialInterest(productParam, slugs) : '';
    const referralCode = seen.refParam !== refParam ? (refParam?.trim() ?? '') : '';
    seenParams.current = { productParam, refParam };
    setValues((v) => ({ ...v, interest: interest || v.interest, referralCode: referralCode || v.referralCode }));
  }, [productParam, refParam, slugs]);

  // Signed in: fill name and e-mail from the account, in the browser only (the server page is shared).
  useEffect(() => {
    if (!session.signedIn) return;
    const subscription = fetchQuery<OrderPageViewerQuery>(environment, ViewerQuery, {}, { fetchPolicy: 'store-or-network' }).subscribe({
      next: ({ viewer }) => {
        if (!viewer) return;
        const keep = (field: 'name' | 'email', current: string) => current !== '' || edited.current.has(field);
        setValues((v) => ({
          ...v,
          name: keep('name', v.name) ? v.name : viewer.fullName,
          email: keep('email', v.email) ? v.email : (viewer.email ?? ''),
        }));
      },
      error: () => {}, // the form works without the pre-fill
    });
    return () => subscription.unsubscribe();
  }, [environment, session.signedIn]);

  const message = (problem: FieldProblem | null | undefined) => (problem ? intl.formatMessage({ id: problem.id }, problem.values) : undefined);

  function update<K extends keyof OrderValues>(field: K, value: OrderValues[K]) {
    edited.current.add(field);
    setValues((v) => ({ ...v, [field]: value }));
    // A field in error is re-checked as it changes, so the message goes as soon as it is fixed.
    if (isOrderField(field) && problems[field]) {
      const problem = checkOrderField(field, { ...values, [field]: value });
      setProblems((p) => {
        const next = { ...p };
        if (problem) next[field] = problem;
        else delete next[field];
        return next;
      });
    }
  }

  function fail(errors: readonly GraphQLErrorLike[] | null | undefined, submitted: OrderValues) {
    const failure = orderFailure(errors, submitted);
    if (failure.kind === 'field') {
      setProblems((p) => ({ ...p, [failure.field]: failure.problem }));
      pendingFocus.current = failure.field;
    } else {
      setFormError(failure.problem);
      pendingFocus.current = 'form';
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = validateOrder(values);
    setProblems(found);
    setFormError(null);
    const first = firstInvalidField(found);
    if (first) {
      pendingFocus.current = first;
      return;
    }
    const submitted = values;
    commit({
      variables: { input: toOrderInput(submitted, GRAPHQL_LOCALE[locale]) },
      onCompleted: (response, errors) => {
        if (errors?.length || !response.createOrder) fail(errors as GraphQLErrorLike[] | null, submitted);
        else onSent({ reference: response.createOrder.reference, email: submitted.email.trim() });
      },
      onError: (error) => fail(graphQLErrorsOf(error), submitted),
    });
  }

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
  const textInput = (field: 'name' | 'email' | 'company' | 'referralCode') => ({
    id: FIELD_IDS[field],
    name: field,
    value: values[field],
    error: message(problems[field]),
    onChange: (event: ChangeEvent<HTMLInputElement>) => update(field, event.target.value),
  });

  return (
    <Card padding="lg" className={styles.card}>
      <Form noValidate onSubmit={onSubmit} aria-labelledby="order-title" aria-busy={sending || undefined}>
        <Text size="sm" tone="muted" className={styles.requiredNote}>
          <FormattedMessage id="order.requiredNote" />
        </Text>
        {formError ? (
          <FormMessage ref={formErrorRef} tabIndex={-1} tone="error">
            {message(formError)}
          </FormMessage>
        ) : null}
        <Fieldset legend={<FormattedMessage id="order.about.legend" />}>
          <TextField {...textInput('name')} label={<FormattedMessage id="order.name.label" />} required autoComplete="name" />
          <TextField
            {...textInput('email')}
            label={<FormattedMessage id="order.email.label" />}
            hint={<FormattedMessage id="order.email.hint" />}
            required
            type="email"
            inputMode="email"
            autoComplete="email"
            spellCheck={false}
          />
          <TextField {...textInput('company')} label={<FormattedMessage id="order.company.label" />} autoComplete="organization" />
        </Fieldset>
        <Fieldset legend={<FormattedMessage id="order.project.legend" />}>
          <NativeSelect
            id={FIELD_IDS.interest}
            name="interest"
            label={<FormattedMessage id="order.interest.label" />}
            hint={<FormattedMessage id="order.interest.hint" />}
            required
            options={interestOptions}
            value={values.interest}
            onValueChange={(value) => update('interest', value)}
            error={message(problems.interest)}
          />
          <NativeSelect
            id={FIELD_IDS.budget}
            name="budget"
            label={<FormattedMessage id="order.budget.label" />}
            hint={<FormattedMessage id="order.budget.hint" />}
            required
            options={budgetOptions}
            value={values.budget}
            onValueChange={(value) => update('budget', value as OrderValues['budget'])}
            error={message(problems.budget)}
          />
          <Textarea
            id={FIELD_IDS.message}
            name="message"
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
            value={values.message}
            onChange={(event) => update('message', event.target.value)}
            error={message(problems.message)}
          />
          <TextField
            {...textInput('referralCode')}
            label={<FormattedMessage id="order.referralCode.label" />}
            hint={<FormattedMessage id="order.referralCode.hint" />}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
          />
        </Fieldset>
        {/* Spam protection: people never see or reach this field; bots that fill it are dropped by the server. */}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="order-website">
            <FormattedMessage id="order.honeypot.label" />
          </label>
          <input id="order-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={values.website} onChange={(event) => update('website', event.target.value)} />
        </div>
        <Checkbox
          id={FIELD_IDS.consent}
          name="consent"
          required
          checked={values.consent}
          onCheckedChange={(checked) => update('consent', checked === true)}
          error={message(problems.consent)}
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
        <FormActions>
          <Button type="submit" size="lg" loading={sending} disabled={sending}>
            <FormattedMessage id={sending ? 'order.sending' : 'order.submit'} />
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}

function OrderSent({ sent }: { sent: Sent }) {
  const to = useLocalizePath();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card padding="lg" className={`${styles.card} ${styles.success}`}>
      <Heading level={2} size="xl" ref={headingRef} tabIndex={-1} className={styles.successTitle}>
        <FormattedMessage id="order.success.title" />
      </Heading>
      <Text>
        <FormattedMessage id="order.success.reference" values={{ reference: sent.reference, ref: (chunks: ReactNode[]) => <strong className={styles.reference}>{chunks}</strong> }} />
      </Text>
      <Text tone="muted">
        <FormattedMessage id="order.success.email" values={{ email: sent.email, b: (chunks: ReactNode[]) => <strong className={styles.email}>{chunks}</strong> }} />
      </Text>
      <div className={styles.successActions}>
        <Button asChild>
          <Link to={to('/')}>
            <FormattedMessage id="order.success.home" />
          </Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to={to('/products')}>
            <FormattedMessage id="order.success.products" />
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function NextSteps() {
  const to = useLocalizePath();
  const link = (path: string) => (chunks: ReactNode[]) => (
    <UiLink asChild>
      <Link to={to(path)}>{chunks}</Link>
    </UiLink>
  );
  return (
    <section className={styles.aside} aria-labelledby="order-next-title">
      <Heading level={2} size="md" id="order-next-title" className={styles.asideTitle}>
        <FormattedMessage id="order.next.title" />
      </Heading>
      <ol className={styles.steps}>
        {STEPS.map((step) => (
          <li key={step} className={styles.step}>
            <Text weight="semibold" className={styles.stepTitle}>
              <FormattedMessage id={`order.next.${step}.title`} />
            </Text>
            <Text size="sm" tone="muted">
              <FormattedMessage id={`order.next.${step}.text`} />
            </Text>
          </li>
        ))}
      </ol>
      <Callout tone="info" role={null} title={<FormattedMessage id="order.contact.title" />}>
        <FormattedMessage id="order.contact.text" values={{ faq: link('/faq'), how: link('/how') }} />
      </Callout>
    </section>
  );
}

export function OrderPage() {
  const locale = useLocale();
  const data = useLazyLoadQuery<OrderPageQueryType>(OrderPageQuery, variables(locale), { fetchPolicy: 'store-or-network' });
  const products = useMemo(() => data.products.edges.map((edge) => edge.node), [data]);
  const [sent, setSent] = useState<Sent | null>(null);
  return (
    <Container className={styles.page}>
      <header className={styles.header}>
        <Eyebrow>
          <FormattedMessage id="order.eyebrow" />
        </Eyebrow>
        <Heading level={1} size="3xl" id="order-title" className={styles.title}>
          <FormattedMessage id="page.order.title" />
        </Heading>
        <Text size="lg" tone="muted" className={styles.lead}>
          <FormattedMessage id="order.lead" />
        </Text>
      </header>
      <div className={styles.layout}>
        <div className={styles.main}>{sent ? <OrderSent sent={sent} /> : <OrderForm products={products} onSent={setSent} />}</div>
        <NextSteps />
      </div>
    </Container>
  );
}
