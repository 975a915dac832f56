/**
 * Renders a mail template (MAIL-OUTBOX) to a subject, an HTML body and a plain-text body. Every
 * piece of copy is escaped once when the HTML is built, so no interpolated value (a name, an
 * address, an order text) can inject markup. Subjects are plain text with line breaks folded to
 * spaces (no header injection).
 */
import { escapeHtml } from './escape.js';
import { MAILS } from './mails.js';
import { type MailWords, mailWords } from './messages.js';
import {
  type Block,
  type Doc,
  MAIL_LOCALES,
  type MailLocale,
  type MailTemplate,
  type MailTemplateParams,
  type RenderedMail,
  type SiteContext,
} from './templates.js';

const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

function blockHtml(block: Block): string {
  if ('p' in block) return `<p style="margin:0 0 16px">${escapeHtml(block.p)}</p>`;
  if ('code' in block) {
    return `<p style="margin:0 0 16px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:4px">${escapeHtml(block.code)}</p>`;
  }
  if ('link' in block) {
    const href = escapeHtml(block.link.href);
    return (
      `<p style="margin:0 0 16px"><a href="${href}" style="display:inline-block;background:#1d1d1f;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(block.link.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:12px;color:#6e6e73;word-break:break-all">${href}</p>`
    );
  }
  if ('fields' in block) {
    const rows = block.fields
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:4px 16px 4px 0;font-weight:600;vertical-align:top;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0;vertical-align:top">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`;
  }
  return `<blockquote style="margin:0 0 16px;padding:8px 16px;border-left:3px solid #d2d2d7;white-space:pre-wrap">${escapeHtml(block.quote)}</blockquote>`;
}

function blockText(block: Block): string {
  if ('p' in block) return block.p;
  if ('code' in block) return `    ${block.code}`;
  if ('link' in block) return `${block.link.label}:\n${block.link.href}`;
  if ('fields' in block) return block.fields.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.quote
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
}

/**
 * Renders `template` in `locale` with `params` for the site `site`.
 * @returns `{ subject, html, text }`: a one-line subject, a full HTML document (`<html lang>`,
 *   every interpolated value escaped) and the plain-text body with the same content.
 * @throws Error for an unknown template or locale (only reachable from untyped callers).
 */
export function renderMail<T extends MailTemplate>(template: T, locale: MailLocale, params: MailTemplateParams[T], site: SiteContext): RenderedMail {
  const write = MAILS[template] as ((p: MailTemplateParams[T], w: MailWords) => Doc) | undefined;
  if (!write || !MAIL_LOCALES.includes(locale)) throw new Error(`No mail template ${String(template)} in locale ${String(locale)}`);
  const words = mailWords(locale, site);
  const doc = write(params, words);
  const subject = oneLine(doc.subject);
  const footer = words.t('mail.footer');
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f5f7;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1d1d1f;line-height:1.5">` +
    // Long addresses and names wrap inside the card instead of running out of it on a phone.
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;overflow-wrap:anywhere;word-break:break-word">` +
    `<p style="margin:0 0 24px;font-size:18px;font-weight:700">${escapeHtml(site.siteName)}</p>` +
    doc.blocks.map(blockHtml).join('') +
    `<p style="margin:32px 0 0;font-size:12px;color:#6e6e73">${escapeHtml(footer)}</p>` +
    `</div></body></html>`;
  const text = `${doc.blocks.map(blockText).join('\n\n')}\n\n-- \n${footer}\n`;
  return { subject, html, text };
}
