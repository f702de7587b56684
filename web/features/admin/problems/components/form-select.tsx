import type { ReactNode } from 'react';
import { FormField } from '@/web/components/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

/** A labelled select of the editor; values are strings (callers convert numbers). */
export function FormSelect({
  id,
  label,
  value,
  onChange,
  options,
  hint,
  error,
  note,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly SelectOption[];
  hint?: string;
  error?: string;
  /** a line under the choices (why one is greyed out) */
  note?: string;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full" aria-invalid={!!error} data-testid={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent className="max-w-80">
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value} disabled={o.disabled} data-testid={`${id}-${o.value}`}>
              {o.label}
            </SelectItem>
          ))}
          {note && <p className="px-2 py-1.5 text-xs text-muted-foreground">{note}</p>}
        </SelectContent>
      </Select>
    </FormField>
  );
}
