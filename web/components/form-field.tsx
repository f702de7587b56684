import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '@/web/components/ui/label';

/**
 * A labelled control with its validation message below it. `error` is an i18n key (the shared
 * zod schemas' messages are keys), so the form and the server say the same words.
 */
export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive" data-testid={`${id}-error`}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
