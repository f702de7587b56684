import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth';
import { totalUnread, useUnreadCounts } from './api';

/** The top navigation's bell: the logged-in user's unread total, a link to the message centre. */
export function UnreadBell() {
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.userInfo);
  const counts = useUnreadCounts();
  const inCentre = useMatch('/message/*');
  if (!token || !user) return null;
  const total = totalUnread(counts.data);
  const label = total > 0 ? t('messages.bellUnread', { count: total }) : t('messages.bell');
  return (
    <Button variant="ghost" size="icon-sm" asChild className={cn('relative', inCentre && 'bg-accent')}>
      <Link to="/message" aria-label={label} title={label} data-testid="unread-bell">
        <Bell aria-hidden />
        {total > 0 && (
          <span
            data-testid="unread-total"
            className="absolute -top-0.5 -right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-white leading-none tabular-nums"
          >
            {total > 99 ? '99+' : total}
          </span>
        )}
      </Link>
    </Button>
  );
}
