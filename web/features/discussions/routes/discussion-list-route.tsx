import { ArrowLeft, House, PenSquare, Search, User, Users } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { DiscussionItem } from '@/shared/api/discussion-types';
import { DISCUSSION_LIMITS } from '@/shared/constants/discussions';
import { Page } from '@/web/app/layouts/page';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useWebsiteConfig } from '@/web/features/auth';
import { api } from '@/web/lib/api';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { readInt, readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useDiscussionActions, useDiscussionCategories, useDiscussionList } from '../api';
import { CategoryPanel } from '../components/category-panel';
import { DiscussionCard } from '../components/discussion-card';
import { DiscussionEditor, type EditedDiscussion } from '../components/discussion-editor';
import { detailPath, discussionRights, listPath } from '../lib';

/**
 * The discussion area (HOJ's /discussion and /discussion/:problemID): pinned first, then the newest,
 * 10 a page; category, keyword and "mine" in the URL; Post (or "Post a solution" for a problem)
 * opens the editor, also when arriving with `?post=1` (the problem page's Explain tab).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { problemID } = useParams();
  const pid = problemID ?? null;
  const [params, setParams] = useSearchParams();
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const rights = discussionRights(token ? user : null);
  const config = useWebsiteConfig();
  const closed = config.data?.openPublicDiscussion === false;

  const page = readPage(params);
  const cid = readInt(params, 'cid');
  const keyword = params.get('keyword') ?? '';
  const onlyMine = params.get('onlyMine') === 'true' && !!rights.uid;
  const query = {
    currentPage: page,
    limit: DISCUSSION_LIMITS.pageSize,
    ...(cid === undefined ? {} : { cid }),
    ...(pid ? { pid } : {}),
    ...(keyword ? { keyword } : {}),
    ...(onlyMine ? { onlyMine } : {}),
  };
  const categories = useDiscussionCategories();
  const list = useDiscussionList(query, rights.uid ?? '');
  const actions = useDiscussionActions();
  const [search, setSearch] = useState(keyword);
  const [editorOpen, setEditorOpen] = useState(false);
  const [editing, setEditing] = useState<EditedDiscussion | null>(null);
  const categoryName = (id: number | null) => categories.data?.find((c) => c.id === id)?.name ?? null;
  const current = cid === undefined ? null : categoryName(cid);
  useDocumentTitle(pid ? t('discussion.page.problemTitle', { pid }) : t('discussion.page.title'));

  useEffect(() => setSearch(keyword), [keyword]);

  const set = (changes: Record<string, string | number | boolean | null | undefined>) =>
    setParams(withParams(params, { currentPage: null, ...changes }));

  const openEditor = () => {
    if (!rights.uid) {
      toast.warning(t('errors.pleaseLogin'));
      openLoginModal();
      return;
    }
    setEditing(null);
    setEditorOpen(true);
  };
  // the Explain tab's "post a solution" arrives with ?post=1
  const wantsEditor = params.get('post') === '1';
  useEffect(() => {
    if (!wantsEditor) return;
    setParams(withParams(params, { post: null }), { replace: true });
    openEditor();
  });

  /** The list sends the text to its author only; the editor needs it, so an edit reads it first. */
  const edit = async (item: DiscussionItem) => {
    const text = item.content ?? (await api.getDiscussionDetail(item.id)).content;
    setEditing({ ...item, content: text });
    setEditorOpen(true);
  };
  const remove = (item: DiscussionItem) =>
    actions.remove.mutate(item.id, { onSuccess: () => toast.success(t('discussion.deleted')) });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ keyword: search.trim() || null });
  };

  if (closed) {
    return (
      <Page title={t('discussion.page.title')}>
        <p
          className="rounded-md border border-dashed p-6 text-center text-muted-foreground"
          data-testid="discussion-closed"
        >
          {t('discussion.closed')}
        </p>
      </Page>
    );
  }

  const data = list.data;
  const heading = `${onlyMine ? t('discussion.page.mine') : t('discussion.page.all')}${current ? ` · ${current}` : ''}`;

  return (
    <Page title={pid ? t('discussion.page.problemTitle', { pid }) : t('discussion.page.title')}>
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_15rem] md:items-start md:gap-6">
        <aside className="grid min-w-0 gap-3 md:order-2 md:sticky md:top-20" data-testid="discussion-sidebar">
          <div className="grid grid-cols-2 gap-2 md:grid-cols-1">
            <Button
              onClick={openEditor}
              className="col-span-2 md:col-span-1"
              disabled={!!rights.uid && !rights.canPost}
              title={rights.uid && !rights.canPost ? t('discussion.noPostPermission') : undefined}
              data-testid="discussion-post"
            >
              <PenSquare />
              {pid ? t('discussion.page.postSolution') : t('discussion.page.post')}
            </Button>
            {rights.uid && (
              <Button
                variant="outline"
                onClick={() => set({ onlyMine: onlyMine ? null : true })}
                aria-pressed={onlyMine}
                data-testid="discussion-mine"
              >
                {onlyMine ? <Users /> : <User />}
                {onlyMine ? t('discussion.page.all') : t('discussion.page.mine')}
              </Button>
            )}
            {pid && (
              <>
                <Button variant="outline" asChild>
                  <Link to={listPath(null)} data-testid="discussion-general">
                    <House />
                    {t('discussion.page.general')}
                  </Link>
                </Button>
                <Button variant="outline" asChild>
                  <Link to={`/problem/${encodeURIComponent(pid)}`} data-testid="discussion-back">
                    <ArrowLeft />
                    {t('discussion.page.backToProblem', { pid })}
                  </Link>
                </Button>
              </>
            )}
          </div>
          <CategoryPanel
            categories={categories.data ?? []}
            current={cid}
            loading={categories.isPending}
            onChange={(id) => set({ cid: id ?? null })}
          />
        </aside>

        <section className="grid min-w-0 gap-3 md:order-1" aria-label={heading}>
          <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card px-3 py-2">
            <p className="text-sm font-medium" data-testid="discussion-heading">
              {heading} <span className="text-muted-foreground tabular-nums">({data?.total ?? 0})</span>
            </p>
            <form onSubmit={onSearch} className="flex w-full items-center gap-1.5 sm:w-auto">
              <Input
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t('discussion.page.searchPlaceholder')}
                aria-label={t('discussion.page.searchPlaceholder')}
                className="h-8 min-w-0 flex-1 sm:w-56"
                data-testid="discussion-search"
              />
              <Button type="submit" size="icon-sm" variant="outline" aria-label={t('discussion.page.search')}>
                <Search />
              </Button>
            </form>
          </div>

          {list.isPending ? (
            <div className="grid gap-3" data-testid="discussion-loading">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-28 w-full" />
              ))}
            </div>
          ) : data && data.records.length > 0 ? (
            <ul className="grid gap-3" data-testid="discussion-list">
              {data.records.map((item) => (
                <li key={item.id}>
                  <DiscussionCard
                    item={item}
                    categoryName={categoryName(item.categoryId)}
                    onCategory={(id) => set({ cid: id })}
                    rights={rights}
                    onEdit={(d) => void edit(d)}
                    onDelete={remove}
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
        </section>
      </div>

      <DiscussionEditor
        open={editorOpen}
        onOpenChange={setEditorOpen}
        editing={editing}
        pid={pid}
        categories={categories.data ?? []}
        isAdmin={rights.isAdmin}
        onSaved={(item, created) => {
          if (created) navigate(detailPath(item.id));
        }}
      />
    </Page>
  );
}
