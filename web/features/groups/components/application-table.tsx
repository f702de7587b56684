import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { GROUP_LIMITS, GroupRole } from '@/shared/constants/groups';
import { formatDateTime } from '@/shared/format';
import { PagedTable } from '@/web/components/paged-table';
import { PendingButton } from '@/web/components/pending-button';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useGroupApplications } from '../api';
import { useUpdateMember } from '../mutations';
import { RoleBadge } from './group-badges';

/**
 * A group admin's applications (HOJ's apply list): who, why, when; Approve makes a member, Refuse
 * refuses (a refused one may be approved later).
 */
export function ApplicationTable({ gid }: { gid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const limit = GROUP_LIMITS.memberPageSize;
  const list = useGroupApplications({ gid, currentPage: page, limit }, true);
  const update = useUpdateMember(gid);
  const decide = (uid: string, auth: number) =>
    update.mutate(
      { uid, auth },
      {
        onSuccess: () =>
          toast.success(
            t(auth === GroupRole.MEMBER ? 'web.group.member.approved' : 'web.group.member.refusedDone'),
          ),
      },
    );
  const busy = (uid: string, auth: number) =>
    update.isPending && update.variables?.uid === uid && update.variables.auth === auth;
  return (
    <PagedTable
      data={list.data}
      testId="group-application-table"
      columns={[
        { label: t('web.group.member.username') },
        { label: t('web.group.member.reason') },
        { label: t('web.group.member.state'), className: 'hidden sm:table-cell' },
        { label: t('web.group.member.applied'), className: 'hidden md:table-cell' },
        { label: t('web.group.actions'), className: 'text-right' },
      ]}
      empty={{ text: t('web.group.member.noApplications'), testId: 'group-application-empty' }}
      page={page}
      limit={limit}
      onPageChange={setPage}
      row={(m) => (
        <TableRow key={m.uid} data-testid="group-application-row" data-username={m.username}>
          <TableCell className="max-w-40 truncate">
            <Link
              to={`/user-home?username=${encodeURIComponent(m.username)}`}
              className="font-medium text-primary hover:underline"
            >
              {m.username}
            </Link>
          </TableCell>
          <TableCell
            className="min-w-40 whitespace-normal break-words"
            data-testid="group-application-reason"
          >
            {m.reason || '—'}
          </TableCell>
          <TableCell className="hidden sm:table-cell">
            <RoleBadge role={m.auth} />
          </TableCell>
          <TableCell className="hidden whitespace-nowrap text-muted-foreground tabular-nums md:table-cell">
            {formatDateTime(m.gmtCreate)}
          </TableCell>
          <TableCell className="text-right whitespace-nowrap">
            <div className="inline-flex gap-1.5">
              <PendingButton
                size="sm"
                pending={busy(m.uid, GroupRole.MEMBER)}
                disabled={update.isPending}
                onClick={() => decide(m.uid, GroupRole.MEMBER)}
                data-testid={`group-approve-${m.username}`}
              >
                <Check />
                {t('web.group.member.approve')}
              </PendingButton>
              {m.auth !== GroupRole.REFUSED && (
                <PendingButton
                  size="sm"
                  variant="outline"
                  pending={busy(m.uid, GroupRole.REFUSED)}
                  disabled={update.isPending}
                  onClick={() => decide(m.uid, GroupRole.REFUSED)}
                  data-testid={`group-refuse-${m.username}`}
                >
                  <X />
                  {t('web.group.member.refuse')}
                </PendingButton>
              )}
            </div>
          </TableCell>
        </TableRow>
      )}
    />
  );
}
