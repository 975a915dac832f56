/**
 * The tables of requests, the back office and the client area, split from types.ts: the orders
 * of the order form with their workflow columns (migrations 0004, 0012), a request's status timeline, its conversation and internal notes (REQ-WORKFLOW, REQ-MESSAGES), and
 * the audit log of administrators' actions (ADMIN-AUDIT). Same conventions as types.ts: camelCase
 * here, ids and times as text, booleans as 0/1.
 */
import type { Generated, Selectable } from 'kysely';

/** An order from the order form (/order). `reference` is what the customer and sales see. */
export interface OrdersTable {
  id: string;
  reference: string;
  name: string;
  email: string;
  company: string | null;
  interest: string;
  budget: string;
  message: string;
  referralCode: string | null;
  /** The referrer the order was attributed to when placed (LEDGER-ATTRIBUTION); null when none or deleted. */
  referrerId: Generated<string | null>;
  /** 1: placed with the referrer's own unverified address, the commission is held for review (LEDGER-SELF-REFERRAL). */
  referralReview: Generated<number>;
  locale: string;
  /** The client's account: the user who placed it signed in, or who verified its e-mail address (REQ-CLAIM). */
  userId: string | null;
  created: string;
  /** REQ-WORKFLOW: NEW, IN_REVIEW, PROPOSAL_SENT, WON or LOST. */
  status: Generated<string>;
  /** The administrator working the request. */
  assigneeId: Generated<string | null>;
  /** A won request's contract value in integer minor units of `contractCurrency`. */
  contractAmount: Generated<number | null>;
  contractCurrency: Generated<string | null>;
  /** Why a lost request was lost (administrators only). */
  lostReason: Generated<string | null>;
  updated: string;
  /** Optimistic concurrency: one more with every change of the request. */
  version: Generated<number>;
}

/** One status a request entered (its timeline). `authorId` null: the system (NEW at creation). */
export interface OrderStatusChangesTable {
  id: string;
  orderId: string;
  status: string;
  authorId: string | null;
  created: string;
}

/** A message of a request's conversation (`fromStudio` 0/1), or an internal note (`internal` 1). */
export interface OrderMessagesTable {
  id: string;
  orderId: string;
  authorId: string | null;
  /** The author's display name at the time. */
  authorName: string;
  fromStudio: number;
  internal: Generated<number>;
  body: string;
  created: string;
}

/** One administrator's action (ADMIN-AUDIT); `before`/`after` are JSON objects of the changed fields. */
export interface AuditLogTable {
  id: string;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  /** The database id of the object acted on. */
  targetId: string;
  targetLabel: string;
  before: string | null;
  after: string | null;
  created: string;
}

export type OrderRow = Selectable<OrdersTable>;
export type OrderStatusChangeRow = Selectable<OrderStatusChangesTable>;
export type OrderMessageRow = Selectable<OrderMessagesTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
