import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { TrainingAuth } from '@/shared/constants/trainings';
import {
  CodePanel,
  LoadFailed,
  ProblemSplit,
  ProblemTabs,
  StatementSkeleton,
  useCodeWorkspace,
  useDesktopSplit,
  useProblemDetail,
} from '@/web/features/problems';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import {
  trainingKeys,
  useTrainingAccess,
  useTrainingDetail,
  useTrainingFocusList,
  useTrainingProblems,
} from '../api';
import { type BarProblem, TrainingProblemBar } from '../components/training-problem-bar';
import { readTrainingId, trainingPath } from '../lib';

/**
 * A problem opened inside a training (HOJ's /training/:trainingID/problem/:problemID): the problem
 * page with the way back to the training and its other problems above the statement. Submissions
 * carry the training's id, so the server checks the training and counts them in its progress and
 * rank; until a private training is entered, submitting waits for its password.
 */
export function Component() {
  const { t } = useTranslation();
  const { trainingID, problemID = '' } = useParams();
  const tid = readTrainingId(trainingID);
  const uid = useAuth((s) => (s.token ? (s.userInfo?.uid ?? null) : null));
  const training = useTrainingDetail(tid, uid ?? '');
  const isPrivate = training.data?.auth === TrainingAuth.PRIVATE;
  const access = useTrainingAccess(isPrivate ? tid : 0, uid);
  const entered = !!training.data && (!isPrivate || access.data?.access === true);
  const focus = useTrainingFocusList(tid, uid, entered);
  const listed = useTrainingProblems(tid, uid ?? '', entered && !uid);
  const query = useProblemDetail(problemID);
  const desktop = useDesktopSplit();
  useDocumentTitle(query.data?.problem.title ?? problemID);

  const target = useMemo(() => ({ tid, detailKey: trainingKeys.training(tid) }), [tid]);
  const workspace = useCodeWorkspace(problemID, query.data, query.isError || !entered, undefined, target);
  const problems: BarProblem[] =
    focus.data?.map((p) => ({ problemId: p.problemId, title: p.title, status: p.status })) ??
    listed.data?.map((p) => ({ problemId: p.problemId, title: p.title, status: null })) ??
    [];
  const known = focus.data !== undefined || listed.data !== undefined;
  const outside = known && !problems.some((p) => p.problemId === problemID);

  const notice = !training.data
    ? null
    : !entered && (!uid || access.isFetched)
      ? t('training.page.submitLocked')
      : outside
        ? t('training.problemNotInTraining')
        : null;

  const statement = (
    <div className={desktop ? 'h-full overflow-y-auto px-6 pb-6' : 'px-4 pt-2 pb-5 sm:px-6'}>
      <div className="grid gap-3 pt-3">
        <TrainingProblemBar tid={tid} title={training.data?.title} problems={problems} current={problemID} />
        {notice && (
          <p
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
            data-testid="training-problem-notice"
          >
            {notice}{' '}
            <Link to={trainingPath(tid)} className="font-medium underline">
              {t('training.page.tabs.intro')}
            </Link>
          </p>
        )}
        {query.isPending && <StatementSkeleton />}
        {query.isError && <LoadFailed onRetry={() => void query.refetch()} />}
        {query.data && <ProblemTabs detail={query.data} />}
      </div>
    </div>
  );
  return (
    <ProblemSplit
      statement={statement}
      editor={<CodePanel workspace={workspace} fill={desktop} />}
      desktop={desktop}
    />
  );
}
