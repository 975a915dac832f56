/**
 * Every mail template (MAIL-OUTBOX): which messages of the catalogues (messages/*.json) go into
 * which blocks, with which values. render.ts turns the blocks into HTML and text.
 */
import { CODE_MAILS } from './codeMails.js';
import { ORDER_MAILS } from './orderMails.js';
import { PAYOUT_MAILS } from './payoutMails.js';
import { RECOVERY_MAILS } from './recoveryMails.js';
import { SECURITY_MAILS } from './securityMails.js';
import type { Mails } from './templates.js';

/** The templates, each written once for every language. */
export const MAILS: Mails = { ...CODE_MAILS, ...ORDER_MAILS, ...SECURITY_MAILS, ...RECOVERY_MAILS, ...PAYOUT_MAILS };
