import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** shadcn's class-name helper: merge Tailwind classes, later ones win. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
