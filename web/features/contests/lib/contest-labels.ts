import { ContestAuth, ContestStatus, ContestType } from '@/shared/constants/contests';

/** Locale keys and badge colours of a contest's type, access and status, on the site and in the console. */

export const TYPE_LABEL = { [ContestType.ACM]: 'ACM', [ContestType.OI]: 'OI' } as const;

export const AUTH_KEY = {
  [ContestAuth.PUBLIC]: 'contestPage.auth.public',
  [ContestAuth.PRIVATE]: 'contestPage.auth.private',
  [ContestAuth.PROTECTED]: 'contestPage.auth.protected',
} as const;

export const STATUS_KEY = {
  [ContestStatus.SCHEDULED]: 'contestPage.status.scheduled',
  [ContestStatus.RUNNING]: 'contestPage.status.running',
  [ContestStatus.ENDED]: 'contestPage.status.ended',
} as const;

/** a status reads the same colour everywhere it shows */
export const STATUS_CLASS = {
  [ContestStatus.SCHEDULED]: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  [ContestStatus.RUNNING]: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  [ContestStatus.ENDED]: 'bg-muted text-muted-foreground',
} as const;
