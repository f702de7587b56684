import { z } from 'zod';
import { dbId } from './db-int';

/** Message keys of the virtual participation calls (locales/*.json, section `virtual`). */
export const VIRTUAL_MESSAGES = {
  cidRequired: 'virtual.cidRequired',
} as const;

const cid = dbId(VIRTUAL_MESSAGES.cidRequired);

/** POST /api/contest/virtual: start a virtual run of an ended contest now. */
export const virtualStartBody = z.object({ cid });
export type VirtualStartForm = z.input<typeof virtualStartBody>;
export type VirtualStartParams = z.output<typeof virtualStartBody>;

/** GET /api/contest/virtual: the caller's virtual state in a contest. */
export const virtualStateQuery = z.object({ cid });
export type VirtualStateQuery = z.output<typeof virtualStateQuery>;
