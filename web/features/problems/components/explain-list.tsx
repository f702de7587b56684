import {
  ChevronDown,
  ChevronUp,
  ExternalLink,
  Eye,
  MessageSquare,
  PenSquare,
  Pin,
  ThumbsUp,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Discussion } from '@/shared/api/types';
import { PAGE_SIZES } from '@/shared/constants/limits';
import { formatDateTime } from '@/shared/format';
import { LazyMarkdown } from '@/web/components/markdown-lazy';
import { Pagination } from '@/web/components/pagination';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useWebsiteConfig } from '@/web/features/auth';
import { useExplainList } from '../api';

function ExplainItem({ item, gid }: { item: Discussion; gid?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <li className="grid gap-2 rounded-lg border p-4" data-testid="explain-item">
      <div className="flex flex-wrap items-center gap-2">
        {item.topPriority && (
          <Badge variant="secondary">
            <Pin />
            {t('problemPage.explain.pinned')}
          </Badge>
        )}
        <h3 className="font-semibold" data-testid="explain-title">
          <Link to={discussionPath(item.id, gid)} className="hover:text-primary hover:underline">
            {item.title}
          </Link>
        </h3>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span>{item.author}</span>
        <span className="tabular-nums">{formatDateTime(item.gmtCreate)}</span>
        <span className="inline-flex items-center gap-1" title={t('problemPage.explain.views')}>
          <Eye className="size-3.5" aria-hidden />
          <span className="sr-only">{t('problemPage.explain.views')}</span>
          {item.viewNum}
        </span>
        <span className="inline-flex items-center gap-1" title={t('problemPage.explain.likes')}>
          <ThumbsUp className="size-3.5" aria-hidden />
          <span className="sr-only">{t('problemPage.explain.likes')}</span>
          {item.likeNum}
        </span>
        <span className="inline-flex items-center gap-1" title={t('problemPage.explain.comments')}>
          <MessageSquare className="size-3.5" aria-hidden />
          <span className="sr-only">{t('problemPage.explain.comments')}</span>
          {item.commentNum}
        </span>
      </div>
      {item.description && !open && <p className="text-sm text-muted-foreground">{item.description}</p>}
      {open && (
        <div className="border-t pt-2" data-testid="explain-content">
          <LazyMarkdown text={item.content} />
        </div>
      )}
      <div className="flex flex-wrap gap-1">
        <Button
          variant="ghost"
          size="sm"
          className="h-7 px-2"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          data-testid="explain-toggle"
        >
          {open ? <ChevronUp /> : <ChevronDown />}
          {open ? t('problemPage.explain.collapse') : t('problemPage.explain.expand')}
        </Button>
        <Button variant="ghost" size="sm" className="h-7 px-2" asChild>
          <Link to={discussionPath(item.id, gid)} data-testid="explain-open">
            <ExternalLink />
            {t('problemPage.explain.open')}
          </Link>
        </Button>
      </div>
    </li>
  );
}

/** A discussion's page, a group's inside the group. */
const discussionPath = (did: number, gid?: number) =>
  gid ? `/group/${gid}/discussion-detail/${did}` : `/discussion-detail/${did}`;
/** A problem's discussions, a group problem's inside the group. */
const problemDiscussionsPath = (problemId: string, gid?: number) =>
  gid
    ? `/group/${gid}/discussion/${encodeURIComponent(problemId)}`
    : `/discussion/${encodeURIComponent(problemId)}`;

/** Explain tab: solutions and discussions written about this problem (a group's, `gid`), 4 a page. */
export function ExplainList({ problemId, gid }: { problemId: string; gid?: number }) {
  const { t } = useTranslation();
  const config = useWebsiteConfig();
  // the discussion area is closed: the server refuses the list too
  if ((gid ? config.data?.openGroupDiscussion : config.data?.openPublicDiscussion) === false) {
    return (
      <p className="py-10 text-center text-muted-foreground" data-testid="explain-closed">
        {t('discussion.closed')}
      </p>
    );
  }
  return <ExplainEntries problemId={problemId} gid={gid} />;
}

function ExplainEntries({ problemId, gid }: { problemId: string; gid?: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const limit = PAGE_SIZES.explain;
  const list = useExplainList(problemId, page, limit, gid);
  return (
    <div className="grid gap-4" data-testid="explain-list">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" asChild>
          <Link to={`${problemDiscussionsPath(problemId, gid)}?post=1`} data-testid="explain-post">
            <PenSquare />
            {t('problemPage.explain.post')}
          </Link>
        </Button>
        <Button size="sm" variant="outline" asChild>
          <Link to={problemDiscussionsPath(problemId, gid)} data-testid="explain-all">
            <MessageSquare />
            {t('problemPage.explain.all')}
          </Link>
        </Button>
      </div>
      {list.isPending && <Skeleton className="h-28 w-full" />}
      {list.data && list.data.records.length === 0 && (
        <p className="py-10 text-center text-muted-foreground" data-testid="explain-empty">
          {t('problemPage.explain.none')}
        </p>
      )}
      {list.data && list.data.records.length > 0 && (
        <ul className="grid gap-3">
          {list.data.records.map((item) => (
            <ExplainItem key={item.id} item={item} gid={gid} />
          ))}
        </ul>
      )}
      <Pagination total={list.data?.total ?? 0} page={page} limit={limit} onPageChange={setPage} />
    </div>
  );
}
