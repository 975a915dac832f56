/**
 * The order form's `createOrder` (ORDER-FIELDS, ORDER-MAIL): anyone may order; the rules, the
 * per-IP limit and the mails are orders/service.ts's. Its outcomes become GraphQL errors here;
 * past the per-IP challenge threshold `CHALLENGE_REQUIRED` (with `challengeUrl`) or
 * `CHALLENGE_INVALID` (SEC-CHALLENGE).
 */
import { GraphQLError } from 'graphql';
import type { OrderInput } from '../../modules/requests/index.js';
import { badInput } from '../../platform/graphql/errors.js';
import { type Ctx, localeOf } from './common.js';

export const orderResolvers = {
  Mutation: {
    async createOrder(_: unknown, { input }: { input: Record<string, unknown> }, ctx: Ctx) {
      const outcome = await ctx.orders.create({ ...input, locale: localeOf(input['locale']) } as OrderInput, {
        userId: ctx.viewer?.userId ?? null,
        ip: ctx.clientIp,
      });
      if (outcome.kind === 'invalid') throw badInput(outcome.message, outcome.field);
      if (outcome.kind === 'rate-limited') {
        throw new GraphQLError(`Too many orders from this address; try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minutes.`, {
          extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: outcome.retryAfterSeconds },
        });
      }
      return { reference: outcome.reference };
    },
  },
};
