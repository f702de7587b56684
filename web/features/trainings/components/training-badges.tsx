import { Globe, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TrainingAuth, type TrainingAuthValue } from '@/shared/constants/trainings';
import { cn } from '@/shared/lib/utils';
import { readableTextColor } from '@/web/components/lib/color';
import { AUTH_LABEL } from '../lib';

/** Public or private, with an icon so it never rests on colour alone. */
export function TrainingAuthBadge({ auth, className }: { auth: TrainingAuthValue; className?: string }) {
  const { t } = useTranslation();
  const isPrivate = auth === TrainingAuth.PRIVATE;
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium [&_svg]:size-3',
        isPrivate
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100'
          : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
        className,
      )}
      data-testid="training-auth"
      data-auth={auth}
    >
      {isPrivate ? <Lock aria-hidden /> : <Globe aria-hidden />}
      {t(AUTH_LABEL[auth])}
    </span>
  );
}

/**
 * A category as HOJ shows it: its colour, its name. Outlined with a dot of the colour when
 * `filled` is off (readable in either theme whatever the colour), filled in it when on.
 */
export function CategoryChip({
  name,
  color,
  filled = false,
  className,
}: {
  name: string;
  color: string | null;
  filled?: boolean;
  className?: string;
}) {
  const colour = color ?? '#409eff';
  return (
    <span
      className={cn(
        'inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium',
        className,
      )}
      style={
        filled
          ? { backgroundColor: colour, borderColor: colour, color: readableTextColor(colour) }
          : undefined
      }
      data-testid="training-category"
    >
      {!filled && (
        <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: colour }} />
      )}
      <span className="truncate">{name}</span>
    </span>
  );
}
