import { useState } from 'react';
import type { z } from 'zod';

/** First message key per field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

/**
 * A small form of text fields kept in plain state: the values and one message key per field. The
 * messages come from the shared zod schemas (they are locale keys), so the form says what the
 * server would say.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  /** Sets some values and keeps the others. */
  const patch = (changes: Partial<T>) => setValues((v) => ({ ...v, ...changes }));

  return {
    values,
    errors,
    patch,
    /** What an input needs to show and change one field: its value, its message and onChange. */
    field: (name: keyof T & string) => ({
      value: values[name],
      error: errors[name],
      onChange: (e: { target: { value: string } }) => patch({ [name]: e.target.value } as Partial<T>),
    }),
    /** Shows one field's message (a locale key), or clears it. */
    setError: (name: string, key: string | undefined) =>
      setErrors(({ [name]: _, ...rest }) => (key ? { ...rest, [name]: key } : rest)),
    /**
     * Checks the values (or the given input) against the schema: the parsed data with every message
     * cleared, or null with each failing field's first message shown.
     */
    check: <S extends z.ZodType>(schema: S, input: unknown = values): z.output<S> | null => {
      const parsed = schema.safeParse(input);
      setErrors(parsed.success ? {} : fieldErrors(parsed.error));
      return parsed.success ? parsed.data : null;
    },
  };
}
