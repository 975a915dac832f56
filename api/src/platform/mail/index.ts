/**
 * The project's one mail module (MAIL-OUTBOX): typed templates in every site language
 * (`renderMail`; their words are the ICU catalogues in messages/, messages.ts), a durable database
 * outbox with a delivering worker (`createMailService`) and the `outbox` / `smtp` / `memory`
 * transports. See service.ts for the delivery guarantee.
 */
export { escapeHtml } from './escape.js';
export { type DrainResult, type MailRequest, type MailService, type SendResult, createMailService } from './service.js';
export {
  EMAIL_CODE_TTL_MINUTES,
  MAIL_LOCALES,
  MAIL_TEMPLATES,
  type MailLocale,
  type MailTemplate,
  type MailTemplateParams,
  PASSWORD_RESET_TTL_MINUTES,
  type RenderedMail,
  type SecurityEvent,
  type SiteContext,
  changePasswordUrl,
  securityEvent,
} from './templates.js';
export { mailLocale } from './locale.js';
export { renderMail } from './render.js';
export { type MailTransport, type OutgoingMail, type SentMail, createMailTransport } from './transport.js';
