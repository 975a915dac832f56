/**
 * The words of the request mails (REQ-MAIL) in every site language. The client's mails go to an
 * address typed by anyone, so they carry only our words, the reference and the link to the
 * request's page — never the text of an answer (ORDER-MAIL, decision 0029). The sales
 * notification of a client's message goes to the studio, in English, with the message.
 */
import { type Copy, type Doc, type MailLocale, type MailTemplateParams, type OrderStatusName, requestUrl } from './templates.js';

/** Each status in words, per language, as the client sees it. */
export const STATUS_WORDS: Record<MailLocale, Record<OrderStatusName, string>> = {
  en: { NEW: 'Received', IN_REVIEW: 'In review', PROPOSAL_SENT: 'Proposal sent', WON: 'Contract signed', LOST: 'Closed' },
  ru: { NEW: 'Получена', IN_REVIEW: 'На рассмотрении', PROPOSAL_SENT: 'Предложение отправлено', WON: 'Договор заключён', LOST: 'Закрыта' },
  es: { NEW: 'Recibida', IN_REVIEW: 'En revisión', PROPOSAL_SENT: 'Propuesta enviada', WON: 'Contrato firmado', LOST: 'Cerrada' },
};

type OrderTemplates = Pick<Copy, 'orderStatusChanged' | 'orderAnswered' | 'orderClientMessage'>;

/** The sales notification of a client's message (REQ-MESSAGES): who wrote about which request, and the text. */
function clientMessage(p: MailTemplateParams['orderClientMessage']): Doc {
  return {
    subject: `New client message on ${p.reference} from ${p.name}`,
    blocks: [
      { p: 'The client wrote a message about their request.' },
      {
        fields: [
          ['Request', p.reference],
          ['Name', p.name],
          ['Email', p.email],
        ],
      },
      { quote: p.body },
    ],
  };
}

export const ORDER_COPY: OrderTemplates = {
  orderStatusChanged: {
    en: (p, s) => ({
      subject: `Your request ${p.reference}: ${STATUS_WORDS.en[p.status]}`,
      blocks: [
        { p: 'Hello,' },
        { p: 'The status of your request has changed.' },
        {
          fields: [
            ['Request', p.reference],
            ['Status', STATUS_WORDS.en[p.status]],
          ],
        },
        { link: { href: requestUrl(s, 'en', p.reference), label: 'Open the request' } },
        { p: `The ${s.siteName} team` },
      ],
    }),
    ru: (p, s) => ({
      subject: `Ваша заявка ${p.reference}: ${STATUS_WORDS.ru[p.status]}`,
      blocks: [
        { p: 'Здравствуйте!' },
        { p: 'Статус вашей заявки изменился.' },
        {
          fields: [
            ['Заявка', p.reference],
            ['Статус', STATUS_WORDS.ru[p.status]],
          ],
        },
        { link: { href: requestUrl(s, 'ru', p.reference), label: 'Открыть заявку' } },
        { p: `Команда ${s.siteName}` },
      ],
    }),
    es: (p, s) => ({
      subject: `Tu solicitud ${p.reference}: ${STATUS_WORDS.es[p.status]}`,
      blocks: [
        { p: 'Hola:' },
        { p: 'El estado de tu solicitud ha cambiado.' },
        {
          fields: [
            ['Solicitud', p.reference],
            ['Estado', STATUS_WORDS.es[p.status]],
          ],
        },
        { link: { href: requestUrl(s, 'es', p.reference), label: 'Abrir la solicitud' } },
        { p: `El equipo de ${s.siteName}` },
      ],
    }),
  },
  orderAnswered: {
    en: (p, s) => ({
      subject: `New message about your request ${p.reference}`,
      blocks: [
        { p: 'Hello,' },
        { p: 'We have answered your request. Sign in to read the message and reply.' },
        { fields: [['Request', p.reference]] },
        { link: { href: requestUrl(s, 'en', p.reference), label: 'Read the message' } },
        { p: `The ${s.siteName} team` },
      ],
    }),
    ru: (p, s) => ({
      subject: `Новое сообщение по вашей заявке ${p.reference}`,
      blocks: [
        { p: 'Здравствуйте!' },
        { p: 'Мы ответили на вашу заявку. Войдите на сайт, чтобы прочитать сообщение и ответить.' },
        { fields: [['Заявка', p.reference]] },
        { link: { href: requestUrl(s, 'ru', p.reference), label: 'Прочитать сообщение' } },
        { p: `Команда ${s.siteName}` },
      ],
    }),
    es: (p, s) => ({
      subject: `Nuevo mensaje sobre tu solicitud ${p.reference}`,
      blocks: [
        { p: 'Hola:' },
        { p: 'Hemos respondido a tu solicitud. Inicia sesión para leer el mensaje y contestar.' },
        { fields: [['Solicitud', p.reference]] },
        { link: { href: requestUrl(s, 'es', p.reference), label: 'Leer el mensaje' } },
        { p: `El equipo de ${s.siteName}` },
      ],
    }),
  },
  // To the studio only: every language gets the same English copy (the sales team's language).
  orderClientMessage: { en: clientMessage, ru: clientMessage, es: clientMessage },
};
