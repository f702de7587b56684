import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { EmailConfig } from '@/shared/api/admin-config-types';
import { apiErrorText } from '@/shared/api/error-message';
import {
  type EmailConfigChange,
  type EmailConfigForm,
  emailConfigBody,
} from '@/shared/schemas/site-admin-config';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useSaveEmailConfig } from '../api';

const TEXT_FIELDS = [
  { name: 'emailHost', type: 'text', autoComplete: 'off' },
  { name: 'emailPort', type: 'text', autoComplete: 'off' },
  { name: 'emailUsername', type: 'text', autoComplete: 'off' },
] as const;

/** The form's values as read: the password is never sent back, so its box starts empty. */
function formValues(config: EmailConfig): EmailConfigForm {
  return {
    emailHost: config.emailHost,
    emailPort: config.emailPort,
    emailUsername: config.emailUsername,
    emailPassword: '',
    emailSsl: config.emailSsl,
  };
}

/**
 * The site's SMTP settings. SMTP_URL in the environment wins over them: then the form is shown
 * read-only with the reason, so nobody saves settings that would not apply.
 */
export function MailFormCard({ config }: { config: EmailConfig }) {
  const { t } = useTranslation();
  const save = useSaveEmailConfig();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailConfigForm, unknown, EmailConfigChange>({
    resolver: zodResolver(emailConfigBody),
    defaultValues: formValues(config),
  });
  const { errors } = form.formState;
  const locked = config.source === 'environment';

  useEffect(() => {
    form.reset(formValues(config));
  }, [config, form]);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => toast.success(saved.msg || t('admin.updated')),
      onError: (error) => setFailure(apiErrorText(error, t)),
    });
  });

  return (
    <TitledCard
      title={t('admin.site.mail.title')}
      testId="site-mail"
      tools={
        <Badge variant="outline" data-testid="site-mail-source">
          {t(`admin.site.mail.source.${config.source}`)}
        </Badge>
      }
    >
      {locked && (
        <p
          className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
          data-testid="site-mail-locked"
        >
          {t('admin.site.mail.environment')}
        </p>
      )}
      {config.source === 'files' && (
        <p className="text-sm text-muted-foreground">{t('admin.site.mail.filesHint')}</p>
      )}
      <form onSubmit={onSubmit} noValidate data-testid="site-mail-form">
        <fieldset disabled={locked} className="grid gap-4">
          <legend className="sr-only">{t('admin.site.mail.title')}</legend>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            {TEXT_FIELDS.map(({ name, type, autoComplete }) => (
              <FormField
                key={name}
                id={`mail-${name}`}
                label={t(`admin.site.mail.${name}`)}
                hint={name === 'emailHost' ? t('admin.site.mail.hostHint') : undefined}
                error={errors[name]?.message}
              >
                <Input
                  id={`mail-${name}`}
                  type={type}
                  inputMode={name === 'emailPort' ? 'numeric' : undefined}
                  autoComplete={autoComplete}
                  aria-invalid={!!errors[name]}
                  aria-describedby={errors[name] ? `mail-${name}-error` : undefined}
                  {...form.register(name)}
                />
              </FormField>
            ))}
            <FormField
              id="mail-emailPassword"
              label={t('admin.site.mail.emailPassword')}
              hint={t(
                config.emailPasswordSet ? 'admin.site.mail.passwordSet' : 'admin.site.mail.passwordNotSet',
              )}
              error={errors.emailPassword?.message}
            >
              <Input
                id="mail-emailPassword"
                type="password"
                autoComplete="new-password"
                placeholder={config.emailPasswordSet ? '••••••••' : undefined}
                aria-invalid={!!errors.emailPassword}
                {...form.register('emailPassword')}
              />
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="emailSsl"
            render={({ field: { value, onChange } }) => (
              <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm sm:max-w-sm">
                <Label htmlFor="mail-emailSsl">{t('admin.site.mail.emailSsl')}</Label>
                <Switch
                  id="mail-emailSsl"
                  checked={!!value}
                  onCheckedChange={onChange}
                  data-testid="mail-emailSsl"
                />
              </div>
            )}
          />
          {failure && (
            <p role="alert" className="text-sm text-destructive" data-testid="site-mail-error">
              {failure}
            </p>
          )}
          <div>
            <SubmitButton pending={save.isPending} data-testid="site-mail-save">
              {t('admin.save')}
            </SubmitButton>
          </div>
        </fieldset>
      </form>
    </TitledCard>
  );
}
