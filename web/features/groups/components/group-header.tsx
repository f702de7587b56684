import { CalendarDays, Hash, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupDetail } from '@/shared/api/group-types';
import { GroupStatus } from '@/shared/constants/groups';
import { formatDateTime } from '@/shared/format';
import { GroupAuthBadge, GroupAvatar, HiddenBadge } from './group-badges';

/** A group's card at the top of its pages: picture, name, short name, access, owner, number, date; the join box beside. */
export function GroupHeader({ group, actions }: { group: GroupDetail; actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header
      className="grid gap-4 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:p-5"
      data-testid="group-header"
    >
      <div className="flex min-w-0 items-start gap-3 sm:gap-4">
        <GroupAvatar src={group.avatar} name={group.name} className="size-14 text-xl sm:size-16" />
        <div className="grid min-w-0 gap-1.5">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-xl font-semibold break-words tracking-tight" data-testid="group-name">
              {group.name}
            </h1>
            <GroupAuthBadge auth={group.auth} />
            {!group.visible && <HiddenBadge />}
            {group.status === GroupStatus.BANNED && (
              <span
                className="rounded-md bg-destructive px-2 py-0.5 text-xs font-medium text-white"
                data-testid="group-banned"
              >
                {t('web.group.banned')}
              </span>
            )}
          </div>
          <p className="font-mono text-sm text-muted-foreground" data-testid="group-short-name">
            {group.shortName}
          </p>
          {group.brief && <p className="text-sm break-words">{group.brief}</p>}
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
            <div className="flex items-center gap-1">
              <dt title={t('web.group.owner')}>
                <UserRound className="size-3.5" aria-hidden />
                <span className="sr-only">{t('web.group.owner')}</span>
              </dt>
              <dd>
                <Link
                  to={`/user-home?username=${encodeURIComponent(group.owner)}`}
                  className="text-primary hover:underline"
                  data-testid="group-owner"
                >
                  {group.owner}
                </Link>
              </dd>
            </div>
            <div className="flex items-center gap-1">
              <dt title={t('web.group.number')}>
                <Hash className="size-3.5" aria-hidden />
                <span className="sr-only">{t('web.group.number')}</span>
              </dt>
              <dd className="tabular-nums">{group.id}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt title={t('web.group.createdAt')}>
                <CalendarDays className="size-3.5" aria-hidden />
                <span className="sr-only">{t('web.group.createdAt')}</span>
              </dt>
              <dd className="tabular-nums">{formatDateTime(group.gmtCreate).slice(0, 10)}</dd>
            </div>
          </dl>
        </div>
      </div>
      <div className="min-w-0 sm:justify-self-end">{actions}</div>
    </header>
  );
}
