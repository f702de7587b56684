import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import { type TestEmailForm, testEmailBody } from '@/shared/schemas/site-admin-config';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Input } from '@/web/components/ui/input';
import { useTestEmail } from '../api';

/** Sends a test mail through whatever applies and shows what happened: where it went, or the mail server's own words. */
export function TestMailCard() {
  const { t } = useTranslation();
  const send = useTestEmail();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<TestEmailForm>({ resolver: zodResolver(testEmailBody), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit((values) => {
    setOutcome(null);
    send.mutate(values, {
      onSuccess: (sent) => {
        setOutcome({ ok: true, text: sent.msg });
        toast.success(sent.msg);
      },
      onError: (failure) => setOutcome({ ok: false, text: apiErrorText(failure, t) }),
    });
  });

  return (
    <TitledCard title={t('admin.site.mail.testTitle')} testId="site-test-mail">
      <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="site-test-mail-form">
        <FormField id="test-mail-email" label={t('admin.site.mail.testAddress')} error={error}>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="test-mail-email"
              type="email"
              autoComplete="email"
              aria-invalid={!!error}
              aria-describedby={error ? 'test-mail-email-error' : undefined}
              {...form.register('email')}
            />
            <SubmitButton pending={send.isPending} className="shrink-0" data-testid="site-test-mail-send">
              {t('admin.site.mail.testSend')}
            </SubmitButton>
          </div>
        </FormField>
        {outcome && (
          <p
            role={outcome.ok ? 'status' : 'alert'}
            className={
              outcome.ok
                ? 'text-sm text-green-700 dark:text-green-400'
                : 'text-sm break-words text-destructive'
            }
            data-testid={outcome.ok ? 'site-test-mail-sent' : 'site-test-mail-error'}
          >
            {outcome.text}
          </p>
        )}
      </form>
    </TitledCard>
  );
}
