/**
 * Orders from the order form (`/order`; ORDER-FIELDS, ORDER-MAIL): validation, spam protection, storage and the
 * e-mails (the notification to `SALES_EMAIL` for every order; the customer's confirmation in their
 * language, at most one per address an hour, orders/confirmations.ts), written in one transaction
 * with the order so that either all exist or none does (the mail outbox delivers later, also when
 * SMTP is down at the time).
 *
 * The confirmation goes to an address anyone may type, so it carries only our own text and the
 * order reference — never the visitor's name, message or other free text (ORDER-MAIL, decision 0029).
 *
 * Spam protection: a honeypot field (`website`, hidden from people; a filled one gets a
 * plausible answer and nothing is stored or sent), a rate limit per client IP address
 * (`ORDER_RATE_LIMIT_MAX` per `ORDER_RATE_LIMIT_WINDOW_SECONDS`, the `order` limit of security/limits.ts),
 * in Redis when `REDIS_URL` is set (shared by every process) with an in-memory fallback while
 * Redis is unreachable, and a proof-of-work challenge once one address has ordered more than
 * `CHALLENGE_AFTER_ORDERS` (SEC-CHALLENGE, security/challenge.ts).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { ORDER_SERVICES, type OrderBudget, locale, orderFields } from '@studio/site/fields';
import { issueText, problemText } from '@studio/site/problems';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../platform/db/types.js';
import type { Config } from '../../platform/config.js';
import { type Db, isUniqueViolation, nowIso } from '../../platform/db/index.js';
import type { MailService } from '../../platform/mail/index.js';
import { type Challenges, requireChallenge } from '../../platform/security/challenge.js';
import type { RateLimits } from '../../platform/security/limits.js';
import { claimConfirmation, pruneConfirmations } from './confirmations.js';
import { HttpError } from '../../platform/http/errors.js';
import { type AttributionProblem, attribute } from '../money/index.js';

/** Each budget range in words, as the English form shows it (`order.budget.*`; ORDER-MAIL). */
export const BUDGET_LABELS: Record<OrderBudget, string> = {
  UNDER_10K: 'Under $10,000',
  FROM_10K_TO_25K: '$10,000–25,000',
  FROM_25K_TO_50K: '$25,000–50,000',
  FROM_50K_TO_100K: '$50,000–100,000',
  OVER_100K: 'Over $100,000',
  NOT_SURE: 'Not sure yet',
};

/** Each service the form offers, as the English form names it (`order.service.*`; ORDER-MAIL). */
export const SERVICE_LABELS: Record<(typeof ORDER_SERVICES)[number], string> = {
  design: 'Product & UX design',
  engineering: 'Web & mobile apps',
  ai: 'Applied AI',
  care: 'Support & growth',
  other: 'Something else',
};

/** What the request is about in words for sales: "Solu Bank (product)", "Applied AI (service)" (ORDER-MAIL). */
export function interestLabel(interest: string, productName: string | undefined): string {
  const service = SERVICE_LABELS[interest as keyof typeof SERVICE_LABELS];
  if (service) return `${service} (service)`;
  return `${productName ?? interest} (product)`;
}

/**
 * The order form's rules (ORDER-FIELDS): the shared `orderFields` the web form checks too, the
 * mail language and the honeypot. Messages are message ids; `issueText` makes the English
 * "field: text" of the GraphQL error.
 */
export const orderInput = z.object({
  ...orderFields,
  locale,
  website: z.string().max(500).nullish(),
  /** The solved proof-of-work payload, needed only past the per-IP threshold (SEC-CHALLENGE). */
  challenge: z.string().max(4096).nullish(),
});
export type OrderInput = z.input<typeof orderInput>;

export type OrderOutcome =
  { kind: 'accepted'; reference: string } | { kind: 'invalid'; message: string; field: string } | { kind: 'rate-limited'; retryAfterSeconds: number };

/** `ST-` and six characters without look-alikes (0/O, 1/I/L): about 31 bits. */
/** How many fresh references an order tries before the unique violation is let through. */
const REFERENCE_ATTEMPTS = 5;

/**
 * The order form's referral-code refusals (LEDGER-ATTRIBUTION): REFERRAL_CODE_UNKNOWN (no such
 * active code) and REFERRAL_CODE_OWN (the orderer's own code), 400 at `referralCode`.
 */
export function referralProblem(problem: AttributionProblem): HttpError {
  return problem === 'own'
    ? new HttpError(400, 'REFERRAL_CODE_OWN', 'referralCode: your own referral code cannot be used for your own request', { field: 'referralCode' })
    : new HttpError(400, 'REFERRAL_CODE_UNKNOWN', 'referralCode: there is no active referral code like this; check it or leave the field empty', {
        field: 'referralCode',
      });
}

export function newOrderReference(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  let out = 'ST-';
  for (let i = 0; i < 6; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** What the order service is built over. */
export interface OrderServiceDeps {
  db: Db;
  mail: MailService;
  config: Pick<Config, 'mail'>;
  log: { info(obj: unknown, msg?: string): void };
  limits: RateLimits;
  challenges: Challenges;
  /** A fresh order reference (`newOrderReference`; tests pass a fixed sequence). */
  newReference?: () => string;
}

/** A valid order's input, and who it credits (LEDGER-ATTRIBUTION). */
type ValidOrder = z.output<typeof orderInput> & { referrerId: string | null; referralReview: number };

/** The order form (ORDER-FIELDS, ORDER-MAIL; see the module docstring). */
export class OrderService {
  private readonly newReference: () => string;

  constructor(private readonly deps: OrderServiceDeps) {
    this.newReference = deps.newReference ?? newOrderReference;
  }

  /**
   * Validates, rate-limits and stores an order (with the referrer its code names) and queues its e-mails.
   * @throws HttpError 428 CHALLENGE_REQUIRED / 400 CHALLENGE_INVALID past the challenge threshold
   *   (requireChallenge); 400 REFERRAL_CODE_UNKNOWN / REFERRAL_CODE_OWN (`referralProblem`).
   */
  async create(raw: OrderInput, who: { userId: string | null; ip: string | undefined }): Promise<OrderOutcome> {
    const { limits, challenges, log } = this.deps;
    const ip = who.ip ?? 'unknown';
    // A blocked address is told so before it is asked to solve anything (SEC-LIMITS, SEC-CHALLENGE).
    const blockedFor = await limits.blockedFor('order', ip);
    if (blockedFor !== null) return { kind: 'rate-limited', retryAfterSeconds: blockedFor };
    const payload = (raw as { challenge?: unknown }).challenge;
    await requireChallenge(challenges, 'order', ip, typeof payload === 'string' ? payload : null);
    const retryAfterSeconds = await limits.consume('order', ip);
    if (retryAfterSeconds !== null) return { kind: 'rate-limited', retryAfterSeconds };
    const parsed = orderInput.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'input');
      return { kind: 'invalid', message: issue.path.length ? issueText(issue) : `${field}: ${issueText(issue)}`, field };
    }
    const input = parsed.data;
    if (input.website) {
      log.info({ ip: who.ip }, 'order form: honeypot filled, order dropped');
      return { kind: 'accepted', reference: newOrderReference() };
    }
    const interest = await this.interestOf(input.interest);
    if (interest === null) return { kind: 'invalid', message: `interest: ${problemText({ id: 'order.interest.error.invalid' })}`, field: 'interest' };
    const order: ValidOrder = { ...input, ...(await this.referrerOf(input.referralCode, { userId: who.userId, email: input.email })) };
    return this.storeUnderFreshReference(order, who.userId, interestLabel(input.interest, interest.productName));
  }

  /** The interest's product name (undefined for a service), or null when it names no product nor service. */
  private async interestOf(interest: string): Promise<{ productName: string | undefined } | null> {
    if ((ORDER_SERVICES as readonly string[]).includes(interest)) return { productName: undefined };
    const product = await this.deps.db
      .selectFrom('products')
      .leftJoin('productTranslations as t', (join) => join.onRef('t.productId', '=', 'products.id').on('t.locale', '=', 'en'))
      .select(['products.slug', 't.name'])
      .where('products.slug', '=', interest)
      .executeTakeFirst();
    return product ? { productName: product.name ?? undefined } : null;
  }

  /**
   * Who the referral code credits (LEDGER-ATTRIBUTION: a code that credits no one is refused, never
   * silently accepted; LEDGER-SELF-REFERRAL: the referrer's own unverified address waits for review).
   */
  private async referrerOf(code: string | null | undefined, who: { userId: string | null; email: string }) {
    if (!code) return { referrerId: null, referralReview: 0 };
    const attribution = await attribute(this.deps.db, code, who);
    if ('problem' in attribution) throw referralProblem(attribution.problem);
    return { referrerId: attribution.referrerId, referralReview: attribution.review ? 1 : 0 };
  }

  /**
   * Stores the order under a new reference. A reference is 6 of 31 characters: a collision is rare
   * but possible. Its unique index refuses the second one, and the order is stored again under a
   * fresh reference (ORDER-MAIL).
   */
  private async storeUnderFreshReference(order: ValidOrder, userId: string | null, interest: string): Promise<OrderOutcome> {
    const { db, log } = this.deps;
    for (let attempt = 1; ; attempt++) {
      const reference = this.newReference();
      try {
        await db.transaction().execute((trx) => this.store(trx, order, userId, reference, interest));
        pruneConfirmations(db).catch((error: unknown) => log.info({ err: error }, 'order confirmations: pruning failed (retried after the next order)'));
        return { kind: 'accepted', reference };
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
        log.info({ reference, attempt }, 'order reference already taken; trying another');
      }
    }
  }

  /** The order row, its first timeline row (NEW, REQ-WORKFLOW) and its two mails, in `trx`. */
  private async store(trx: Transaction<Database>, order: ValidOrder, userId: string | null, reference: string, interest: string): Promise<void> {
    const id = randomUUID();
    const created = nowIso();
    const referralCode = order.referralCode ? order.referralCode.toUpperCase() : null;
    await trx
      .insertInto('orders')
      .values({
        id,
        reference,
        name: order.name,
        email: order.email,
        company: order.company || null,
        interest: order.interest,
        budget: order.budget,
        message: order.message,
        referralCode,
        referrerId: order.referrerId,
        referralReview: order.referralReview,
        locale: order.locale,
        userId,
        created,
        updated: created,
      })
      .execute();
    await trx.insertInto('orderStatusChanges').values({ id: randomUUID(), orderId: id, status: 'NEW', authorId: null, created }).execute();
    await this.mailOrder(trx, order, reference, interest, referralCode);
  }

  /** ORDER-MAIL: the client's confirmation (our own words and the reference only, one per address an hour) and the notice to sales. */
  private async mailOrder(trx: Transaction<Database>, order: ValidOrder, reference: string, interest: string, referralCode: string | null): Promise<void> {
    const { mail, config, log } = this.deps;
    if (await claimConfirmation(trx, order.email)) {
      await mail.send(
        { to: order.email, template: 'orderReceived', locale: order.locale, params: { reference }, key: `order:${reference}:customer` },
        { db: trx },
      );
    } else {
      log.info({ reference }, 'order stored; its confirmation skipped (one went to this address within the hour)');
    }
    const summary = [
      `Interest: ${interest}`,
      `Budget: ${BUDGET_LABELS[order.budget]}`,
      `Company: ${order.company || '—'}`,
      `Referral code: ${referralCode ?? '—'}`,
      '',
      order.message,
    ].join('\n');
    await mail.send(
      {
        to: config.mail.salesEmail,
        template: 'orderNotification',
        locale: 'en',
        params: { reference, name: order.name, email: order.email, summary, customerLocale: order.locale },
        key: `order:${reference}:sales`,
      },
      { db: trx },
    );
  }
}
