import { useTranslation } from 'react-i18next';
import { CLARIFICATION_LIMITS } from '@/shared/constants/clarifications';
import { clarificationText } from '@/shared/schemas/clarifications';
import { FormField } from '@/web/components/form-field';
import { Textarea } from '@/web/components/ui/textarea';

/** A question's or an answer's text with its length (at most 2000 characters) and the schema's message. */
export function ClarificationTextField({
  id,
  label,
  placeholder,
  value,
  onChange,
  error,
  rows = 4,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  /** a message key of the shared schema */
  error?: string;
  rows?: number;
}) {
  const { t } = useTranslation();
  return (
    <FormField id={id} label={label} error={error}>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        placeholder={placeholder}
        maxLength={CLARIFICATION_LIMITS.textMax}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
        onChange={(e) => onChange(e.target.value)}
        data-testid={id}
      />
      <span
        id={`${id}-count`}
        className="justify-self-end text-xs text-muted-foreground"
        data-testid={`${id}-count`}
      >
        {t('clarification.count', { count: value.trim().length, max: CLARIFICATION_LIMITS.textMax })}
      </span>
    </FormField>
  );
}

/** The shared schema's message key for a text (the server's own rule), or undefined when it passes. */
export function textError(value: string): string | undefined {
  const checked = clarificationText.safeParse(value);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}
