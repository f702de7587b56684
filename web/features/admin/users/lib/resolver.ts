import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that checks what the form would send with the server's own schema,
 * so the form shows the server's words (message keys) beside the field each is about. `fieldOf`
 * names the form field of an issue's path (the body's names may differ from the form's).
 */
export function bodyResolver<V extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: V) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => string,
): Resolver<V> {
  return async (values) => {
    const checked = schema.safeParse(toBody(values));
    if (checked.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of checked.error.issues) {
      const field = fieldOf(issue.path);
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}
