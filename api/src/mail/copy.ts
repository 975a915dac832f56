/**
 * The words of every mail template in every site language (MAIL-OUTBOX): plain-text blocks that
 * templates.ts renders (escaping every piece) to HTML and text. Parameters are plain text.
 */
import { type Copy, type Doc, EMAIL_CODE_TTL_MINUTES, type MailLocale, type MailTemplateParams, type SiteContext, changePasswordUrl } from './templates.js';
import { ORDER_COPY } from './orderCopy.js';
import { PAYOUT_COPY } from './payoutCopy.js';
import { SECURITY_COPY } from './securityCopy.js';

/** The footer that says why the mail came, per language. */
export const FOOTER: Record<MailLocale, (site: SiteContext) => string> = {
  en: (s) => `You received this email because of an action on ${s.siteName} (${s.publicUrl}).`,
  ru: (s) => `Вы получили это письмо, потому что на сайте ${s.siteName} (${s.publicUrl}) было выполнено действие с вашим адресом.`,
  es: (s) => `Has recibido este mensaje por una acción realizada en ${s.siteName} (${s.publicUrl}).`,
};

/** The name of `locale` in the language `inLocale` ("Russian", "русский", "ruso"). */
function languageName(locale: MailLocale, inLocale: MailLocale): string {
  return new Intl.DisplayNames([inLocale], { type: 'language' }).of(locale) ?? locale;
}

/** The words of the order notification to sales, per language (the fields it lists are the same in every language). */
const ORDER_NOTIFICATION: Record<MailLocale, { subject: (p: MailTemplateParams['orderNotification']) => string; intro: string; labels: { order: string; name: string; email: string; phone: string; language: string } }> = {
  en: {
    subject: (p) => `New order ${p.reference} from ${p.name}`,
    intro: 'A new order has come in through the order form.',
    labels: { order: 'Order', name: 'Name', email: 'Email', phone: 'Phone', language: 'Language' },
  },
  ru: {
    subject: (p) => `Новый заказ ${p.reference} от ${p.name}`,
    intro: 'Через форму заказа пришёл новый заказ.',
    labels: { order: 'Заказ', name: 'Имя', email: 'Почта', phone: 'Телефон', language: 'Язык' },
  },
  es: {
    subject: (p) => `Nuevo pedido ${p.reference} de ${p.name}`,
    intro: 'Ha llegado un nuevo pedido a través del formulario.',
    labels: { order: 'Pedido', name: 'Nombre', email: 'Correo', phone: 'Teléfono', language: 'Idioma' },
  },
};

/** The order notification in `locale` (ORDER-MAIL): the order, how to reach the customer, and their message. */
function orderNotification(locale: MailLocale) {
  const { subject, intro, labels } = ORDER_NOTIFICATION[locale];
  return (p: MailTemplateParams['orderNotification']): Doc => ({
    subject: subject(p),
    blocks: [
      { p: intro },
      {
        fields: [
          [labels.order, p.reference],
          [labels.name, p.name],
          [labels.email, p.email],
          [labels.phone, p.phone || '—'],
          [labels.language, languageName(p.customerLocale, locale)],
        ],
      },
      { quote: p.summary },
    ],
  });
}

/** The copy of every template in every language. */
export const COPY: Copy = {
  emailVerificationCode: {
    en: (p, s) => ({
      subject: `${p.code} is your ${s.siteName} verification code`,
      blocks: [
        { p: 'Enter this code to confirm your email address:' },
        { code: p.code },
        { p: `The code is valid for ${EMAIL_CODE_TTL_MINUTES} minutes. If you didn't create an account on ${s.siteName}, you can safely ignore this email.` },
      ],
    }),
    ru: (p, s) => ({
      subject: `${p.code} — код подтверждения для ${s.siteName}`,
      blocks: [
        { p: 'Введите этот код, чтобы подтвердить адрес электронной почты:' },
        { code: p.code },
        { p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Если вы не регистрировались на сайте ${s.siteName}, просто проигнорируйте это письмо.` },
      ],
    }),
    es: (p, s) => ({
      subject: `${p.code} es tu código de verificación de ${s.siteName}`,
      blocks: [
        { p: 'Introduce este código para confirmar tu dirección de correo electrónico:' },
        { code: p.code },
        { p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. Si no has creado una cuenta en ${s.siteName}, puedes ignorar este mensaje.` },
      ],
    }),
  },
  emailChangeCode: {
    en: (p, s) => ({
      subject: `Confirm your new email address for ${s.siteName}`,
      blocks: [
        { p: `You asked to change the email address of your ${s.siteName} account to ${p.newEmail}. Enter this code to confirm it:` },
        { code: p.code },
        { p: `The code is valid for ${EMAIL_CODE_TTL_MINUTES} minutes. If you didn't ask for this, ignore this email and your address will stay as it is.` },
      ],
    }),
    ru: (p, s) => ({
      subject: `Подтвердите новый адрес почты на ${s.siteName}`,
      blocks: [
        { p: `Вы попросили сменить адрес электронной почты вашей учётной записи ${s.siteName} на ${p.newEmail}. Чтобы подтвердить смену, введите этот код:` },
        { code: p.code },
        { p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Если вы ничего не меняли, проигнорируйте письмо — адрес останется прежним.` },
      ],
    }),
    es: (p, s) => ({
      subject: `Confirma tu nueva dirección de correo en ${s.siteName}`,
      blocks: [
        { p: `Has pedido cambiar la dirección de correo de tu cuenta de ${s.siteName} a ${p.newEmail}. Introduce este código para confirmarlo:` },
        { code: p.code },
        { p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. Si no lo has pedido tú, ignora este mensaje: tu dirección seguirá siendo la misma.` },
      ],
    }),
  },
  accountDeletionCode: {
    en: (p, s) => ({
      subject: `${p.code} is your code to delete your ${s.siteName} account`,
      blocks: [
        { p: `Someone asked to delete your ${s.siteName} account. Enter this code to confirm the deletion:` },
        { code: p.code },
        { p: `The code is valid for ${EMAIL_CODE_TTL_MINUTES} minutes. Deleting the account cannot be undone. If you didn't ask for this, don't share the code with anyone and sign out of the devices you don't recognise.` },
      ],
    }),
    ru: (p, s) => ({
      subject: `${p.code} — код для удаления учётной записи ${s.siteName}`,
      blocks: [
        { p: `Поступил запрос на удаление вашей учётной записи ${s.siteName}. Чтобы подтвердить удаление, введите этот код:` },
        { code: p.code },
        { p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Удалённую учётную запись восстановить нельзя. Если вы ничего не запрашивали, никому не сообщайте код и выйдите из незнакомых устройств.` },
      ],
    }),
    es: (p, s) => ({
      subject: `${p.code} es tu código para eliminar tu cuenta de ${s.siteName}`,
      blocks: [
        { p: `Se ha pedido eliminar tu cuenta de ${s.siteName}. Introduce este código para confirmar la eliminación:` },
        { code: p.code },
        { p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. La eliminación no se puede deshacer. Si no lo has pedido tú, no compartas el código con nadie y cierra la sesión en los dispositivos que no reconozcas.` },
      ],
    }),
  },
  passwordReset: {
    en: (p, s) => ({
      subject: `Reset your ${s.siteName} password`,
      blocks: [
        { p: `We received a request to reset the password of your ${s.siteName} account. Follow this link to choose a new one:` },
        { link: { href: changePasswordUrl(s, 'en', p.token), label: 'Choose a new password' } },
        { p: "The link is valid for 1 hour. If you didn't ask to reset your password, ignore this email and your password will stay as it is." },
      ],
    }),
    ru: (p, s) => ({
      subject: `Сброс пароля на ${s.siteName}`,
      blocks: [
        { p: `Мы получили запрос на сброс пароля вашей учётной записи ${s.siteName}. Чтобы задать новый пароль, перейдите по ссылке:` },
        { link: { href: changePasswordUrl(s, 'ru', p.token), label: 'Задать новый пароль' } },
        { p: 'Ссылка действует один час. Если вы не запрашивали сброс пароля, проигнорируйте это письмо — пароль останется прежним.' },
      ],
    }),
    es: (p, s) => ({
      subject: `Restablece tu contraseña de ${s.siteName}`,
      blocks: [
        { p: `Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de ${s.siteName}. Sigue este enlace para elegir una nueva:` },
        { link: { href: changePasswordUrl(s, 'es', p.token), label: 'Elegir una nueva contraseña' } },
        { p: 'El enlace es válido durante una hora. Si no has pedido restablecer la contraseña, ignora este mensaje: tu contraseña seguirá siendo la misma.' },
      ],
    }),
  },
  // ORDER-MAIL: the address is typed by anyone, so only our own words and the reference.
  orderReceived: {
    en: (p, s) => ({
      subject: `We've received your order ${p.reference}`,
      blocks: [
        { p: 'Hello,' },
        { p: 'Thank you for your order! It has reached us, and someone from our team will get back to you soon.' },
        { fields: [['Order', p.reference]] },
        { p: 'If you did not place this order, simply ignore this message: someone may have entered your address by mistake.' },
        { p: `The ${s.siteName} team` },
      ],
    }),
    ru: (p, s) => ({
      subject: `Мы получили ваш заказ ${p.reference}`,
      blocks: [
        { p: 'Здравствуйте!' },
        { p: 'Спасибо за заказ! Мы его получили, и скоро с вами свяжется кто-нибудь из нашей команды.' },
        { fields: [['Номер заказа', p.reference]] },
        { p: 'Если вы ничего не заказывали, просто не обращайте внимания на это письмо: возможно, кто-то ошибся адресом.' },
        { p: `Команда ${s.siteName}` },
      ],
    }),
    es: (p, s) => ({
      subject: `Hemos recibido tu pedido ${p.reference}`,
      blocks: [
        { p: 'Hola:' },
        { p: '¡Gracias por tu pedido! Ya lo tenemos, y alguien de nuestro equipo se pondrá en contacto contigo muy pronto.' },
        { fields: [['Pedido', p.reference]] },
        { p: 'Si no has hecho ningún pedido, ignora este mensaje: puede que alguien haya escrito tu dirección por error.' },
        { p: `El equipo de ${s.siteName}` },
      ],
    }),
  },
  orderNotification: { en: orderNotification('en'), ru: orderNotification('ru'), es: orderNotification('es') },
  ...ORDER_COPY,
  ...SECURITY_COPY,
  ...PAYOUT_COPY,
};
