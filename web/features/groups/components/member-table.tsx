import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { GROUP_LIMITS } from '@/shared/constants/groups';
import { formatDateTime } from '@/shared/format';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { PagedTable } from '@/web/components/paged-table';
import { Button } from '@/web/components/ui/button';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useGroupMembers } from '../api';
import type { GroupStanding } from '../lib';
import { useRemoveMember, useUpdateMember } from '../mutations';
import { RoleBadge } from './group-badges';
import { MemberRoleSelect } from './member-role-select';

/** Above every role: the owner and the site's root. */
const ABOVE_ALL = 6;

/**
 * The group's members (HOJ's member list): username, role, joined, changed. A group admin changes
 * the roles below their own and removes members below them (never themselves or the owner); the
 * owner and the site's root do so for anyone.
 */
export function MemberTable({
  gid,
  uid,
  owner,
  standing,
}: {
  gid: number;
  uid: string | null;
  /** the owner's account */
  owner: string;
  standing: GroupStanding;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const limit = GROUP_LIMITS.memberPageSize;
  const list = useGroupMembers({ gid, currentPage: page, limit }, true);
  const update = useUpdateMember(gid);
  const remove = useRemoveMember(gid);
  const mayGrantAny = standing.isOwner || standing.isSiteRoot;
  const rank = mayGrantAny ? ABOVE_ALL : standing.role;
  return (
    <PagedTable
      data={list.data}
      testId="group-member-table"
      columns={[
        { label: t('web.group.member.username') },
        { label: t('web.group.member.role') },
        { label: t('web.group.member.joined'), className: 'hidden md:table-cell' },
        { label: t('web.group.member.changed'), className: 'hidden lg:table-cell' },
        ...(standing.admin ? [{ label: t('web.group.actions'), className: 'text-right' }] : []),
      ]}
      empty={{ text: t('web.group.member.empty') }}
      page={page}
      limit={limit}
      onPageChange={setPage}
      row={(m) => {
        const isOwner = m.uid === owner;
        const removable = standing.admin && m.uid !== uid && !isOwner && (mayGrantAny || m.auth < rank);
        return (
          <TableRow key={m.uid} data-testid="group-member-row" data-username={m.username}>
            <TableCell className="max-w-48 truncate">
              <Link
                to={`/user-home?username=${encodeURIComponent(m.username)}`}
                className="font-medium text-primary hover:underline"
              >
                {m.username}
              </Link>
            </TableCell>
            <TableCell>
              {standing.admin && !isOwner && m.uid !== uid ? (
                <MemberRoleSelect
                  role={m.auth}
                  rank={rank}
                  mayGrantAny={mayGrantAny}
                  disabled={update.isPending}
                  label={t('web.group.member.roleOf', { username: m.username })}
                  testId={`group-member-role-${m.username}`}
                  onChange={(auth) =>
                    update.mutate(
                      { uid: m.uid, auth },
                      { onSuccess: () => toast.success(t('web.group.member.updated')) },
                    )
                  }
                />
              ) : (
                <RoleBadge role={m.auth} />
              )}
            </TableCell>
            <TableCell className="hidden whitespace-nowrap text-muted-foreground tabular-nums md:table-cell">
              {formatDateTime(m.gmtCreate)}
            </TableCell>
            <TableCell className="hidden whitespace-nowrap text-muted-foreground tabular-nums lg:table-cell">
              {formatDateTime(m.gmtModify)}
            </TableCell>
            {standing.admin && (
              <TableCell className="text-right">
                {removable && (
                  <ConfirmDialog
                    title={t('web.group.member.removeConfirm', { username: m.username })}
                    description={t('web.group.member.removeExplain')}
                    confirmLabel={t('web.group.member.remove')}
                    destructive
                    testId="group-member-remove-confirm"
                    onConfirm={() =>
                      remove.mutate(m.uid, { onSuccess: () => toast.success(t('web.group.member.removed')) })
                    }
                    trigger={
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        aria-label={t('web.group.member.removeOf', { username: m.username })}
                        title={t('web.group.member.remove')}
                        data-testid={`group-member-remove-${m.username}`}
                      >
                        <UserMinus />
                      </Button>
                    }
                  />
                )}
              </TableCell>
            )}
          </TableRow>
        );
      }}
    />
  );
}
