import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMemory, formatTime } from '@/shared/format';
import { submissionUrl } from '../lib/links';
import { toRecent } from '../lib/mine';
import type { ProblemView } from '../lib/problem';
import { type RecentSubmission, recentItem } from '../lib/state';
import { labelOf } from '../lib/watch';
import { useStorageItem } from '../popup/use-storage-item';
import { pageApi } from '../ui/page-api';
import { StatusText } from '../ui/status-text';

/**
 * The user's last submission on the pinned problem: from the server's list (onlyMine, this
 * problem), and live from the worker's list of last submissions once a newer one appears there.
 */
export function LastVerdict({ view, serverUrl }: { view: ProblemView; serverUrl: string }) {
  const { t, i18n } = useTranslation();
  const recent = useStorageItem(recentItem);
  const [listed, setListed] = useState<RecentSubmission | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    const api = pageApi(serverUrl, i18n.language);
    const request = view.cid
      ? api.getContestSubmissions({
          contestID: view.cid,
          onlyMine: true,
          problemID: view.problemId,
          currentPage: 1,
          limit: 1,
        })
      : api.getSubmissionList({ onlyMine: true, problemID: view.problemId, currentPage: 1, limit: 1 });
    request.then(
      (page) => live && setListed(page?.records?.[0] ? toRecent(page.records[0]) : null),
      () => live && setListed(null),
    );
    return () => {
      live = false;
    };
  }, [view.problemId, view.cid, serverUrl, i18n.language]);

  const fromWorker = recent?.items.find(
    (s) =>
      s.cid === (view.cid ?? 0) &&
      (s.problemLabel === view.problemId ||
        labelOf({ cid: s.cid, displayId: s.problemLabel, displayPid: s.problemLabel }) === view.problemId),
  );
  const last = fromWorker && (!listed || fromWorker.submitId >= listed.submitId) ? fromWorker : listed;

  return (
    <div
      className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-xs"
      data-testid="panel-last-verdict"
    >
      <span className="text-muted-foreground">{t('ext.panel.lastVerdict')}</span>
      {last === undefined ? (
        <span className="text-muted-foreground">…</span>
      ) : last === null ? (
        <span className="text-muted-foreground" data-testid="panel-no-submission">
          {t('ext.panel.noSubmission')}
        </span>
      ) : (
        <a
          href={submissionUrl(serverUrl, {
            submitId: last.submitId,
            cid: last.cid,
            displayId: last.problemLabel,
          })}
          target="_blank"
          rel="noreferrer"
          className="flex items-center gap-2"
          data-submit-id={last.submitId}
        >
          <StatusText status={last.status} testId="panel-last-status" />
          <span className="tabular-nums text-muted-foreground">
            {formatTime(last.time)} · {formatMemory(last.memory)}
          </span>
        </a>
      )}
    </div>
  );
}
