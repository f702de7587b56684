import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { UnreadCounts } from '@/shared/api/types';
import { MESSAGE_TYPES } from '@/shared/constants/messages';
import { cn } from '@/shared/lib/utils';

/** The five kinds with their unread counts: a column beside the list; on a phone, rows above it (every count in sight). */
export function MessageTypeNav({ counts }: { counts: UnreadCounts | undefined }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('messages.kinds')}
      className="flex flex-wrap gap-1 md:flex-col md:flex-nowrap"
      data-testid="message-types"
    >
      {MESSAGE_TYPES.map((type) => {
        const count = counts?.[type] ?? 0;
        return (
          <NavLink
            key={type}
            to={`/message/${type}`}
            data-testid={`message-type-${type}`}
            className={({ isActive }) =>
              cn(
                'flex shrink-0 items-center justify-between gap-3 rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent',
                isActive && 'bg-accent font-medium text-accent-foreground',
              )
            }
          >
            {t(`messages.types.${type}`)}
            {count > 0 && (
              <span
                data-testid={`message-count-${type}`}
                className="grid h-5 min-w-5 place-items-center rounded-full bg-destructive px-1.5 font-semibold text-white text-xs tabular-nums"
              >
                {count > 99 ? '99+' : count}
              </span>
            )}
          </NavLink>
        );
      })}
    </nav>
  );
}
