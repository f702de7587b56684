import { Download, FilePlus2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminContestVO } from '@/shared/api/contest-types';
import { apiErrorText } from '@/shared/api/error-message';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestEditorScope, useContestProblems } from './api';
import { AddProblemDialog } from './components/add-problem-dialog';
import { ContestProblemRow, ROW_GRID } from './components/contest-problem-row';
import { ContestScreen } from './components/contest-screen';
import { DownloadsDialog } from './components/downloads-dialog';
import { compareDisplayIds } from './lib/display-id';

function Problems({ contest }: { contest: AdminContestVO }) {
  const { t } = useTranslation();
  const scope = useContestEditorScope();
  const list = useContestProblems(contest.id);
  const map = list.data?.contestProblemMap ?? {};
  const rows = (list.data?.problemList.records ?? [])
    .flatMap((problem) => {
      const link = map[String(problem.id)];
      return link ? [{ problem, link }] : [];
    })
    .sort((a, b) => compareDisplayIds(a.link.displayId, b.link.displayId));
  const taken = Object.values(map).map((l) => l.displayId);

  return (
    <TitledCard
      title={t('admin.contest.problems')}
      testId="contest-problems-admin"
      tools={
        <>
          {scope.AddProblems && <scope.AddProblems cid={contest.id} type={contest.type} taken={taken} />}
          <AddProblemDialog cid={contest.id} type={contest.type} taken={taken} />
          <Button size="sm" variant="outline" asChild>
            <Link to={scope.path(contest.id, 'problem/create')} data-testid="contest-problem-create">
              <FilePlus2 />
              {t('admin.contest.newProblem')}
            </Link>
          </Button>
          <DownloadsDialog
            cid={contest.id}
            title={contest.title}
            trigger={
              <Button size="sm" variant="outline" data-testid="contest-downloads">
                <Download />
                {t('admin.contest.downloads.title')}
              </Button>
            }
          />
        </>
      }
    >
      {list.error ? (
        <p className="text-muted-foreground">{apiErrorText(list.error, t)}</p>
      ) : !list.data ? (
        <Skeleton className="h-40 w-full" />
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="contest-problems-empty">
          {t('admin.contest.noProblems')}
        </p>
      ) : (
        <div>
          <div
            className={`hidden gap-2 border-b pb-2 text-sm font-medium text-muted-foreground lg:grid ${ROW_GRID}`}
            aria-hidden
          >
            <span>{t('admin.contest.displayId')}</span>
            <span>{t('admin.contest.problem')}</span>
            <span>{t('admin.contest.displayTitle')}</span>
            <span>{t('admin.contest.balloon')}</span>
            <span className="text-right">{t('admin.actions')}</span>
          </div>
          <ul data-testid="contest-problem-list">
            {rows.map(({ problem, link }) => (
              <ContestProblemRow key={link.id} cid={contest.id} problem={problem} link={link} />
            ))}
          </ul>
        </div>
      )}
    </TitledCard>
  );
}

/** /admin/contest/:cid/problem: the contest's problems, in display id order, edited in place. */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.contest.problems'));
  return <ContestScreen active="problem">{(contest) => <Problems contest={contest} />}</ContestScreen>;
}
