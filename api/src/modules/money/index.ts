/**
 * The money module's one door: the referral ledger (double-entry, integer minor units) and payouts
 * (methods, requests, Stripe transfers and webhooks). It may import identity (the proof window,
 * the current-password check); it reacts to the other modules' events in the composition root.
 */
export { toMinor } from './ledger/book.js';
export { attribute, type AttributionProblem } from './ledger/referrals.js';
export { LedgerService, type Movement } from './ledger/service.js';
export { PayoutMethods } from './payouts/methods.js';
export { maskedDetails, PayoutService } from './payouts/service.js';
export { createStripeClient } from './payouts/stripe.js';
export { registerEventJob, type WebhookDeps, webhookRoutes } from './payouts/webhooks.js';
export { pausePayouts } from './payouts/safety.js';
