import { Link2Off, Loader2, RefreshCw, Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Submission } from '@/shared/api/types';
import {
  isInProgress,
  isWrongVerdict,
  RESUBMITTABLE_STATUSES,
  showsErrorText,
  statusInfo,
} from '@/shared/constants/judge-status';
import { isAdmin } from '@/shared/stores/auth';
import { Page } from '@/web/app/layouts/page';
import { CopyButton } from '@/web/components/copy-button';
import { StatusTag } from '@/web/components/status-tag';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { LazyCodeEditor, useEditorSettings } from '@/web/features/editor';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useCaseResults, useResubmit, useShareSubmission, useSubmissionDetail } from '../api';
import { CaseTiles } from '../components/case-tiles';
import { QueuePlace } from '../components/queue-place';
import { SubmissionSummary } from '../components/submission-summary';
import { SubtaskList } from '../components/subtask-list';
import { WrongCaseCard } from '../components/wrong-case-card';

function ResubmitButton({ submitId }: { submitId: number }) {
  const { t } = useTranslation();
  const resubmit = useResubmit(submitId);
  return (
    <Button
      variant="outline"
      size="icon-sm"
      aria-label={t('workspace.resubmit')}
      title={t('workspace.resubmit')}
      disabled={resubmit.isPending}
      onClick={() => resubmit.mutate()}
      data-testid="resubmit"
    >
      <RefreshCw />
    </Button>
  );
}

function Banner({ submission: s, canResubmit }: { submission: Submission; canResubmit: boolean }) {
  const { t } = useTranslation();
  const info = statusInfo(s.status);
  return (
    <section
      className="flex flex-wrap items-center gap-3 rounded-lg border border-l-8 bg-card px-4 py-4"
      style={{ borderLeftColor: info.color }}
      data-testid="status-banner"
    >
      <StatusTag
        status={s.status}
        className="px-3 py-1 text-base [&>svg]:size-5"
        data-testid="detail-status"
      />
      {canResubmit && RESUBMITTABLE_STATUSES.includes(s.status) && <ResubmitButton submitId={s.submitId} />}
      <h1 className="text-lg font-semibold">{t('web.submissionDetail.heading', { id: s.submitId })}</h1>
      <Link to={`/problem/${encodeURIComponent(s.displayPid)}`} className="text-primary hover:underline">
        {s.displayPid}
        {s.title ? ` ${s.title}` : ''}
      </Link>
      {isInProgress(s.status) &&
        (s.queuePosition ? (
          <QueuePlace position={s.queuePosition} etaSeconds={s.queueEtaSeconds} className="text-sm" />
        ) : (
          <span className="text-sm text-muted-foreground">{t('web.submissionDetail.judging')}</span>
        ))}
    </section>
  );
}

function CaseSection({
  submitId,
  status,
  showScore,
}: {
  submitId: number;
  status: number;
  showScore: boolean;
}) {
  const { t } = useTranslation();
  const { data } = useCaseResults(submitId, status);
  const groups = data?.subTaskJudgeCaseVoList ?? [];
  const cases = data?.judgeCaseList ?? [];
  if (!groups.length && !cases.length) return null;
  return (
    <section className="grid gap-3">
      <h2 className="font-semibold">{t('web.submissionDetail.cases')}</h2>
      {groups.length ? <SubtaskList groups={groups} /> : <CaseTiles cases={cases} showScore={showScore} />}
    </section>
  );
}

/** Share / Cancel sharing: the owner (or an admin), outside contests, when the problem allows it. */
function ShareButton({ submission: s }: { submission: Submission }) {
  const { t } = useTranslation();
  const share = useShareSubmission(s.submitId);
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => share.mutate(!s.share)}
      disabled={share.isPending}
      aria-pressed={s.share}
      data-testid="share-code"
    >
      {share.isPending ? <Loader2 className="animate-spin" /> : s.share ? <Link2Off /> : <Share2 />}
      {s.share ? t('workspace.unshare') : t('workspace.share')}
    </Button>
  );
}

function CodeSection({ submission: s, canShare }: { submission: Submission; canShare: boolean }) {
  const { t } = useTranslation();
  const { theme, fontSize, tabSize } = useEditorSettings();
  if (!s.code) return null;
  return (
    <section className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{t('web.submissionDetail.code')}</h2>
        {s.share && (
          <Badge variant="secondary" data-testid="shared-badge">
            {t('workspace.sharedBadge')}
          </Badge>
        )}
        <div className="ml-auto flex items-center gap-1">
          {canShare && <ShareButton submission={s} />}
          <CopyButton text={s.code} data-testid="copy-code" />
        </div>
      </div>
      <div className="overflow-hidden rounded-lg border">
        <LazyCodeEditor
          testId="code-view"
          label={t('web.submissionDetail.code')}
          value={s.code}
          language={s.language}
          theme={theme}
          fontSize={fontSize}
          tabSize={tabSize}
          readOnly
        />
      </div>
    </section>
  );
}

/**
 * A submission's detail: banner, error text, summary, per-case results, wrong-case card and code. Used by
 * the site's page and inside contests (where sharing, downloads and resubmitting are off).
 */
export function SubmissionDetailView({ submitId }: { submitId: number }) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useSubmissionDetail(submitId);
  const user = useAuth((st) => st.userInfo);
  const token = useAuth((st) => st.token);
  useDocumentTitle(t('web.submissionDetail.heading', { id: Number.isFinite(submitId) ? submitId : '' }));
  const s = data?.submission;
  // the owner (and admins) outside contests; the server checks again
  const ownerOrAdmin = !!s && !!token && (s.uid === user?.uid || isAdmin(user));
  const outsideContest = !!s && s.cid === 0;

  return (
    <div className="grid gap-5">
      {isPending && (
        <div className="grid gap-4">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      {(isError || (!isPending && !s)) && (
        <p role="alert" className="text-muted-foreground">
          {t('web.submissionDetail.loadFailed')}
        </p>
      )}
      {s && (
        <>
          <Banner submission={s} canResubmit={!!token && s.uid === user?.uid && outsideContest} />
          {showsErrorText(s.status) && s.errorMessage && (
            <pre
              className="max-h-80 overflow-auto whitespace-pre-wrap rounded-lg border bg-muted p-4 text-sm"
              data-testid="error-message"
            >
              {s.errorMessage}
            </pre>
          )}
          <SubmissionSummary submission={s} />
          <CaseSection
            submitId={s.submitId}
            status={s.status}
            showScore={s.score !== null && s.score !== undefined}
          />
          {ownerOrAdmin && outsideContest && isWrongVerdict(s.status) && (
            <WrongCaseCard submitId={s.submitId} />
          )}
          <CodeSection submission={s} canShare={ownerOrAdmin && outsideContest && !!data?.codeShare} />
        </>
      )}
    </div>
  );
}

export function Component() {
  return (
    <Page>
      <SubmissionDetailView submitId={Number(useParams().submitId)} />
    </Page>
  );
}
