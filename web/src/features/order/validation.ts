/**
 * The order form's rules (ORDER-FIELDS): the server's own schemas (`orderFields` of
 * `@studio/site/fields`) — name 1–100, e-mail valid and ≤ 254, company ≤ 200, interest required
 * (≤ 60), a budget range, message 10–5000, consent given, referral code ≤ 40 of [A-Za-z0-9_-],
 * lengths counted after trimming. Answers message descriptors (ids `order.*`); the server's
 * GraphQL errors, the referral code's refusals (LEDGER-ATTRIBUTION) among them, are read by
 * forms/serverErrors.ts (`SERVER_ERRORS.order`).
 */
import {
  ORDER_BUDGETS,
  ORDER_FIELDS,
  ORDER_LIMITS,
  ORDER_SERVICES,
  type OrderBudget,
  type OrderField,
  type OrderService,
  orderFields,
} from '@studio/site/fields';
import { type FieldProblem, fieldProblem } from '@studio/site/problems';
import { z } from 'zod';
import { type GraphQLErrorLike, SERVER_ERRORS, type ServerError, type ServerProblem, firstError, graphQLErrorsOf } from '../../forms/serverErrors';

export {
  ORDER_BUDGETS,
  ORDER_FIELDS,
  ORDER_SERVICES,
  graphQLErrorsOf,
  type FieldProblem,
  type GraphQLErrorLike,
  type OrderBudget,
  type OrderField,
  type OrderService,
};
export const LIMITS = ORDER_LIMITS;

/** The form's schema: the shared rules; the consent checkbox submits "on". */
export const orderFormSchema = z.object({ ...orderFields, consent: z.preprocess((value) => value === 'on' || value === true, orderFields.consent) });

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

export type OrderProblems = Partial<Record<OrderField, FieldProblem>>;

export function isOrderBudget(value: unknown): value is OrderBudget {
  return typeof value === 'string' && (ORDER_BUDGETS as readonly string[]).includes(value);
}

/** The typed values of a submitted form (its FormData as Conform reads it). */
export function orderValuesOf(payload: Record<string, unknown>): OrderValues {
  const text = (name: keyof OrderValues) => (typeof payload[name] === 'string' ? payload[name] : '');
  const budget = text('budget');
  return {
    ...EMPTY_ORDER,
    name: text('name'),
    email: text('email'),
    company: text('company'),
    interest: text('interest'),
    budget: isOrderBudget(budget) ? budget : '',
    message: text('message'),
    consent: payload['consent'] === 'on',
    referralCode: text('referralCode'),
    website: text('website'),
  };
}

/** The problem of one field, or null when it passes. */
export function checkOrderField(field: OrderField, values: OrderValues): FieldProblem | null {
  return fieldProblem(orderFields[field], values[field]);
}

/** Every problem of the form (empty when it may be sent), in the form's order. */
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

/** What the form shows for a failed `createOrder`: one field's message or a form-level one. */
export type OrderFailure = { kind: 'field'; field: OrderField; problem: FieldProblem } | { kind: 'form'; problem: FieldProblem };

/** What the form shows for `createOrder`'s first error: forms/serverErrors.ts's reading, a refused field checked again with `values`. */
export function orderServerProblem(error: ServerError | null, values: OrderValues): ServerProblem<OrderField> {
  return SERVER_ERRORS.order((field) => checkOrderField(field, values))(error);
}

/** The failure of `createOrder` as the form shows it (forms/serverErrors.ts reads the codes; a refused field is checked again here). */
export function orderFailure(errors: readonly GraphQLErrorLike[] | null | undefined, values: OrderValues): OrderFailure {
  const found = orderServerProblem(firstError(errors ?? []), values);
  return found.field === null ? { kind: 'form', problem: found.problem } : { kind: 'field', field: found.field, problem: found.problem };
}

/**
 * The referral code to pre-fill from `?ref=` (LEDGER-ATTRIBUTION): trimmed and upper-cased, or ''
 * when it is missing or breaks the field's own rule (≤ 40 of [A-Za-z0-9_-]).
 */
export function initialReferralCode(param: string | null): string {
  const code = param?.trim().toUpperCase() ?? '';
  return code && fieldProblem(orderFields.referralCode, code) === null ? code : '';
}

/** The `interest` to pre-select from `?product=`: a known product slug or service, else ''. */
export function initialInterest(param: string | null, productSlugs: readonly string[]): string {
  if (!param) return '';
  return productSlugs.includes(param) || (ORDER_SERVICES as readonly string[]).includes(param) ? param : '';
}
