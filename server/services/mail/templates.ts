/** Translates a locale key in the recipient's language (the caller's: request.t). */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface MailContent {
  subject: string;
  text: string;
}

/** The register code (locales: auth.mail.register*). */
export function registerCodeMail(
  t: Translate,
  p: { site: string; code: string; minutes: number },
): MailContent {
  return {
    subject: t('auth.mail.registerSubject', { site: p.site }),
    text: t('auth.mail.registerBody', p),
  };
}

/** The reset-password link (locales: auth.mail.reset*). */
export function resetPasswordMail(
  t: Translate,
  p: { site: string; username: string; link: string; minutes: number },
): MailContent {
  return {
    subject: t('auth.mail.resetSubject', { site: p.site }),
    text: t('auth.mail.resetBody', p),
  };
}

/** The admin console's test mail (locales: adminConfig.testMail*). */
export function testMail(t: Translate, p: { site: string; source: string }): MailContent {
  return {
    subject: t('adminConfig.testMailSubject', { site: p.site }),
    text: t('adminConfig.testMailBody', p),
  };
}
