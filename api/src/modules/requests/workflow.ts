/**
 * The rules of the requests workflow (REQ-WORKFLOW) and of request texts (REQ-MESSAGES), as pure
 * data and zod schemas the request service (requests.ts) applies:
 * NEW → IN_REVIEW → PROPOSAL_SENT → WON; LOST from any of NEW, IN_REVIEW, PROPOSAL_SENT, and
 * from WON (a refund: the referrer's commission is taken back, LEDGER-REFUND); LOST is final. WON records the contract value (integer minor units 1..2,000,000,000 and
 * an ISO 4217 code), LOST the reason (1–1000 characters, administrators only).
 */
import { MULTI_LINE_CONTROL } from '@studio/site/fields';
import { z } from 'zod';
import { HttpError } from '../../platform/http/errors.js';

export const ORDER_STATUSES = ['NEW', 'IN_REVIEW', 'PROPOSAL_SENT', 'WON', 'LOST'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses each status may move to (REQ-WORKFLOW). */
export const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  NEW: ['IN_REVIEW', 'LOST'],
  IN_REVIEW: ['PROPOSAL_SENT', 'LOST'],
  PROPOSAL_SENT: ['WON', 'LOST'],
  WON: ['LOST'],
  LOST: [],
};

/** May a request in `from` move to `to`? */
export function canMove(from: string, to: OrderStatus): boolean {
  return (TRANSITIONS[from as OrderStatus] ?? []).includes(to);
}

/** The largest contract amount in minor units (GraphQL `Int` is 32-bit). */
export const CONTRACT_AMOUNT_MAX = 2_000_000_000;
export const LOST_REASON_MAX = 1000;
/** A message's or note's length (REQ-MESSAGES). */
export const ORDER_TEXT_MAX = 5000;

const CONTROL = 'remove the control characters (such as NUL); only tabs and line breaks are allowed in text';

/** A trimmed multi-line plain text of 1..`max` characters without control characters but tab, LF, CR. */
function plainText(max: number) {
  return z
    .string()
    .trim()
    .min(1, 'this field is required')
    .max(max, `use at most ${max} characters`)
    .refine((value) => !MULTI_LINE_CONTROL.test(value), CONTROL);
}

/** The body of a message or a note (REQ-MESSAGES). */
export const orderText = plainText(ORDER_TEXT_MAX);

/** A status change as `changeOrderStatus` asks it (REQ-WORKFLOW); what each status needs is checked by `checkStatusNeeds`. */
export const statusChangeInput = z.object({
  status: z.enum(ORDER_STATUSES),
  version: z.number().int().min(1),
  contractValue: z
    .object({
      amount: z.number().int().min(1, `use 1 to ${CONTRACT_AMOUNT_MAX} minor units`).max(CONTRACT_AMOUNT_MAX, `use 1 to ${CONTRACT_AMOUNT_MAX} minor units`),
      currency: z.string().regex(/^[A-Z]{3}$/, 'use an ISO 4217 code of three capital letters, e.g. USD'),
    })
    .nullish(),
  lostReason: plainText(LOST_REASON_MAX).nullish(),
});
export type StatusChangeInput = z.output<typeof statusChangeInput>;

/**
 * Asserts that the change carries what its status needs: WON a contract value, LOST a reason.
 * @throws HttpError 400 BAD_USER_INPUT naming `contractValue` or `lostReason`.
 */
export function checkStatusNeeds(change: StatusChangeInput): void {
  if (change.status === 'WON' && !change.contractValue) {
    throw new HttpError(400, 'BAD_USER_INPUT', 'contractValue: a won request needs its contract value', { field: 'contractValue' });
  }
  if (change.status === 'LOST' && !change.lostReason) {
    throw new HttpError(400, 'BAD_USER_INPUT', 'lostReason: say why the request was lost', { field: 'lostReason' });
  }
}

export const VERSION_CONFLICT_MESSAGE = 'This was changed since you opened it; reload to see the changes.';

/** VERSION_CONFLICT (ADMIN-CONCURRENCY): the request changed since the administrator read `version`. */
export function versionConflict(): HttpError {
  return new HttpError(409, 'VERSION_CONFLICT', VERSION_CONFLICT_MESSAGE, { field: 'version' });
}

/** INVALID_TRANSITION (REQ-WORKFLOW): the workflow does not allow this step. */
export function invalidTransition(from: string, to: OrderStatus): HttpError {
  return new HttpError(409, 'INVALID_TRANSITION', `status: a request cannot move from ${from} to ${to}`, { field: 'status' });
}
