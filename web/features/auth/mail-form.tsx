import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWebsiteConfig } from './api';

/**
 * On a demo site without a mail server (website config mailLocalFiles) the mail is written to
 * files instead: the forms that send mail say so, and elsewhere nothing shows.
 */
function LocalMailNotice() {
  const { t } = useTranslation();
  const config = useWebsiteConfig();
  if (!config.data?.mailLocalFiles) return null;
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      data-testid="local-mail-notice"
    >
      {t('auth.localMail')}
    </p>
  );
}

/** A login dialog form that makes the site send mail (Register, ResetPwd), headed by the local-mail notice. */
export function MailForm({
  testId,
  onSubmit,
  children,
}: {
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid={testId}>
      <LocalMailNotice />
      {children}
    </form>
  );
}
