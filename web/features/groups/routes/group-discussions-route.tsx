import { ArrowLeft, PenSquare } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { DiscussionItem } from '@/shared/api/discussion-types';
import { DISCUSSION_LIMITS } from '@/shared/constants/discussions';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import {
  DiscussionCard,
  DiscussionEditor,
  discussionRights,
  type EditedDiscussion,
  groupPaths,
  useDiscussionCategories,
  useDiscussionWrites,
  useGroupDiscussionList,
} from '@/web/features/discussions';
import { api } from '@/web/lib/api';
import { useAuth } from '@/web/lib/auth';
import { readPage, withParams } from '@/web/lib/search-params';
import { GroupGate } from '../components/group-gate';
import { useGroupContext } from '../group-context';

/**
 * The Discussion tab (HOJ's GroupDiscussionList, and GroupProblemDiscussion for one problem): the
 * group's discussions, pinned first, 10 a page; members post (a problem's as "[pid] title"), the
 * author edits, the author and group admins delete. The cards open inside the group.
 */
function GroupDiscussions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { gid, standing } = useGroupContext();
  const pid = useParams().problemID ?? null;
  const [params, setParams] = useSearchParams();
  const user = useAuth((s) => (s.token ? s.userInfo : null));
  // group admins moderate their group's discussions as the site's admins do theirs
  const rights = { ...discussionRights(user), isAdmin: discussionRights(user).isAdmin || standing.admin };
  const page = readPage(params);
  const list = useGroupDiscussionList(
    { gid, currentPage: page, limit: DISCUSSION_LIMITS.pageSize, ...(pid ? { pid } : {}) },
    rights.uid ?? '',
  );
  const categories = useDiscussionCategories();
  const writes = useDiscussionWrites(gid);
  const [editorOpen, setEditorOpen] = useState(false);
  const [editing, setEditing] = useState<EditedDiscussion | null>(null);
  const paths = groupPaths(gid);
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name ?? null;

  // the problem page's "post a solution" arrives with ?post=1
  const wantsEditor = params.get('post') === '1';
  useEffect(() => {
    if (!wantsEditor) return;
    setParams(withParams(params, { post: null }), { replace: true });
    setEditing(null);
    setEditorOpen(true);
  }, [wantsEditor, params, setParams]);

  const edit = async (item: DiscussionItem) => {
    const text = item.content ?? (await api.getDiscussionDetail(item.id)).content;
    setEditing({ ...item, content: text });
    setEditorOpen(true);
  };
  const data = list.data;
  return (
    <section className="grid min-w-0 gap-3" data-testid="group-discussions">
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card px-3 py-2">
        <h2 className="text-sm font-medium" data-testid="group-discussion-heading">
          {pid ? t('discussion.page.problemTitle', { pid }) : t('web.group.tabs.discussion')}{' '}
          <span className="text-muted-foreground tabular-nums">({data?.total ?? 0})</span>
        </h2>
        <div className="flex flex-wrap gap-2">
          {pid && (
            <Button size="sm" variant="outline" asChild>
              <Link to={paths.list(null)}>
                <ArrowLeft />
                {t('web.group.tabs.discussion')}
              </Link>
            </Button>
          )}
          <Button
            size="sm"
            disabled={!rights.canPost}
            onClick={() => {
              setEditing(null);
              setEditorOpen(true);
            }}
            data-testid="group-discussion-post"
          >
            <PenSquare />
            {pid ? t('discussion.page.postSolution') : t('discussion.page.post')}
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <Skeleton className="h-28 w-full" />
      ) : data && data.records.length > 0 ? (
        <ul className="grid gap-3" data-testid="discussion-list">
          {data.records.map((item) => (
            <li key={item.id}>
              <DiscussionCard
                item={item}
                categoryName={categoryName(item.categoryId)}
                onCategory={() => undefined}
                rights={rights}
                paths={paths}
                onEdit={(d) => void edit(d)}
                onDelete={(d) =>
                  writes.remove.mutate(d.id, { onSuccess: () => toast.success(t('discussion.deleted')) })
                }
              />
            </li>
          ))}
        </ul>
      ) : (
        <p
          className="rounded-lg border border-dashed py-12 text-center text-muted-foreground"
          data-testid="discussion-empty"
        >
          {t('discussion.page.empty')}
        </p>
      )}
      {data && (
        <Pagination
          total={data.total}
          page={page}
          limit={DISCUSSION_LIMITS.pageSize}
          onPageChange={(p) => setParams(withParams(params, { currentPage: p === 1 ? null : p }))}
        />
      )}
      <DiscussionEditor
        open={editorOpen}
        onOpenChange={setEditorOpen}
        editing={editing}
        pid={pid}
        categories={categories.data ?? []}
        isAdmin={rights.isAdmin}
        gid={gid}
        onSaved={(item, created) => {
          if (created) navigate(paths.detail(item.id));
        }}
      />
    </section>
  );
}

export function Component() {
  return (
    <GroupGate>
      <GroupDiscussions />
    </GroupGate>
  );
}
