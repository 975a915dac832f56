/**
 * The fake's in-memory Stripe objects and the rules of the few endpoints the payouts code calls:
 * Connect accounts (created incomplete, completed by the onboarding page or a test), account
 * links, transfers (to a complete account only, out of a per-currency platform balance) and
 * their reversals. Objects are shaped like Stripe's (`object`, `id` prefixes acct_/tr_/trr_,
 * `livemode: false`, `created` in Unix seconds, amounts in integer minor units, currencies in
 * lower case). Rule failures throw `FakeStripeError` (status + Stripe error `type`/`code`).
 */
import { randomBytes } from 'node:crypto';
import { type FormObject, metadataOf, obj, str } from './form.js';

/** A Connect account as the fake stores and answers it (a subset of Stripe's `Account`). */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  country: string;
  email: string | null;
  default_currency: string;
  business_type: null;
  created: number;
  livemode: false;
  details_submitted: boolean;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  /** Requested capabilities: `inactive` until onboarding completes, then `active`. */
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  requirements: { currently_due: string[]; eventually_due: string[]; past_due: string[]; disabled_reason: string | null };
  tos_acceptance: { service_agreement: string };
  metadata: Record<string, string>;
}

/** A transfer reversal (Stripe's `TransferReversal`). */
export interface FakeTransferReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  created: number;
  transfer: string;
  metadata: Record<string, string>;
}

/** A transfer to a connected account (a subset of Stripe's `Transfer`). */
export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  created: number;
  description: string | null;
  destination: string;
  destination_payment: string;
  livemode: false;
  metadata: Record<string, string>;
  reversals: { object: 'list'; data: FakeTransferReversal[]; has_more: false; total_count: number; url: string };
  reversed: boolean;
  source_transaction: null;
  source_type: 'card';
  transfer_group: string | null;
}

/** A page of a Stripe list (`object: 'list'`). */
export interface FakeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** A Stripe-style API error: HTTP status and the `error` object's fields. */
export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

/** Stripe's error `type` for an HTTP status (what the SDK maps to its error classes). */
export function errorTypeFor(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'card_error';
  if (status === 409) return 'idempotency_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

/** A Stripe-like id: `prefix_` and 24 random base62-ish characters. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
}

/** Now in Unix seconds, as Stripe's `created`. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const CURRENCY_OF: Record<string, string> = { US: 'usd', GB: 'gbp', CA: 'cad', AU: 'aud', JP: 'jpy', CH: 'chf' };
const DUE = ['business_profile.url', 'external_account', 'individual.dob.day', 'tos_acceptance.date'];
/** Balance of a currency no test configured: 1,000,000.00 in minor units. */
export const DEFAULT_BALANCE = 100_000_000;

const invalid = (message: string, param?: string, code = 'parameter_missing'): FakeStripeError =>
  new FakeStripeError(400, 'invalid_request_error', code, message, param);
const missing = (what: string, id: string, param?: string): FakeStripeError =>
  new FakeStripeError(404, 'invalid_request_error', 'resource_missing', `No such ${what}: '${id}'`, param);

/** `items` (newest first) after `starting_after`, at most `limit` (1–100, default 10) of them. */
function page<T extends { id: string }>(items: T[], query: FormObject, url: string): FakeList<T> {
  const limitText = str(query, 'limit');
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalid('Invalid integer: limit must be between 1 and 100', 'limit', 'parameter_invalid_integer');
  const after = str(query, 'starting_after');
  const start = after === undefined ? 0 : items.findIndex((item) => item.id === after) + 1;
  if (after !== undefined && start === 0) throw missing('object', after, 'starting_after');
  const data = items.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < items.length, url };
}

/** The fake's objects and the endpoints' rules (see the module comment). */
export class FakeStripeStore {
  readonly accounts = new Map<string, FakeAccount>();
  readonly transfers = new Map<string, FakeTransfer>();
  /** Platform balance per lower-case currency, minor units (unknown currencies start at DEFAULT_BALANCE). */
  readonly balances = new Map<string, number>();

  constructor(initialBalances: Record<string, number> = {}) {
    for (const [currency, amount] of Object.entries(initialBalances)) this.balances.set(currency.toLowerCase(), amount);
  }

  /** POST /v1/accounts: a new, incomplete account with the requested capabilities `inactive`. */
  createAccount(form: FormObject): FakeAccount {
    const country = (str(form, 'country') ?? 'US').toUpperCase();
    const capabilities: FakeAccount['capabilities'] = {};
    for (const [name, value] of Object.entries(obj(form, 'capabilities') ?? {})) {
      if (typeof value === 'object' && !Array.isArray(value) && value.requested === 'true') capabilities[name] = 'inactive';
    }
    const account: FakeAccount = {
      id: newId('acct'),
      object: 'account',
      type: str(form, 'type') ?? 'express',
      country,
      email: str(form, 'email') ?? null,
      default_currency: CURRENCY_OF[country] ?? 'eur',
      business_type: null,
      created: nowSeconds(),
      livemode: false,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities,
      requirements: { currently_due: [...DUE], eventually_due: [...DUE], past_due: [], disabled_reason: 'requirements.past_due' },
      tos_acceptance: { service_agreement: str(obj(form, 'tos_acceptance') ?? {}, 'service_agreement') ?? 'full' },
      metadata: metadataOf(form),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  /** GET /v1/accounts/:id; 404 `resource_missing` when unknown. */
  account(id: string): FakeAccount {
    const account = this.accounts.get(id);
    if (!account) throw missing('account', id);
    return account;
  }

  /** Onboarding done: details submitted, payouts enabled, every requested capability `active`. */
  completeOnboarding(id: string): FakeAccount {
    const account = this.account(id);
    account.details_submitted = true;
    account.payouts_enabled = true;
    for (const name of Object.keys(account.capabilities)) account.capabilities[name] = 'active';
    account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null };
    return account;
  }

  /** POST /v1/account_links: the fake's onboarding page for the account, valid five minutes. */
  createAccountLink(form: FormObject, baseUrl: string): { object: 'account_link'; created: number; expires_at: number; url: string } {
    const accountId = str(form, 'account');
    if (!accountId) throw invalid('Missing required param: account.', 'account');
    this.account(accountId);
    const type = str(form, 'type');
    if (type !== 'account_onboarding' && type !== 'account_update')
      throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type', 'parameter_invalid');
    const returnUrl = str(form, 'return_url');
    const refreshUrl = str(form, 'refresh_url');
    if (!returnUrl) throw invalid('Missing required param: return_url.', 'return_url');
    if (!refreshUrl) throw invalid('Missing required param: refresh_url.', 'refresh_url');
    const query = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl });
    const created = nowSeconds();
    return { object: 'account_link', created, expires_at: created + 300, url: `${baseUrl}/connect/onboarding/${accountId}?${query}` };
  }

  /** Available platform balance of a currency, minor units. */
  balanceOf(currency: string): number {
    return this.balances.get(currency) ?? DEFAULT_BALANCE;
  }

  /**
   * POST /v1/transfers: 400 `account_invalid` unless the destination exists and finished
   * onboarding; 400 `balance_insufficient` beyond the platform balance of the currency.
   */
  createTransfer(form: FormObject): FakeTransfer {
    const amountText = str(form, 'amount');
    const currency = str(form, 'currency');
    const destination = str(form, 'destination');
    if (!amountText) throw invalid('Missing required param: amount.', 'amount');
    if (!currency) throw invalid('Missing required param: currency.', 'currency');
    if (!destination) throw invalid('Missing required param: destination.', 'destination');
    const amount = Number(amountText);
    if (!/^\d+$/.test(amountText) || amount <= 0) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, 'currency', 'parameter_invalid');
    const account = this.accounts.get(destination);
    if (!account) throw invalid(`No such destination: '${destination}'`, 'destination', 'account_invalid');
    if (!account.payouts_enabled || account.capabilities.transfers !== 'active') {
      throw invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers', 'destination', 'account_invalid');
    }
    if (this.balanceOf(currency) < amount) {
      throw invalid('You have insufficient available funds in your Stripe account.', undefined, 'balance_insufficient');
    }
    this.balances.set(currency, this.balanceOf(currency) - amount);
    const id = newId('tr');
    const transfer: FakeTransfer = {
      id,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency,
      created: nowSeconds(),
      description: str(form, 'description') ?? null,
      destination,
      destination_payment: newId('py'),
      livemode: false,
      metadata: metadataOf(form),
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/transfers/${id}/reversals` },
      reversed: false,
      source_transaction: null,
      source_type: 'card',
      transfer_group: str(form, 'transfer_group') ?? null,
    };
    this.transfers.set(id, transfer);
    return transfer;
  }

  /** GET /v1/transfers/:id; 404 `resource_missing` when unknown. */
  transfer(id: string): FakeTransfer {
    const transfer = this.transfers.get(id);
    if (!transfer) throw missing('transfer', id);
    return transfer;
  }

  /**
   * GET /v1/transfers: the transfers newest first as a Stripe list, filtered by `transfer_group`
   * and `destination` when given; `limit` (1–100, default 10) and `starting_after` page through them.
   */
  listTransfers(query: FormObject): FakeList<FakeTransfer> {
    const group = str(query, 'transfer_group');
    const destination = str(query, 'destination');
    const all = [...this.transfers.values()]
      .reverse()
      .filter((t) => (group === undefined || t.transfer_group === group) && (destination === undefined || t.destination === destination));
    return page(all, query, '/v1/transfers');
  }

  /** GET /v1/transfers/:id/reversals: the transfer's reversals newest first, paged like `listTransfers`. */
  listReversals(id: string, query: FormObject): FakeList<FakeTransferReversal> {
    return page(this.transfer(id).reversals.data, query, `/v1/transfers/${id}/reversals`);
  }

  /**
   * POST /v1/transfers/:id/reversals: reverses `amount` (default: all that is left); the money
   * returns to the platform balance and the transfer is `reversed` once nothing is left.
   */
  reverseTransfer(id: string, form: FormObject = {}): FakeTransferReversal {
    const transfer = this.transfer(id);
    const left = transfer.amount - transfer.amount_reversed;
    const amountText = str(form, 'amount');
    const amount = amountText === undefined ? left : Number(amountText);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      throw invalid(`Refund amount (${amount}) is greater than unrefunded amount on transfer (${left})`, 'amount', 'parameter_invalid_integer');
    }
    const reversal: FakeTransferReversal = {
      id: newId('trr'),
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      created: nowSeconds(),
      transfer: id,
      metadata: metadataOf(form),
    };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    this.balances.set(transfer.currency, this.balanceOf(transfer.currency) + amount);
    return reversal;
  }

  /** GET /v1/balance: available per currency (usd, eur and any configured or used), nothing pending. */
  balance(): { object: 'balance'; livemode: false; available: { amount: number; currency: string }[]; pending: { amount: number; currency: string }[] } {
    const currencies = [...new Set(['usd', 'eur', ...this.balances.keys()])];
    return {
      object: 'balance',
      livemode: false,
      available: currencies.map((currency) => ({ amount: this.balanceOf(currency), currency })),
      pending: currencies.map((currency) => ({ amount: 0, currency })),
    };
  }
}
