/**
 * The requests module's one door: the order form and what follows it — the client area, the
 * back-office inbox and workflow, messages and claims of orders placed signed out. It may import
 * money (referral attribution); commissions follow its `requestStatusChanged` event.
 */
export { RequestService } from './requests.js';
export { type OrderInput, OrderService } from './service.js';
export { ORDER_STATUSES, orderText, statusChangeInput } from './workflow.js';
export { claimOrdersIfVerified } from './claims.js';
