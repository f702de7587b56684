import { CalendarDays, UserRound, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { GroupVO } from '@/shared/api/group-types';
import { formatDateTime } from '@/shared/format';
import { groupPath } from '../lib';
import { GroupAuthBadge, GroupAvatar, HiddenBadge } from './group-badges';

/**
 * One group in the list (HOJ's card): picture, name to the group, short name, brief, owner, member
 * count, access tag and when it was made.
 */
export function GroupCard({ group }: { group: GroupVO }) {
  const { t } = useTranslation();
  return (
    <li
      className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-lg border bg-card p-4 transition-colors hover:bg-muted/30"
      data-testid="group-card"
      data-group-id={group.id}
    >
      <GroupAvatar src={group.avatar} name={group.name} />
      <div className="min-w-0">
        <Link
          to={groupPath(group.id)}
          className="block truncate font-semibold text-primary hover:underline"
          data-testid={`group-link-${group.id}`}
          title={group.name}
        >
          {group.name}
        </Link>
        <p className="truncate font-mono text-xs text-muted-foreground" data-testid="group-short-name">
          {group.shortName}
        </p>
      </div>
      <p
        className="col-span-2 line-clamp-2 min-h-10 text-sm break-words text-muted-foreground"
        data-testid="group-brief"
      >
        {group.brief}
      </p>
      <div className="col-span-2 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-muted-foreground">
        <GroupAuthBadge auth={group.auth} />
        {!group.visible && <HiddenBadge />}
        <span className="inline-flex items-center gap-1" title={t('web.group.memberCount')}>
          <Users className="size-3.5" aria-hidden />
          <span className="sr-only">{t('web.group.memberCount')}</span>
          <span className="tabular-nums" data-testid="group-member-count">
            {group.memberCount}
          </span>
        </span>
        <Link
          to={`/user-home?username=${encodeURIComponent(group.owner)}`}
          className="inline-flex min-w-0 items-center gap-1 hover:text-foreground hover:underline"
          title={t('web.group.owner')}
          data-testid="group-owner"
        >
          <UserRound className="size-3.5 shrink-0" aria-hidden />
          <span className="sr-only">{t('web.group.owner')}</span>
          <span className="truncate">{group.owner}</span>
        </Link>
        <span
          className="ml-auto inline-flex items-center gap-1 tabular-nums"
          title={t('web.group.createdAt')}
        >
          <CalendarDays className="size-3.5" aria-hidden />
          <span className="sr-only">{t('web.group.createdAt')}</span>
          {formatDateTime(group.gmtCreate).slice(0, 10)}
        </span>
      </div>
    </li>
  );
}
