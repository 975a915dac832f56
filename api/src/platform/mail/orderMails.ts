/**
 * The request mails (ORDER-MAIL, REQ-MAIL). The client's mails go to an address typed by anyone,
 * so they carry only our words, the reference and the link to the request's page — never a text
 * anyone typed (decision 0029). The site calls what the form sends a request (content/glossary.*.md)
 * and promises a reply within one business day (the form's `order.success.email`). The sales
 * notifications go to the studio (sent in English) with what the client wrote; the form has no
 * phone field, so there is no phone line.
 */
import { languageName } from './format.js';
import type { MailWords } from './messages.js';
import { type Block, type Mails, requestUrl } from './templates.js';

/** A mail to the client: greeting, `body`, sign-off. */
function toClient(body: Block[], { t }: MailWords): Block[] {
  return [{ p: t('mail.hello') }, ...body, { p: t('mail.team') }];
}

type OrderTemplate = 'orderReceived' | 'orderNotification' | 'orderStatusChanged' | 'orderAnswered' | 'orderClientMessage';

/** The request mails in every language. */
export const ORDER_MAILS: Pick<Mails, OrderTemplate> = {
  orderReceived: (p, w) => ({
    subject: w.t('mail.orderReceived.subject', p),
    blocks: toClient(
      [{ p: w.t('mail.orderReceived.thanks') }, { fields: [[w.t('mail.orderReceived.request'), p.reference]] }, { p: w.t('mail.orderReceived.notYou') }],
      w,
    ),
  }),
  orderNotification: (p, { t, locale }) => ({
    subject: t('mail.orderNotification.subject', p),
    blocks: [
      { p: t('mail.orderNotification.intro') },
      {
        fields: [
          [t('mail.orderNotification.request'), p.reference],
          [t('mail.orderNotification.name'), p.name],
          [t('mail.orderNotification.email'), p.email],
          [t('mail.orderNotification.language'), languageName(p.customerLocale, locale)],
        ],
      },
      { quote: p.summary },
    ],
  }),
  orderStatusChanged: (p, w) => {
    const status = w.t(`mail.orderStatus.${p.status}`);
    return {
      subject: w.t('mail.orderStatusChanged.subject', { reference: p.reference, status }),
      blocks: toClient(
        [
          { p: w.t('mail.orderStatusChanged.intro') },
          {
            fields: [
              [w.t('mail.orderStatusChanged.request'), p.reference],
              [w.t('mail.orderStatusChanged.status'), status],
            ],
          },
          { link: { href: requestUrl(w.site, w.locale, p.reference), label: w.t('mail.orderStatusChanged.link') } },
        ],
        w,
      ),
    };
  },
  orderAnswered: (p, w) => ({
    subject: w.t('mail.orderAnswered.subject', p),
    blocks: toClient(
      [
        { p: w.t('mail.orderAnswered.intro') },
        { fields: [[w.t('mail.orderAnswered.request'), p.reference]] },
        { link: { href: requestUrl(w.site, w.locale, p.reference), label: w.t('mail.orderAnswered.link') } },
      ],
      w,
    ),
  }),
  // REQ-MESSAGES: to sales, who read English; the ru and es catalogues keep these words in English too.
  orderClientMessage: (p, { t }) => ({
    subject: t('mail.orderClientMessage.subject', p),
    blocks: [
      { p: t('mail.orderClientMessage.intro') },
      {
        fields: [
          [t('mail.orderClientMessage.request'), p.reference],
          [t('mail.orderClientMessage.name'), p.name],
          [t('mail.orderClientMessage.email'), p.email],
        ],
      },
      { quote: p.body },
    ],
  }),
};
