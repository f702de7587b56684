import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';

/** A labelled input with its validation message (an i18n key) below it. */
export function Field({
  id,
  label,
  error,
  children,
  ...input
}: { id: string; label: string; error?: string; children?: React.ReactNode } & React.ComponentProps<
  typeof Input
>) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {children}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive" data-testid={`${id}-error`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** The notice of a demo site without a mail server (website config mailLocalFiles). */
export function LocalMailNotice() {
  const { t } = useTranslation();
  return (
    <p
      className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      data-testid="local-mail-notice"
    >
      {t('auth.localMail')}
    </p>
  );
}
