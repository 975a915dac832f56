/**
 * The order form's rules, the same as the server's (api/src/orders/service.ts `orderInput`):
 * name 1–100, e-mail valid and ≤ 254, company ≤ 200, interest required (≤ 60), a budget range,
 * message 10–5000, consent given, referral code ≤ 40 of [A-Za-z0-9_-]. Lengths are counted
 * after trimming, in UTF-16 code units, as the server counts them. Answers message descriptors
 * (ids `order.*`) so the form shows them in the visitor's language; also maps the server's
 * GraphQL errors to a field or a form-level message.
 */

/** The budget ranges of the GraphQL enum `OrderBudget`, in the order the form lists them. */
export const ORDER_BUDGETS = ['UNDER_10K', 'FROM_10K_TO_25K', 'FROM_25K_TO_50K', 'FROM_50K_TO_100K', 'OVER_100K', 'NOT_SURE'] as const;
export type OrderBudget = (typeof ORDER_BUDGETS)[number];

/** The services an order may be about besides the catalogue's products (`interest`). */
export const ORDER_SERVICES = ['design', 'engineering', 'ai', 'care', 'other'] as const;
export type OrderService = (typeof ORDER_SERVICES)[number];

/** The checked fields, in the form's order (the first invalid one gets the focus). */
export const ORDER_FIELDS = ['name', 'email', 'company', 'interest', 'budget', 'message', 'consent', 'referralCode'] as const;
export type OrderField = (typeof ORDER_FIELDS)[number];

export const LIMITS = {
  name: 100,
  email: 254,
  company: 200,
  interest: 60,
  messageMin: 10,
  messageMax: 5000,
  referralCode: 40,
} as const;

/** What the form holds: strings as typed (untrimmed), the budget '' until chosen. */
export interface OrderValues {
  name: string;
  email: string;
  company: string;
  interest: string;
  budget: OrderBudget | '';
  message: string;
  consent: boolean;
  referralCode: string;
  /** The honeypot: people never see it, so it stays empty. */
  website: string;
}

export const EMPTY_ORDER: OrderValues = {
  name: '',
  email: '',
  company: '',
  interest: '',
  budget: '',
  message: '',
  consent: false,
  referralCode: '',
  website: '',
};

/** A message id and its ICU values. */
export interface FieldProblem {
  id: string;
  values?: Record<string, number>;
}

export type OrderProblems = Partial<Record<OrderField, FieldProblem>>;

/** The server's e-mail check (zod 4 `z.email()`). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const REFERRAL_CODE = /^[A-Za-z0-9_-]*$/;

const tooLong = (max: number): FieldProblem => ({ id: 'order.error.tooLong', values: { max } });

export function isOrderBudget(value: unknown): value is OrderBudget {
  return typeof value === 'string' && (ORDER_BUDGETS as readonly string[]).includes(value);
}

export function isOrderField(value: unknown): value is OrderField {
  return typeof value === 'string' && (ORDER_FIELDS as readonly string[]).includes(value);
}

/** The problem of one field, or null when it passes. */
export function checkOrderField(field: OrderField, values: OrderValues): FieldProblem | null {
  switch (field) {
    case 'name': {
      const v = values.name.trim();
      if (!v) return { id: 'order.name.error.required' };
      return v.length > LIMITS.name ? tooLong(LIMITS.name) : null;
    }
    case 'email': {
      const v = values.email.trim();
      if (!v) return { id: 'order.email.error.required' };
      if (v.length > LIMITS.email) return tooLong(LIMITS.email);
      return EMAIL.test(v) ? null : { id: 'order.email.error.invalid' };
    }
    case 'company':
      return values.company.trim().length > LIMITS.company ? tooLong(LIMITS.company) : null;
    case 'interest': {
      const v = values.interest.trim();
      if (!v) return { id: 'order.interest.error.required' };
      return v.length > LIMITS.interest ? { id: 'order.interest.error.invalid' } : null;
    }
    case 'budget':
      return isOrderBudget(values.budget) ? null : { id: 'order.budget.error.required' };
    case 'message': {
      const v = values.message.trim();
      if (!v) return { id: 'order.message.error.required' };
      if (v.length < LIMITS.messageMin) return { id: 'order.message.error.tooShort', values: { min: LIMITS.messageMin } };
      return v.length > LIMITS.messageMax ? tooLong(LIMITS.messageMax) : null;
    }
    case 'consent':
      return values.consent === true ? null : { id: 'order.consent.error.required' };
    case 'referralCode': {
      const v = values.referralCode.trim();
      if (v.length > LIMITS.referralCode) return tooLong(LIMITS.referralCode);
      return REFERRAL_CODE.test(v) ? null : { id: 'order.referralCode.error.invalid' };
    }
  }
}

/** Every problem of the form (empty when it may be sent). */
export function validateOrder(values: OrderValues): OrderProblems {
  const problems: OrderProblems = {};
  for (const field of ORDER_FIELDS) {
    const problem = checkOrderField(field, values);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** The first field (in form order) that has a problem. */
export function firstInvalidField(problems: OrderProblems): OrderField | undefined {
  return ORDER_FIELDS.find((field) => problems[field]);
}

/** The `CreateOrderInput` of valid values: trimmed, empty optional fields as null. */
export function toOrderInput(values: OrderValues, locale: 'EN' | 'RU' | 'ES') {
  if (!isOrderBudget(values.budget)) throw new Error('toOrderInput: the budget is not chosen');
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: values.company.trim() || null,
    interest: values.interest.trim(),
    budget: values.budget,
    message: values.message.trim(),
    consent: values.consent,
    referralCode: values.referralCode.trim() || null,
    locale,
    website: values.website,
  };
}

/** A GraphQL error as it reaches the client. */
export interface GraphQLErrorLike {
  message?: string;
  extensions?: Record<string, unknown> | null;
}

/** The message of a value the server refused although it passed the client's check (e.g. an unknown product). */
const REJECTED: Record<OrderField, string> = {
  name: 'order.error.rejected',
  email: 'order.email.error.invalid',
  company: 'order.error.rejected',
  interest: 'order.interest.error.invalid',
  budget: 'order.budget.error.required',
  message: 'order.error.rejected',
  consent: 'order.consent.error.required',
  referralCode: 'order.referralCode.error.invalid',
};

/** What the form shows for a failed `createOrder`: one field's message or a form-level one. */
export type OrderFailure = { kind: 'field'; field: OrderField; problem: FieldProblem } | { kind: 'form'; problem: FieldProblem };

/**
 * Maps the errors of a failed `createOrder` to what the form shows:
 * - `BAD_USER_INPUT` naming a form field → that field's message (the client's own check of the
 *   value when it finds the problem, else REJECTED, e.g. a product no longer in the catalogue);
 * - `TOO_MANY_REQUESTS` → a form-level "wait and try again", with minutes when the server says;
 * - anything else, or no GraphQL errors at all (network failure) → "could not send, try again".
 */
export function orderFailure(errors: readonly GraphQLErrorLike[] | null | undefined, values: OrderValues): OrderFailure {
  for (const error of errors ?? []) {
    const code = error.extensions?.['code'];
    if (code === 'TOO_MANY_REQUESTS') {
      const seconds = Number(error.extensions?.['retryAfterSeconds']);
      return Number.isFinite(seconds) && seconds > 0
        ? { kind: 'form', problem: { id: 'order.error.tooManyRequestsMinutes', values: { minutes: Math.max(1, Math.ceil(seconds / 60)) } } }
        : { kind: 'form', problem: { id: 'order.error.tooManyRequests' } };
    }
    if (code === 'BAD_USER_INPUT') {
      const field = error.extensions?.['field'];
      if (isOrderField(field)) return { kind: 'field', field, problem: checkOrderField(field, values) ?? { id: REJECTED[field] } };
    }
  }
  return { kind: 'form', problem: { id: 'order.error.send' } };
}

/** The GraphQL errors carried by a Relay mutation error (`error.source.errors`), if any. */
export function graphQLErrorsOf(error: unknown): GraphQLErrorLike[] {
  const source = (error as { source?: { errors?: unknown } } | null)?.source;
  return Array.isArray(source?.errors) ? (source.errors as GraphQLErrorLike[]) : [];
}

/** The `interest` to pre-select from `?product=`: a known product slug or service, else ''. */
export function initialInterest(param: string | null, productSlugs: readonly string[]): string {
  if (!param) return '';
  return productSlugs.includes(param) || (ORDER_SERVICES as readonly string[]).includes(param) ? param : '';
}
