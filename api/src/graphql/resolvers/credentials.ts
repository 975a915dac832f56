/**
 * The viewer's e-mail address and password (ACC-EMAIL, ACC-PASSWORD): verification codes, the
 * e-mail change, `updatePassword`, and the code confirming a passwordless account's deletion
 * (`sendAccountDeletionCode`, ACC-DELETE). The flows are credentials/service.ts's; these resolvers
 * check who asks, call it and answer the fresh record.
 */
import { expectId, globalId } from '../../platform/graphql/ids.js';
import { assertOwnerOrAdmin } from '../policy.js';
import { type Ctx, loadUser, requireViewer, userOrForbidden } from './common.js';

/** Codes are 8 characters; anything far longer is cut before it is hashed. */
const CODE_INPUT_MAX = 64;

export const credentialResolvers = {
  Mutation: {
    async sendEmailVerification(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const sent = await ctx.credentials.sendVerification(viewer.userId);
      return { ...sent, user: await userOrForbidden(ctx, viewer.userId) };
    },

    async sendAccountDeletionCode(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const sent = await ctx.credentials.sendDeletionCode(viewer.userId);
      return { ...sent, user: await userOrForbidden(ctx, viewer.userId) };
    },

    async verifyEmail(_: unknown, { code }: { code: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      await ctx.credentials.verifyEmail(viewer.userId, code.slice(0, CODE_INPUT_MAX));
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },

    async confirmEmailChange(_: unknown, { code }: { code: string }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      await ctx.credentials.confirmEmailChange(viewer.userId, code.slice(0, CODE_INPUT_MAX), ctx.device);
      await ctx.security.record(viewer, 'EMAIL_CHANGED'); // ACC-TIMELINE
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },

    async cancelEmailChange(_: unknown, __: unknown, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      await ctx.credentials.cancelEmailChange(viewer.userId);
      ctx.loaders.user.clear(viewer.userId);
      return userOrForbidden(ctx, viewer.userId);
    },

    async updatePassword(_: unknown, args: { newPassword: string; oldPassword?: string | null; userId?: string | null }, ctx: Ctx) {
      const viewer = requireViewer(ctx);
      const targetId = args.userId ? expectId(args.userId, 'User', 'userId') : viewer.userId;
      assertOwnerOrAdmin(viewer, targetId);
      const target = await userOrForbidden(ctx, targetId);
      const self = target.id === viewer.userId;
      // Other devices are signed out; this one stays when the user changes their own password.
      await ctx.credentials.changePassword(target.id, args.newPassword, {
        oldPassword: args.oldPassword,
        requireOld: self,
        keepSessionId: self ? viewer.sessionId : null,
        device: ctx.device,
      });
      // ACC-TIMELINE: by the user on this session, or by an administrator (no session of the user's).
      await ctx.security.record(self ? viewer : { userId: target.id, sessionId: null }, 'PASSWORD_CHANGED', self ? null : 'administrator');
      ctx.loaders.user.clear(target.id);
      return { id: globalId('User', target.id), user: await loadUser(ctx, target.id) };
    },
  },
};
