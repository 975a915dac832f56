/**
 * The resolvers of schema/schema.graphql, one module per domain. Parents are database rows; ids
 * leave as global ids (ids.ts). Resolvers decode arguments, check the policy (policy.ts,
 * ACC-POLICY), call a service and map ids; the services own the rules and the queries.
 */
import { adminResolvers } from './admin.js';
import { analyticsResolvers } from './analytics.js';
import { credentialResolvers } from './credentials.js';
import { ledgerResolvers } from './ledger.js';
import { newsResolvers } from './news.js';
import { nodeResolvers } from './node.js';
import { payoutResolvers } from './payouts.js';
import { orderResolvers } from './orders.js';
import { productResolvers } from './products.js';
import { requestResolvers } from './requests.js';
import { securityResolvers } from './security.js';
import { sessionResolvers } from './sessions.js';
import { subscriptionResolvers } from './subscriptions.js';
import { userResolvers } from './user.js';

export const resolvers = {
  Node: nodeResolvers.Node,
  Query: {
    ...nodeResolvers.Query,
    ...userResolvers.Query,
    ...productResolvers.Query,
    ...newsResolvers.Query,
    ...adminResolvers.Query,
    ...requestResolvers.Query,
    ...ledgerResolvers.Query,
    ...payoutResolvers.Query,
    ...analyticsResolvers.Query,
  },
  User: {
    ...userResolvers.User,
    ...sessionResolvers.User,
    ...adminResolvers.User,
    ...requestResolvers.User,
    ...ledgerResolvers.User,
    ...payoutResolvers.User,
    ...securityResolvers.User,
  },
  AuditEntry: adminResolvers.AuditEntry,
  Session: sessionResolvers.Session,
  Passkey: securityResolvers.Passkey,
  SecurityEvent: securityResolvers.SecurityEvent,
  Image: userResolvers.Image,
  ServiceAccount: userResolvers.ServiceAccount,
  ReferralCode: userResolvers.ReferralCode,
  Product: productResolvers.Product,
  NewsItem: newsResolvers.NewsItem,
  Order: { ...requestResolvers.Order, ...ledgerResolvers.Order },
  LedgerTransaction: ledgerResolvers.LedgerTransaction,
  Payout: payoutResolvers.Payout,
  OrderStatusChange: requestResolvers.OrderStatusChange,
  OrderMessage: requestResolvers.OrderMessage,
  OrderNote: requestResolvers.OrderNote,
  Subscription: { ...subscriptionResolvers.Subscription, ...ledgerResolvers.Subscription },
  Mutation: {
    ...userResolvers.Mutation,
    ...credentialResolvers.Mutation,
    ...sessionResolvers.Mutation,
    ...productResolvers.Mutation,
    ...newsResolvers.Mutation,
    ...orderResolvers.Mutation,
    ...adminResolvers.Mutation,
    ...requestResolvers.Mutation,
    ...ledgerResolvers.Mutation,
    ...payoutResolvers.Mutation,
    ...securityResolvers.Mutation,
  },
};
