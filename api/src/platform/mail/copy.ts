/**
 * The words of every mail template in every site language (MAIL-OUTBOX): plain-text blocks that
 * templates.ts renders (escaping every piece) to HTML and text. Parameters are plain text.
 */
import { type Copy, type Doc, EMAIL_CODE_TTL_MINUTES, type MailLocale, type MailTemplateParams, type SiteContext, changePasswordUrl } from './templates.js';
import { ORDER_COPY } from './orderCopy.js';
import { PAYOUT_COPY } from './payoutCopy.js';
import { PAYOUT_ADMIN_COPY } from './payoutAdminCopy.js';
import { SECURITY_COPY } from './securityCopy.js';
import { SIGN_IN_METHOD_COPY } from './signInMethodCopy.js';
import { TWO_FACTOR_RECOVERY_COPY } from './twoFactorRecoveryCopy.js';

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

/**
 * The words of the request notification to sales, per language (ORDER-MAIL; sales reads English,
 * the others keep the template complete). The site calls what the form sends a request
 * (content/glossary.*.md): request, заявка, solicitud. The form has no phone field, so there is no
 * phone line.
 */
const ORDER_NOTIFICATION: Record<
  MailLocale,
  { subject: (p: MailTemplateParams['orderNotification']) => string; intro: string; labels: { order: string; name: string; email: string; language: string } }
> = {
  en: {
    subject: (p) => `New request ${p.reference} from ${p.name}`,
    intro: 'A new request has come in through the request form.',
    labels: { order: 'Request', name: 'Name', email: 'Email', language: 'Language' },
  },
  ru: {
    subject: (p) => `Новая заявка ${p.reference} от ${p.name}`,
    intro: 'Через форму заявки пришла новая заявка.',
    labels: { order: 'Заявка', name: 'Имя', email: 'Почта', language: 'Язык' },
  },
  es: {
    subject: (p) => `Nueva solicitud ${p.reference} de ${p.name}`,
    intro: 'Ha llegado una nueva solicitud a través del formulario.',
    labels: { order: 'Solicitud', name: 'Nombre', email: 'Correo', language: 'Idioma' },
  },
};

/** The request notification in `locale` (ORDER-MAIL): the request, how to reach the client, and what they wrote. */
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
        { p: `Вы попросили сменить адрес электронной почты вашего аккаунта ${s.siteName} на ${p.newEmail}. Чтобы подтвердить смену, введите этот код:` },
        { code: p.code },
        { p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Если вы ничего не меняли, проигнорируйте письмо — адрес останется прежним.` },
      ],
    }),
    es: (p, s) => ({
      subject: `Confirma tu nueva dirección de correo en ${s.siteName}`,
      blocks: [
        { p: `Has pedido cambiar la dirección de correo de tu cuenta de ${s.siteName} a ${p.newEmail}. Introduce este código para confirmarlo:` },
        { code: p.code },
        {
          p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. Si no lo has pedido tú, ignora este mensaje: tu dirección seguirá siendo la misma.`,
        },
      ],
    }),
  },
  accountDeletionCode: {
    en: (p, s) => ({
      subject: `${p.code} is your code to delete your ${s.siteName} account`,
      blocks: [
        { p: `Someone asked to delete your ${s.siteName} account. Enter this code to confirm the deletion:` },
        { code: p.code },
        {
          p: `The code is valid for ${EMAIL_CODE_TTL_MINUTES} minutes. Deleting the account cannot be undone. If you didn't ask for this, don't share the code with anyone and sign out of the devices you don't recognise.`,
        },
      ],
    }),
    ru: (p, s) => ({
      subject: `${p.code} — код для удаления аккаунта ${s.siteName}`,
      blocks: [
        { p: `Поступил запрос на удаление вашего аккаунта ${s.siteName}. Чтобы подтвердить удаление, введите этот код:` },
        { code: p.code },
        {
          p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Удалённый аккаунт восстановить нельзя. Если вы ничего не запрашивали, никому не сообщайте код и выйдите из незнакомых устройств.`,
        },
      ],
    }),
    es: (p, s) => ({
      subject: `${p.code} es tu código para eliminar tu cuenta de ${s.siteName}`,
      blocks: [
        { p: `Se ha pedido eliminar tu cuenta de ${s.siteName}. Introduce este código para confirmar la eliminación:` },
        { code: p.code },
        {
          p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. La eliminación no se puede deshacer. Si no lo has pedido tú, no compartas el código con nadie y cierra la sesión en los dispositivos que no reconozcas.`,
        },
      ],
    }),
  },
  reauthenticationCode: {
    en: (p, s) => ({
      subject: `${p.code} is your code to confirm it is you on ${s.siteName}`,
      blocks: [
        {
          p: `Someone signed in to your ${s.siteName} account asked to confirm it is you before changing how the account is signed into or where its payouts go. Enter this code to confirm:`,
        },
        { code: p.code },
        {
          p: `The code is valid for ${EMAIL_CODE_TTL_MINUTES} minutes. If you didn't ask for this, don't share the code with anyone and sign out of the devices you don't recognise.`,
        },
      ],
    }),
    ru: (p, s) => ({
      subject: `${p.code} — код подтверждения на ${s.siteName}`,
      blocks: [
        {
          p: `В вашем аккаунте ${s.siteName} попросили подтвердить, что это вы, перед изменением способов входа или реквизитов для выплат. Чтобы подтвердить, введите этот код:`,
        },
        { code: p.code },
        { p: `Код действует ${EMAIL_CODE_TTL_MINUTES} минут. Если вы ничего не запрашивали, никому не сообщайте код и выйдите из незнакомых устройств.` },
      ],
    }),
    es: (p, s) => ({
      subject: `${p.code} es tu código para confirmar que eres tú en ${s.siteName}`,
      blocks: [
        {
          p: `Desde una sesión de tu cuenta de ${s.siteName} se ha pedido confirmar que eres tú antes de cambiar cómo se accede a la cuenta o adónde van sus pagos. Introduce este código para confirmarlo:`,
        },
        { code: p.code },
        {
          p: `El código es válido durante ${EMAIL_CODE_TTL_MINUTES} minutos. Si no lo has pedido tú, no compartas el código con nadie y cierra la sesión en los dispositivos que no reconozcas.`,
        },
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
        { p: `Мы получили запрос на сброс пароля вашего аккаунта ${s.siteName}. Чтобы задать новый пароль, перейдите по ссылке:` },
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
  // ORDER-MAIL: the address is typed by anyone, so only our own words and the reference. The words
  // are the site's (request, заявка, solicitud) and its promise: a reply within one business day
  // (the form's success message, `order.success.email`).
  orderReceived: {
    en: (p, s) => ({
      subject: `We've received your request ${p.reference}`,
      blocks: [
        { p: 'Hello,' },
        { p: 'Thank you for your request! It has reached us, and we will reply within one business day.' },
        { fields: [['Request', p.reference]] },
        { p: 'If you did not send this request, simply ignore this message: someone may have entered your address by mistake.' },
        { p: `The ${s.siteName} team` },
      ],
    }),
    ru: (p, s) => ({
      subject: `Мы получили вашу заявку ${p.reference}`,
      blocks: [
        { p: 'Здравствуйте!' },
        { p: 'Спасибо за заявку! Мы её получили и ответим в течение рабочего дня.' },
        { fields: [['Номер заявки', p.reference]] },
        { p: 'Если вы не отправляли заявку, просто не обращайте внимания на это письмо: возможно, кто-то ошибся адресом.' },
        { p: `Команда ${s.siteName}` },
      ],
    }),
    es: (p, s) => ({
      subject: `Hemos recibido tu solicitud ${p.reference}`,
      blocks: [
        { p: 'Hola:' },
        { p: '¡Gracias por tu solicitud! Ya la tenemos y te responderemos en un día laborable.' },
        { fields: [['Solicitud', p.reference]] },
        { p: 'Si no has enviado ninguna solicitud, ignora este mensaje: puede que alguien haya escrito tu dirección por error.' },
        { p: `El equipo de ${s.siteName}` },
      ],
    }),
  },
  orderNotification: { en: orderNotification('en'), ru: orderNotification('ru'), es: orderNotification('es') },
  ...ORDER_COPY,
  ...SECURITY_COPY,
  ...SIGN_IN_METHOD_COPY,
  ...TWO_FACTOR_RECOVERY_COPY,
  ...PAYOUT_COPY,
  ...PAYOUT_ADMIN_COPY,
};
