import { Check, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApplyPublicProgress } from '@/shared/constants/groups';
import { isRootRoleList } from '@/shared/constants/roles';
import { cn } from '@/shared/lib/utils';
import { PagedTable } from '@/web/components/paged-table';
import { PendingButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { TableCell, TableRow } from '@/web/components/ui/table';
import { useAuth } from '@/web/lib/auth';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { KeywordSearch } from '../components/keyword-search';
import {
  GROUP_PROBLEM_REQUEST_PAGE_SIZE,
  useAnswerGroupProblemRequest,
  useGroupChoices,
  useGroupProblemRequests,
} from './api';

/** The filter's states: the open requests first (the default), then the answered ones, or all. */
const FILTERS = [
  { value: String(ApplyPublicProgress.APPLIED), key: 'groupProblemAdmin.progress.1' },
  { value: String(ApplyPublicProgress.AGREED), key: 'groupProblemAdmin.progress.2' },
  { value: String(ApplyPublicProgress.REFUSED), key: 'groupProblemAdmin.progress.3' },
  { value: 'all', key: 'groupProblemAdmin.all' },
] as const;

const PROGRESS_BADGE: Record<number, 'default' | 'secondary' | 'outline'> = {
  [ApplyPublicProgress.APPLIED]: 'default',
  [ApplyPublicProgress.AGREED]: 'secondary',
  [ApplyPublicProgress.REFUSED]: 'outline',
};

const ALL_GROUPS = 'all';

/** A whole positive number from the address, or undefined. */
function readId(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * /admin/group-problem (root and problem admins; HOJ's admin group problem list): the group problems
 * whose groups ask for them to join the site's public problem list. Agree publishes one (it stays its
 * group's), Refuse keeps it the group's alone; an answer can be changed later. Filters by state, group
 * and keyword live in the address.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('groupProblemAdmin.title'));
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const keyword = params.get('keyword') ?? '';
  const gid = readId(params.get('gid'));
  const state = params.get('progress') ?? String(ApplyPublicProgress.APPLIED);
  const progress = state === 'all' ? undefined : readId(state);
  const list = useGroupProblemRequests({
    currentPage: page,
    ...(keyword ? { keyword } : {}),
    ...(gid ? { gid } : {}),
    ...(progress ? { progress } : {}),
  });
  const groups = useGroupChoices(isRootRoleList(useAuth((s) => s.userInfo?.roleList) ?? []));
  const answer = useAnswerGroupProblemRequest();
  const set = (changes: Record<string, string | number | null>) =>
    setParams(withParams(params, { ...changes, currentPage: null }));
  const reply = (pid: number, problemId: string, next: number) =>
    answer.mutate(
      { pid, progress: next },
      {
        onSuccess: () =>
          toast.success(
            t(
              next === ApplyPublicProgress.AGREED ? 'groupProblemAdmin.agreed' : 'groupProblemAdmin.refused',
              {
                problemId,
              },
            ),
          ),
      },
    );

  return (
    <TitledCard
      title={t('groupProblemAdmin.title')}
      testId="admin-group-problems"
      tools={
        <KeywordSearch
          keyword={keyword}
          label={t('groupProblemAdmin.search')}
          placeholder={t('groupProblemAdmin.search')}
          testId="admin-group-problem-search"
          onSearch={(k) => set({ keyword: k })}
        />
      }
    >
      <p className="text-sm text-muted-foreground">{t('groupProblemAdmin.hint')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <fieldset className="flex min-w-0 flex-wrap gap-1 rounded-lg bg-muted p-1">
          <legend className="sr-only">{t('groupProblemAdmin.state')}</legend>
          {FILTERS.map((f) => (
            <Button
              key={f.value}
              type="button"
              size="sm"
              variant="ghost"
              aria-pressed={state === f.value}
              className={cn(state === f.value && 'bg-background shadow-xs hover:bg-background')}
              onClick={() =>
                set({ progress: f.value === String(ApplyPublicProgress.APPLIED) ? null : f.value })
              }
              data-testid={`admin-group-problem-filter-${f.value}`}
            >
              {t(f.key)}
            </Button>
          ))}
        </fieldset>
        <Select
          value={gid ? String(gid) : ALL_GROUPS}
          onValueChange={(v) => set({ gid: v === ALL_GROUPS ? null : v })}
        >
          <SelectTrigger
            className="w-full sm:w-60"
            aria-label={t('groupProblemAdmin.group')}
            data-testid="admin-group-problem-group"
          >
            <SelectValue />
          </SelectTrigger>
          <SelectContent className="max-w-80">
            <SelectItem value={ALL_GROUPS}>{t('groupProblemAdmin.allGroups')}</SelectItem>
            {gid && !groups.data?.some((g) => g.id === gid) && (
              <SelectItem value={String(gid)}>{`#${gid}`}</SelectItem>
            )}
            {(groups.data ?? []).map((g) => (
              <SelectItem key={g.id} value={String(g.id)} data-testid={`admin-group-problem-group-${g.id}`}>
                {g.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <PagedTable
        data={list.data}
        testId="admin-group-problem-table"
        columns={[
          { label: t('groupProblemAdmin.problem') },
          { label: t('groupProblemAdmin.group'), className: 'hidden sm:table-cell' },
          { label: t('groupProblemAdmin.author'), className: 'hidden md:table-cell' },
          { label: t('groupProblemAdmin.state') },
          { label: t('admin.actions'), className: 'text-right' },
        ]}
        empty={{ text: t('groupProblemAdmin.empty'), testId: 'admin-group-problem-empty' }}
        page={page}
        limit={GROUP_PROBLEM_REQUEST_PAGE_SIZE}
        onPageChange={(p) => setParams(withParams(params, { currentPage: p }))}
        row={(p) => (
          <TableRow key={p.id} data-testid={`admin-group-problem-row-${p.problemId}`}>
            <TableCell className="max-w-40 sm:max-w-64">
              <Link
                to={`/problem/${encodeURIComponent(p.problemId)}`}
                className="block truncate font-medium text-primary hover:underline"
              >
                {p.title}
              </Link>
              <span className="block truncate font-mono text-xs text-muted-foreground">{p.problemId}</span>
            </TableCell>
            <TableCell className="hidden max-w-48 sm:table-cell">
              <Link to={`/group/${p.gid}`} className="block truncate hover:underline">
                {p.groupName ?? `#${p.gid}`}
              </Link>
            </TableCell>
            <TableCell className="hidden max-w-40 truncate md:table-cell">{p.author}</TableCell>
            <TableCell>
              <Badge
                variant={PROGRESS_BADGE[p.applyPublicProgress] ?? 'outline'}
                data-testid="admin-group-problem-state"
              >
                {t(`groupProblemAdmin.progress.${p.applyPublicProgress}`)}
              </Badge>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap">
              <PendingButton
                size="sm"
                variant="outline"
                pending={
                  answer.isPending &&
                  answer.variables?.pid === p.id &&
                  answer.variables.progress === ApplyPublicProgress.AGREED
                }
                disabled={answer.isPending || p.applyPublicProgress === ApplyPublicProgress.AGREED}
                aria-label={t('groupProblemAdmin.agreeOf', { problemId: p.problemId })}
                onClick={() => reply(p.id, p.problemId, ApplyPublicProgress.AGREED)}
                data-testid={`admin-group-problem-agree-${p.problemId}`}
              >
                <Check />
                <span className="hidden sm:inline">{t('groupProblemAdmin.agree')}</span>
              </PendingButton>{' '}
              <PendingButton
                size="sm"
                variant="ghost"
                className="text-destructive"
                pending={
                  answer.isPending &&
                  answer.variables?.pid === p.id &&
                  answer.variables.progress === ApplyPublicProgress.REFUSED
                }
                disabled={answer.isPending || p.applyPublicProgress === ApplyPublicProgress.REFUSED}
                aria-label={t('groupProblemAdmin.refuseOf', { problemId: p.problemId })}
                onClick={() => reply(p.id, p.problemId, ApplyPublicProgress.REFUSED)}
                data-testid={`admin-group-problem-refuse-${p.problemId}`}
              >
                <X />
                <span className="hidden sm:inline">{t('groupProblemAdmin.refuse')}</span>
              </PendingButton>
            </TableCell>
          </TableRow>
        )}
      />
    </TitledCard>
  );
}
