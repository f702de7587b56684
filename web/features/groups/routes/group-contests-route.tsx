import { ListChecks, ListOrdered, ListPlus, Megaphone, Pencil, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { EmptyRow } from '@/web/components/paged-table';
import { Pagination } from '@/web/components/pagination';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Switch } from '@/web/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ContestCard, STATUS_KEY, useServerNow } from '@/web/features/contests';
import { useAuth } from '@/web/lib/auth';
import { AddGroupProblemDialog } from '../components/add-group-problem-dialog';
import { ContestCreateDialog } from '../components/contest-create-dialog';
import { GroupGate } from '../components/group-gate';
import { CONTENT_PAGE_SIZE, useContentActions, useGroupContests } from '../content-api';
import { useGroupContext } from '../group-context';
import { groupContestEditPath, mayEdit } from '../lib';

/** The contest's editing screens in the console's editors, with their icons and labels. */
const EDIT_LINKS = [
  { screen: 'edit', icon: Pencil, label: 'web.group.edit', of: 'web.group.editOf' },
  {
    screen: 'problem',
    icon: ListOrdered,
    label: 'web.group.content.problems',
    of: 'web.group.content.problemsOf',
  },
  {
    screen: 'announcement',
    icon: Megaphone,
    label: 'web.group.content.announcements',
    of: 'web.group.content.announcementsOf',
  },
] as const;

/**
 * The Contests tab (HOJ's GroupContestList): the group's contests as the contest list shows them;
 * a contest opens on the site's contest screens (the server lets the group's members in). Group
 * admins switch to the management list: visibility, adding the group's problems, delete, create.
 */
function GroupContests() {
  const { t } = useTranslation();
  const { gid, standing } = useGroupContext();
  const username = useAuth((s) => s.userInfo?.username ?? null);
  const [page, setPage] = useState(1);
  const [manage, setManage] = useState(false);
  const [creating, setCreating] = useState(false);
  const [adding, setAdding] = useState<number | null>(null);
  const list = useGroupContests(gid, page, manage && standing.admin);
  const actions = useContentActions(gid);
  const now = useServerNow(0);
  const data = list.data;
  return (
    <TitledCard
      title={t('web.group.tabs.contest')}
      testId="group-contests"
      tools={
        standing.admin && (
          <>
            <Button size="sm" onClick={() => setCreating(true)} data-testid="group-contest-create">
              <Plus />
              {t('web.group.content.newContest')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-pressed={manage}
              onClick={() => setManage(!manage)}
              data-testid="group-contest-manage"
            >
              {manage ? <ListChecks /> : <Settings2 />}
              {t(manage ? 'web.group.backToList' : 'web.group.manage')}
            </Button>
          </>
        )
      }
    >
      {!data && <Skeleton className="h-40 w-full" />}
      {data && !data.manage && (
        <ul className="grid gap-3" data-testid="group-contest-list">
          {data.page.records.map((c) => (
            <ContestCard key={c.id} contest={c} now={now} />
          ))}
          {data.page.records.length === 0 && (
            <li className="py-10 text-center text-muted-foreground">{t('web.group.content.noContests')}</li>
          )}
        </ul>
      )}
      {data?.manage && (
        <Table data-testid="group-contest-admin-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('web.group.content.title')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('contestPage.list.status')}</TableHead>
              <TableHead>{t('web.group.content.visible')}</TableHead>
              <TableHead className="text-right">{t('web.group.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.page.records.length === 0 && (
              <EmptyRow colSpan={4} text={t('web.group.content.noContests')} />
            )}
            {data.page.records.map((c) => (
              <TableRow key={c.id} data-testid="group-contest-admin-row">
                <TableCell className="max-w-64 truncate">
                  <Link to={`/contest/${c.id}`} className="font-medium text-primary hover:underline">
                    {c.title}
                  </Link>
                </TableCell>
                <TableCell className="hidden sm:table-cell">
                  <Badge variant="outline">{t(STATUS_KEY[c.status as keyof typeof STATUS_KEY] ?? '')}</Badge>
                </TableCell>
                <TableCell>
                  <Switch
                    checked={c.visible}
                    aria-label={t('web.group.content.visibleOf', { title: c.title })}
                    onCheckedChange={(visible) =>
                      actions.contestVisible.mutate(
                        { cid: c.id, visible },
                        { onSuccess: () => toast.success(t('web.group.saved')) },
                      )
                    }
                  />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  {mayEdit(standing, c.author, username) &&
                    EDIT_LINKS.map(({ screen, icon: Icon, label, of }) => (
                      <Button key={screen} variant="ghost" size="icon-sm" asChild>
                        <Link
                          to={groupContestEditPath(gid, c.id, screen)}
                          aria-label={t(of, { title: c.title })}
                          title={t(label)}
                          data-testid={`group-contest-${screen}-${c.id}`}
                        >
                          <Icon />
                        </Link>
                      </Button>
                    ))}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('web.group.content.addProblemTo', { title: c.title })}
                    title={t('web.group.content.addProblem')}
                    onClick={() => setAdding(c.id)}
                  >
                    <ListPlus />
                  </Button>
                  <ConfirmDialog
                    title={t('web.group.content.deleteConfirm', { title: c.title })}
                    confirmLabel={t('web.group.delete')}
                    destructive
                    onConfirm={() =>
                      actions.deleteContest.mutate(c.id, {
                        onSuccess: () => toast.success(t('web.group.deleted')),
                      })
                    }
                    trigger={
                      <Button variant="ghost" size="sm" className="text-destructive">
                        {t('web.group.delete')}
                      </Button>
                    }
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination
        total={data?.page.total ?? 0}
        page={page}
        limit={CONTENT_PAGE_SIZE}
        onPageChange={setPage}
      />
      {standing.admin && (
        <>
          <ContestCreateDialog gid={gid} actions={actions} open={creating} onOpenChange={setCreating} />
          <AddGroupProblemDialog
            title={t('web.group.content.addProblem')}
            withLabel
            open={adding !== null}
            pending={actions.addContestProblem.isPending}
            onOpenChange={(open) => !open && setAdding(null)}
            onAdd={(problemId, displayId, done) =>
              adding !== null &&
              actions.addContestProblem.mutate(
                { problemId, cid: adding, displayId },
                {
                  onSuccess: () => {
                    toast.success(t('web.group.content.problemAdded', { id: problemId }));
                    done();
                  },
                },
              )
            }
          />
        </>
      )}
    </TitledCard>
  );
}

export function Component() {
  return (
    <GroupGate>
      <GroupContests />
    </GroupGate>
  );
}
