import {
  type GenerateUsersForm,
  generatedUsername,
  generateUsersBody,
  USER_ADMIN_LIMITS,
} from '@/shared/schemas/user-admin';
import { bodyResolver } from './resolver';

/** The generate form as typed: numbers stay text until sent, real names one per line. */
export interface GenerateValues {
  prefix: string;
  suffix: string;
  number_from: string;
  number_to: string;
  password_length: string;
  realnames: string;
}

export const GENERATE_DEFAULTS: GenerateValues = {
  prefix: '',
  suffix: '',
  number_from: '1',
  number_to: '10',
  password_length: '8',
  realnames: '',
};

/** One real name a line; blank lines are gaps a paste leaves, not names. */
export function realnameLines(text: string): string[] {
  return text
    .split(/\r\n|\n|\r/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A number as typed, or NaN (the schema then says what is wrong). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function toGenerateBody(values: GenerateValues): GenerateUsersForm {
  const realnames = realnameLines(values.realnames);
  return {
    prefix: values.prefix,
    suffix: values.suffix,
    number_from: numberOf(values.number_from),
    number_to: numberOf(values.number_to),
    password_length: numberOf(values.password_length),
    ...(realnames.length > 0 ? { realnames } : {}),
  };
}

/** The form's fields carry the body's names; a real name's issue belongs to the list. */
export const generateResolver = bodyResolver<GenerateValues>(generateUsersBody, toGenerateBody, (path) =>
  String(path[0] ?? 'prefix'),
);

/** What the numbers would make, for the line under the form: the first and last names and how many. */
export function generatedPreview(
  values: GenerateValues,
): { first: string; last: string; count: number } | null {
  const from = numberOf(values.number_from);
  const to = numberOf(values.number_to);
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) return null;
  const count = to - from + 1;
  if (count > USER_ADMIN_LIMITS.generateMax) return null;
  return {
    first: generatedUsername(values.prefix, from, values.suffix),
    last: generatedUsername(values.prefix, to, values.suffix),
    count,
  };
}
