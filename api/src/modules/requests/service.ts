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
import { z } from 'zod';
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

export interface OrderService {
  /**
   * Validates, rate-limits and stores an order (with the referrer its code names) and queues its e-mails.
   * @throws HttpError 428 CHALLENGE_REQUIRED / 400 CHALLENGE_INVALID past the challenge threshold
   *   (requireChallenge); 400 REFERRAL_CODE_UNKNOWN / REFERRAL_CODE_OWN (`referralProblem`).
   */
  create(input: OrderInput, who: { userId: string | null; ip: string | undefined }): Promise<OrderOutcome>;
}

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

export function createOrderService(
  db: Db,
  mail: MailService,
  config: Pick<Config, 'mail'>,
  log: { info(obj: unknown, msg?: string): void },
  limits: RateLimits,
  challenges: Challenges,
  newReference: () => string = newOrderReference,
): OrderService {
  return {
    async create(raw, who) {
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
      const isService = (ORDER_SERVICES as readonly string[]).includes(input.interest);
      const product = isService
        ? undefined
        : await db
            .selectFrom('products')
            .leftJoin('productTranslations as t', (join) => join.onRef('t.productId', '=', 'products.id').on('t.locale', '=', 'en'))
            .select(['products.slug', 't.name'])
            .where('products.slug', '=', input.interest)
            .executeTakeFirst();
      if (!isService && !product) return { kind: 'invalid', message: `interest: ${problemText({ id: 'order.interest.error.invalid' })}`, field: 'interest' };
      // LEDGER-ATTRIBUTION: a code that credits no one is refused, never silently accepted.
      let referrerId: string | null = null;
      let referralReview = 0;
      if (input.referralCode) {
        const attribution = await attribute(db, input.referralCode, { userId: who.userId, email: input.email });
        if ('problem' in attribution) throw referralProblem(attribution.problem);
        referrerId = attribution.referrerId;
        // LEDGER-SELF-REFERRAL: the referrer's own unverified address; the commission waits for review.
        referralReview = attribution.review ? 1 : 0;
      }

      const summary = [
        `Interest: ${interestLabel(input.interest, product?.name ?? undefined)}`,
        `Budget: ${BUDGET_LABELS[input.budget]}`,
        `Company: ${input.company || '—'}`,
        `Referral code: ${input.referralCode ? input.referralCode.toUpperCase() : '—'}`,
        '',
        input.message,
      ].join('\n');
      const store = (reference: string) =>
        db.transaction().execute(async (trx) => {
          const id = randomUUID();
          const created = nowIso();
          await trx
            .insertInto('orders')
            .values({
              id,
              reference,
              name: input.name,
              email: input.email,
              company: input.company || null,
              interest: input.interest,
              budget: input.budget,
              message: input.message,
              referralCode: input.referralCode ? input.referralCode.toUpperCase() : null,
              referrerId,
              referralReview,
              locale: input.locale,
              userId: who.userId,
              created,
              updated: created,
            })
            .execute();
          // The timeline starts with NEW (REQ-WORKFLOW).
          await trx.insertInto('orderStatusChanges').values({ id: randomUUID(), orderId: id, status: 'NEW', authorId: null, created }).execute();
          // ORDER-MAIL: our own words and the reference only, and one confirmation per address an hour.
          if (await claimConfirmation(trx, input.email)) {
            await mail.send(
              { to: input.email, template: 'orderReceived', locale: input.locale, params: { reference }, key: `order:${reference}:customer` },
              { db: trx },
            );
          } else {
            log.info({ reference }, 'order stored; its confirmation skipped (one went to this address within the hour)');
          }
          await mail.send(
            {
              to: config.mail.salesEmail,
              template: 'orderNotification',
              locale: 'en',
              params: { reference, name: input.name, email: input.email, summary, customerLocale: input.locale },
              key: `order:${reference}:sales`,
            },
            { db: trx },
          );
        });
      // A reference is 6 of 31 characters: a collision is rare but possible. Its unique index refuses
      // the second one, and the order is stored again under a fresh reference (ORDER-MAIL).
      for (let attempt = 1; ; attempt++) {
        const reference = newReference();
        try {
          await store(reference);
          pruneConfirmations(db).catch((error: unknown) => log.info({ err: error }, 'order confirmations: pruning failed (retried after the next order)'));
          return { kind: 'accepted', reference };
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= REFERENCE_ATTEMPTS) throw error;
          log.info({ reference, attempt }, 'order reference already taken; trying another');
        }
      }
    },
  };
}
