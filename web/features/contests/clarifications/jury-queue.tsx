import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClarificationQueueItem } from '@/shared/api/clarification-types';
import { CLARIFICATION_LIMITS } from '@/shared/constants/clarifications';
import { formatDateTime } from '@/shared/format';
import { Pagination } from '@/web/components/pagination';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { AnswerForm } from './answer-form';
import { type QueueFilter, useClarificationQueue } from './api';
import { PlainText, ProblemTag } from './clarification-list';
import { ALL, GENERAL, ProblemSelect } from './problem-select';
import { SendForm } from './send-form';

function filterOf(value: string): QueueFilter {
  if (value === ALL) return { kind: 'all' };
  if (value === GENERAL) return { kind: 'general' };
  return { kind: 'problem', displayId: value };
}

function QueueEntry({ q }: { q: ClarificationQueueItem }) {
  const { t } = useTranslation();
  return (
    <li className="grid min-w-0 gap-2 px-3 py-3" data-testid={`clarification-question-${q.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <ProblemTag displayId={q.displayId} title={q.problemTitle} />
        <Badge variant={q.answered ? 'secondary' : 'default'} data-testid="clarification-question-state">
          {q.answered ? t('clarification.queue.done') : t('clarification.queue.waiting')}
        </Badge>
        <span className="min-w-0 truncate text-sm font-medium">
          {t('clarification.queue.askedBy', { username: q.username })}
          {q.realname ? <span className="text-muted-foreground"> ({q.realname})</span> : null}
        </span>
        <span className="ml-auto text-xs whitespace-nowrap text-muted-foreground">
          {formatDateTime(q.gmtCreate)}
        </span>
      </div>
      <PlainText text={q.question} testId="clarification-question-text" />
      {q.answered ? (
        <div className="grid gap-1 rounded-md border-l-4 border-primary bg-muted/40 px-3 py-2">
          <span className="text-xs text-muted-foreground" data-testid="clarification-answered-by">
            {t('clarification.queue.answeredBy', { username: q.answeredBy ?? '?' })} ·{' '}
            {q.toAll ? t('clarification.queue.toEveryone') : t('clarification.queue.toAsker')}
            {q.answeredAt ? ` · ${formatDateTime(q.answeredAt)}` : ''}
          </span>
          {q.answer !== null && <PlainText text={q.answer} testId="clarification-question-answer" />}
        </div>
      ) : (
        <AnswerForm cid={q.cid} questionId={q.id} />
      )}
    </li>
  );
}

/**
 * The jury's queue (the contest's admins): questions waiting for an answer first, then the newest, one
 * problem's or the general ones when filtered; each waiting one with its answer form. A clarification
 * to everyone nobody asked for is written from here too.
 */
export function JuryQueue({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(ALL);
  const [page, setPage] = useState(1);
  const [sending, setSending] = useState(false);
  const queue = useClarificationQueue(cid, filterOf(filter), page);
  const tools = (
    <>
      <ProblemSelect
        cid={cid}
        id="clarification-queue-filter"
        value={filter}
        onChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
        withAll
        testId="clarification-queue-filter"
      />
      <Button
        size="sm"
        variant={sending ? 'secondary' : 'default'}
        onClick={() => setSending((v) => !v)}
        aria-expanded={sending}
        data-testid="clarification-send-open"
      >
        <Megaphone />
        {t('clarification.send.open')}
      </Button>
    </>
  );
  return (
    <TitledCard title={t('clarification.queue.title')} tools={tools} testId="clarification-queue">
      {sending && <SendForm cid={cid} onDone={() => setSending(false)} />}
      {!queue.data ? (
        <Skeleton className="h-32 w-full" />
      ) : queue.data.records.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="clarification-queue-empty">
          {t('clarification.queue.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y rounded-md border">
            {queue.data.records.map((q) => (
              <QueueEntry key={q.id} q={q} />
            ))}
          </ul>
          <Pagination
            total={queue.data.total}
            page={page}
            limit={CLARIFICATION_LIMITS.queuePageSize}
            onPageChange={setPage}
          />
        </>
      )}
    </TitledCard>
  );
}
