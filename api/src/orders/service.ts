/**
 * Orders from the order form (`/order`, issue 5): validation, spam protection, storage and the
 * two e-mails (the customer's confirmation in their language, the notification to
 * `SALES_EMAIL`), written in one transaction with the order so that either all three exist or
 * none does (the mail outbox delivers later, also when SMTP is down at the time).
 *
 * Spam protection: a honeypot field (`website`, hidden from people; a filled one gets a
 * plausible answer and nothing is stored or sent) and a rate limit per client IP address
 * (`ORDER_RATE_LIMIT_MAX` per `ORDER_RATE_LIMIT_WINDOW_SECONDS`, the `order` limit of security/limits.ts),
 * in Redis when `REDIS_URL` is set (shared by every process) with an in-memory fallback while
 * Redis is unreachable.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { RateLimits } from '../security/limits.js';
import { z } from 'zod';
import type { Config } from '../config.js';
import { type Db, nowIso } from '../db/index.js';
import type { MailService } from '../mail/index.js';
import type { MailLocale } from '../mail/templates.js';

/** The services an order may be about besides the catalogue's products (the home page's services). */
export const ORDER_SERVICES = ['design', 'engineering', 'ai', 'care', 'other'] as const;
export const ORDER_BUDGETS = ['UNDER_10K', 'FROM_10K_TO_25K', 'FROM_25K_TO_50K', 'FROM_50K_TO_100K', 'OVER_100K', 'NOT_SURE'] as const;
const BUDGET_LABELS: Record<(typeof ORDER_BUDGETS)[number], string> = {
  UNDER_10K: 'under 10,000 USD',
  FROM_10K_TO_25K: '10,000–25,000 USD',
  FROM_25K_TO_50K: '25,000–50,000 USD',
  FROM_50K_TO_100K: '50,000–100,000 USD',
  OVER_100K: 'over 100,000 USD',
  NOT_SURE: 'not decided',
};

/**
 * The order form's rules; the web form (web/src/features/order/validation.ts) applies the same
 * limits so that a person sees the message before sending. Messages name the field first.
 */
export const orderInput = z.object({
  name: z.string().trim().min(1, 'name: enter your name').max(100, 'name: at most 100 characters'),
  email: z.string().trim().max(254, 'email: at most 254 characters').pipe(z.email('email: not a valid e-mail address')),
  company: z.string().trim().max(200, 'company: at most 200 characters').optional().nullable(),
  interest: z.string().trim().min(1, 'interest: choose what the order is about').max(60),
  budget: z.enum(ORDER_BUDGETS, { message: 'budget: choose a budget range' }),
  message: z.string().trim().min(10, 'message: at least 10 characters').max(5000, 'message: at most 5000 characters'),
  consent: z.literal(true, { message: 'consent: the privacy policy must be accepted' }),
  referralCode: z
    .string()
    .trim()
    .max(40, 'referralCode: at most 40 characters')
    .regex(/^[A-Za-z0-9_-]*$/, 'referralCode: letters, digits, - and _ only')
    .optional()
    .nullable(),
  locale: z.enum(['en', 'ru', 'es']),
  website: z.string().max(500).optional().nullable(),
});
export type OrderInput = z.input<typeof orderInput>;

export type OrderOutcome =
  | { kind: 'accepted'; reference: string }
  | { kind: 'invalid'; message: string; field: string }
  | { kind: 'rate-limited'; retryAfterSeconds: number };

export interface OrderService {
  /** Validates, rate-limits and stores an order and queues its two e-mails. */
  create(input: OrderInput, who: { userId: string | null; ip: string | undefined }): Promise<OrderOutcome>;
}

/** `ST-` and six characters without look-alikes (0/O, 1/I/L): about 31 bits. */
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
): OrderService {
  return {
    async create(raw, who) {
      const retryAfterSeconds = await limits.consume('order', who.ip ?? 'unknown');
      if (retryAfterSeconds !== null) return { kind: 'rate-limited', retryAfterSeconds };
      const parsed = orderInput.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? 'input');
        const message = issue?.message.includes(':') ? issue.message : `${field}: ${issue?.message ?? 'invalid'}`;
        return { kind: 'invalid', message, field };
      }
      const input = parsed.data;
      if (input.website) {
        log.info({ ip: who.ip }, 'order form: honeypot filled, order dropped');
        return { kind: 'accepted', reference: newOrderReference() };
      }
      const isService = (ORDER_SERVICES as readonly string[]).includes(input.interest);
      const product = isService ? undefined : await db.selectFrom('products').select('slug').where('slug', '=', input.interest).executeTakeFirst();
      if (!isService && !product) return { kind: 'invalid', message: 'interest: not a product or service of the catalogue', field: 'interest' };

      const reference = newOrderReference();
      const locale = input.locale as MailLocale;
      const summary = [
        `Interest: ${input.interest}`,
        `Budget: ${BUDGET_LABELS[input.budget]}`,
        `Company: ${input.company || '—'}`,
        `Referral code: ${input.referralCode || '—'}`,
        '',
        input.message,
      ].join('\n');
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('orders')
          .values({
            id: randomUUID(),
            reference,
            name: input.name,
            email: input.email,
            company: input.company || null,
            interest: input.interest,
            budget: input.budget,
            message: input.message,
            referralCode: input.referralCode || null,
            locale,
            userId: who.userId,
            created: nowIso(),
          })
          .execute();
        await mail.send(
          { to: input.email, template: 'orderReceived', locale, params: { name: input.name, reference, summary: input.message }, key: `order:${reference}:customer` },
          { db: trx },
        );
        await mail.send(
          {
            to: config.mail.salesEmail,
            template: 'orderNotification',
            locale: 'en',
            params: { reference, name: input.name, email: input.email, summary, customerLocale: locale },
            key: `order:${reference}:sales`,
          },
          { db: trx },
        );
      });
      return { kind: 'accepted', reference };
    },
  };
}
