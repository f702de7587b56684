import { z } from 'zod';

/**
 * The range of the database's INTEGER columns (PostgreSQL's are 32-bit; SQLite's hold more): ids
 * and every request number stored in, or compared with, such a column must fit it, or PostgreSQL
 * refuses the query.
 */
export const DB_INT_MAX = 2_147_483_647;
export const DB_INT_MIN = -2_147_483_648;

/** A positive id as a client sends it (a number, or text in a query string). */
export const dbId = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(DB_INT_MAX, message);

/** An integer of an INTEGER column (a filter, a status, a type), as a number or text. */
export const dbInt = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .min(DB_INT_MIN, message)
    .max(DB_INT_MAX, message);
