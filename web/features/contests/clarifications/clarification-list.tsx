import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestClarification } from '@/shared/api/clarification-types';
import { CLARIFICATION_LIMITS } from '@/shared/constants/clarifications';
import { formatDateTime } from '@/shared/format';
import { Pagination } from '@/web/components/pagination';
import { TitledCard } from '@/web/components/titled-card';
import { Badge } from '@/web/components/ui/badge';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useClarificationList } from './api';

/** Which problem a clarification is about: "A. Title", or General. */
export function ProblemTag({ displayId, title }: { displayId: string | null; title: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" className="max-w-full truncate" data-testid="clarification-problem">
      {displayId ? `${displayId}. ${title ?? ''}` : t('clarification.general')}
    </Badge>
  );
}

/** A text as written: plain, wrapped, its line breaks kept (no Markdown: it is read as typed). */
export function PlainText({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap" data-testid={testId}>
      {text}
    </p>
  );
}

function Item({ c }: { c: ContestClarification }) {
  const { t } = useTranslation();
  const unasked = c.question === null;
  return (
    <li
      className="grid min-w-0 gap-2 px-3 py-3"
      data-testid={`clarification-${c.id}`}
      data-read={c.read ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-center gap-2">
        <ProblemTag displayId={c.displayId} title={c.problemTitle} />
        {!c.read && <Badge data-testid="clarification-new">{t('clarification.list.new')}</Badge>}
        {c.answer !== null && (
          <Badge variant="secondary">
            {c.toAll ? t('clarification.list.toAll') : t('clarification.list.toYou')}
          </Badge>
        )}
        <span className="ml-auto text-xs whitespace-nowrap text-muted-foreground">
          {formatDateTime(c.answeredAt ?? c.gmtCreate)}
        </span>
      </div>
      {!unasked && (
        <div className="grid gap-1">
          <span className="text-xs font-medium text-muted-foreground">
            {c.mine ? t('clarification.list.mine') : t('clarification.list.question')}
          </span>
          <PlainText text={c.question ?? ''} testId="clarification-question" />
        </div>
      )}
      {c.answer !== null ? (
        <div className="grid gap-1 rounded-md border-l-4 border-primary bg-muted/40 px-3 py-2">
          <span className="text-xs font-medium text-muted-foreground">
            {unasked ? t('clarification.list.fromJury') : t('clarification.list.answer')}
          </span>
          <PlainText text={c.answer} testId="clarification-answer" />
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="clarification-waiting">
          {t('clarification.list.waiting')}
        </p>
      )}
    </li>
  );
}

/** What the caller reads: their questions with the answers and what the jury sent to everyone, newest first. */
export function ClarificationList({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useClarificationList(cid, page);
  return (
    <TitledCard title={t('clarification.list.title')} testId="clarification-list">
      {!list.data ? (
        <Skeleton className="h-32 w-full" />
      ) : list.data.records.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="clarification-list-empty">
          {t('clarification.list.empty')}
        </p>
      ) : (
        <>
          <ul className="divide-y rounded-md border">
            {list.data.records.map((c) => (
              <Item key={c.id} c={c} />
            ))}
          </ul>
          <Pagination
            total={list.data.total}
            page={page}
            limit={CLARIFICATION_LIMITS.pageSize}
            onPageChange={setPage}
          />
        </>
      )}
    </TitledCard>
  );
}
