import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/web/components/ui/input';
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

export type InputFieldProps = {
  id: string;
  label: string;
  error?: string;
  children?: React.ReactNode;
} & Omit<React.ComponentProps<typeof Input>, 'id' | 'children'>;

/**
 * A FormField around a text input that points screen readers at its message; `children` sit
 * beside the input (a send-code button, a captcha image).
 */
export function InputField({ id, label, error, children, ...input }: InputFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <div className="flex gap-2">
        <Input
          id={id}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {children}
      </div>
    </FormField>
  );
}
