/**
 * Booleans are stored as 0/1 integers in both SQLite and PostgreSQL, so one migration and one
 * query serve both dialects. These convert between a column's value and a boolean.
 */

/** A 0/1 column (or an already-boolean value) as a boolean; null and undefined read as false. */
export const bool = (v: number | boolean | null | undefined): boolean => v === true || v === 1;

/** A boolean as the 0/1 a column stores; null and undefined are stored as 0. */
export const bit = (v: boolean | null | undefined): number => (v ? 1 : 0);
