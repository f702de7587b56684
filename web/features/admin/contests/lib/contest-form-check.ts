import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import { contestCreateBody } from '@/shared/schemas/contests';
import { type ContestFormValues, toContestBody } from './contest-form-values';

/** Message keys of the form's own wording (locales/*.json, `admin.contest`). */
export const FORM_MESSAGES = {
  /** the server's award rows carry no message keys of their own */
  awardRow: 'admin.contest.awardRowInvalid',
} as const;

/**
 * The form's values checked with the server's own schema (its message keys), as field path →
 * message key. Issues of one award row's field name that field; any issue of the star list names
 * the star field, which is one textarea.
 */
export function checkContestForm(values: ContestFormValues): Record<string, string> {
  const parsed = contestCreateBody.safeParse(toContestBody(values));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [head, index, field] = issue.path.map(String);
    let path = issue.path.map(String).join('.');
    let message = issue.message;
    if (head === 'awardConfigList' && index !== undefined && field !== undefined) {
      message = FORM_MESSAGES.awardRow;
    } else if (head === 'starAccount') {
      path = 'starAccount';
    }
    if (!path) continue;
    errors[path] ??= message;
  }
  return errors;
}

/** react-hook-form's resolver: the form keeps its own values, errors nest by path. */
export const contestResolver: Resolver<ContestFormValues> = async (values) => {
  const flat = checkContestForm(values);
  const paths = Object.keys(flat);
  if (paths.length === 0) return { values, errors: {} };
  const errors: FieldErrors<ContestFormValues> = {};
  for (const path of paths) set(errors, path, { type: 'schema', message: flat[path] });
  return { values: {}, errors };
};
