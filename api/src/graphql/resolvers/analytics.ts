/**
 * `Query.analytics` (ANALYTICS-REPORT, decision 0036): the administrators' visit statistics over
 * the last `days` UTC days (1–366, default 30), today included. Administrators only (ACC-POLICY:
 * UNAUTHENTICATED without a token, FORBIDDEN for others); the queries are analytics/reports.ts's.
 */
import { badInput } from '../../platform/graphql/errors.js';
import { type Ctx, requireAdmin } from './common.js';

/** Days reported when `days` is omitted. */
export const DEFAULT_DAYS = 30;
/** The most days that may be asked for. */
export const MAX_DAYS = 366;

/** `Query.analytics`: administrators only; `days` out of 1–366 is BAD_USER_INPUT naming `days`. */
export const analyticsResolvers = {
  Query: {
    async analytics(_: unknown, args: { days?: number | null }, ctx: Ctx) {
      requireAdmin(ctx);
      const days = args.days ?? DEFAULT_DAYS;
      if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw badInput(`days: must be a whole number from 1 to ${MAX_DAYS}`, 'days');
      const now = Date.now();
      const to = new Date(now).toISOString().slice(0, 10);
      const from = new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
      return ctx.analytics.report(from, to);
    },
  },
};
