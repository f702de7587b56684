import { useTranslation } from 'react-i18next';
import { cn } from '@/shared/lib/utils';

/** Colours of levels 0-6 (very easy ... very hard), light and dark. */
const LEVEL_CLASS = [
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
  'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
  'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  'bg-orange-100 text-orange-800 dark:bg-orange-900/50 dark:text-orange-200',
  'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
];

export function DifficultyBadge({ level }: { level: number }) {
  const { t } = useTranslation();
  const clamped = Math.min(Math.max(Math.trunc(level) || 0, 0), LEVEL_CLASS.length - 1);
  return (
    <span className={cn('inline-flex rounded-md px-2 py-0.5 text-xs font-medium', LEVEL_CLASS[clamped])}>
      {t(`problemPage.difficulty.${clamped}`)}
    </span>
  );
}
