/**
 * Stripe webhooks (PAYOUT-WEBHOOKS): `POST /api/webhooks/stripe` (the platform's events) and
 * `POST /api/webhooks/stripe-connect` (connected accounts' events). Each route keeps its raw body
 * (a JSON parser of its own, scoped to these routes), verifies `Stripe-Signature` against it with
 * `stripe.webhooks.constructEvent` (400 and nothing stored when it fails, or when the signed
 * timestamp is more than 300 s ahead of this server's clock), stores the event id once
 * (a duplicate answers 200 and does nothing), queues the `stripe.event` job in the same transaction
 * and answers 200 at once. The job re-reads the object from Stripe and acts on what Stripe says now,
 * so events that arrive late, twice or out of order change nothing they should not: an ended payout
 * stays ended (PayoutService.finish moves only open ones), a reversal is posted once.
 *
 * Transfer events (decision 0041): Stripe sends `transfer.created`, `transfer.updated` and
 * `transfer.reversed` (partial reversals too) — no `transfer.paid` or `transfer.failed` since API
 * version 2017-04-06. Whatever the type (a legacy `transfer.paid` included), the event only means
 * "look again": the re-read transfer settles an open payout (PAID) and its reversals are posted
 * (StripeTransfers.sync).
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../platform/config.js';
import { type Db, nowIso } from '../../../platform/db/index.js';
import type { JobQueue } from '../../../platform/jobs/types.js';
import type { PayoutMethods } from './methods.js';
import type { PayoutService } from './service.js';
import { type StripeClient, stripeJobTimeoutMs } from './stripe.js';

/** The job that acts on one stored event. */
export const EVENT_JOB = 'stripe.event';

type Endpoint = 'platform' | 'connect';

export interface WebhookDeps {
  db: Db;
  jobs: JobQueue;
  config: Pick<Config, 'payouts' | 'jobs'>;
  stripe: StripeClient | null;
  payouts: PayoutService;
  methods: PayoutMethods;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

/** Registers the event job: re-read the object, then act (see the module docstring). */
export function registerEventJob(deps: WebhookDeps): void {
  deps.jobs.register<{ eventId: string }>({
    kind: EVENT_JOB,
    timeoutMs: stripeJobTimeoutMs(deps.config.jobs.leaseMs),
    run: async ({ eventId }) => {
      const event = await deps.db.selectFrom('stripeEvents').selectAll().where('id', '=', eventId).executeTakeFirst();
      if (!event?.objectId || !deps.stripe) return;
      if (event.type === 'account.updated') return deps.methods.syncAccount(event.objectId);
      if (event.type.startsWith('transfer.')) {
        const transfer = await deps.stripe.transfers.retrieve(event.objectId).catch((error: unknown) => {
          // Stripe does not know it (a forged or foreign id that passed the signature check?): nothing to retry.
          if ((error as { statusCode?: number }).statusCode === 404) return null;
          throw error;
        });
        if (!transfer) return deps.log.warn({ eventId, transfer: event.objectId }, 'stripe event: Stripe does not know this transfer');
        const payoutId = transfer.metadata?.['payoutId'] ?? transfer.transfer_group;
        const payout = payoutId
          ? await deps.payouts.byId(payoutId)
          : await deps.db.selectFrom('payouts').selectAll().where('stripeTransferId', '=', transfer.id).executeTakeFirst();
        if (!payout || payout.method !== 'STRIPE') return deps.log.warn({ eventId, transfer: transfer.id }, 'stripe event: no payout for this transfer');
        return deps.payouts.transfers.sync(payout.id, transfer);
      }
      deps.log.info({ eventId, type: event.type }, 'stripe event stored; nothing to do for this type');
    },
  });
}

/** The webhook routes (a plugin scope of their own, so only they keep raw bodies). */
export async function webhookRoutes(app: FastifyInstance, deps: WebhookDeps): Promise<void> {
  const secrets: Record<Endpoint, string | null> = {
    platform: deps.config.payouts.stripe?.webhookSecret ?? null,
    connect: deps.config.payouts.stripe?.connectWebhookSecret ?? null,
  };
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    for (const [path, endpoint] of [
      ['/api/webhooks/stripe', 'platform'],
      ['/api/webhooks/stripe-connect', 'connect'],
    ] as const) {
      scope.post(path, async (request, reply) => {
        const secret = secrets[endpoint];
        if (!deps.stripe || !secret)
          return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Stripe webhooks are not configured on this server' } });
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
          return reply.status(400).send({ error: { code: 'BAD_SIGNATURE', message: 'a Stripe event needs its JSON body and the Stripe-Signature header' } });
        }
        let event;
        try {
          event = deps.stripe.webhooks.constructEvent(request.body, signature, secret);
        } catch {
          return reply.status(400).send({ error: { code: 'BAD_SIGNATURE', message: 'the Stripe-Signature header does not match this body' } });
        }
        // constructEvent bounds only the past; a signed `t=` ahead of our clock by more than the
        // same 300 s is refused too (PAYOUT-WEBHOOKS). Read as the SDK does: the last `t=` counts.
        const signedAt = signature.split(',').reduce((t, item) => (item.trim().startsWith('t=') ? Number(item.trim().slice(2)) : t), Number.NaN);
        if (!(signedAt <= Date.now() / 1000 + 300)) {
          return reply.status(400).send({ error: { code: 'BAD_SIGNATURE', message: 'the Stripe-Signature timestamp is in the future' } });
        }
        const objectId = (event.data?.object as { id?: unknown } | undefined)?.id;
        await deps.db.transaction().execute(async (trx) => {
          const inserted = await trx
            .insertInto('stripeEvents')
            .values({ id: event.id, type: event.type, endpoint, objectId: typeof objectId === 'string' ? objectId : null, created: nowIso() })
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1)
            await deps.jobs.enqueue(EVENT_JOB, { eventId: event.id }, { db: trx, key: `${EVENT_JOB}:${event.id}` });
        });
        return reply.status(200).send({ received: true });
      });
    }
  });
}
