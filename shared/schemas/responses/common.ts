import { z } from 'zod';

/**
 * The shapes every answer shares (docs/architecture.md, Wire format and Contracts on the wire).
 * Answer schemas are plain: no transforms or defaults, so what a handler returns is what is sent.
 */

/** Every JSON answer: `{status, data, msg}`; status 200 means success. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number(), data, msg: z.string() });

export type ApiEnvelope<T> = Omit<z.infer<ReturnType<typeof envelope>>, 'data'> & { data: T };

/** MyBatis-Plus page: clients read records and total. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({
    records: z.array(item),
    total: z.number(),
    size: z.number(),
    current: z.number(),
    pages: z.number(),
    /** Verdict: the total was counted up to a cap (LIST_TOTAL_CAP) and there are more */
    totalCapped: z.boolean().optional(),
  });

export type Page<T> = Omit<z.infer<ReturnType<typeof page>>, 'records'> & { records: T[] };

/** An ISO-8601 UTC time as the database keeps it. */
export const isoTime = z.string();
