import { Inbox } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { UnreadCounts } from '@/shared/api/types';
import { MESSAGE_PAGE_SIZES, MESSAGE_TYPES, type MessageType } from '@/shared/constants/messages';
import { Page } from '@/web/app/layouts/page';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Pagination } from '@/web/components/pagination';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { readPage, withParams } from '@/web/lib/search-params';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useCleanMessages, useMessagePage, useUnreadCounts } from './api';
import { MessageTypeNav } from './components/message-type-nav';
import { NoticeItem } from './components/notice-item';
import { ReminderItem } from './components/reminder-item';

const isMessageType = (v: string | undefined): v is MessageType =>
  (MESSAGE_TYPES as readonly string[]).includes(v ?? '');

/** `/message`: the first kind with unread messages, else the system notices. */
function firstKind(counts: UnreadCounts | undefined): MessageType {
  return MESSAGE_TYPES.find((type) => (counts?.[type] ?? 0) > 0) ?? 'sys';
}

/** The message centre, `/message/:type` (comment | reply | like | sys | mine). */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('messages.title'));
  const { type } = useParams();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.userInfo);
  const counts = useUnreadCounts();

  if (!token || !user) {
    return (
      <Page title={t('messages.title')}>
        <div className="grid justify-items-start gap-3" data-testid="messages-login-required">
          <p className="text-muted-foreground">{t('errors.pleaseLogin')}</p>
          <Button onClick={() => openLoginModal()}>{t('common.login')}</Button>
        </div>
      </Page>
    );
  }
  if (!isMessageType(type)) {
    if (type === undefined && counts.isPending) return <Skeleton className="m-6 h-40" />;
    return <Navigate to={`/message/${firstKind(counts.data)}`} replace />;
  }
  return <MessageCentre key={type} type={type} counts={counts.data} />;
}

function MessageCentre({ type, counts }: { type: MessageType; counts: UnreadCounts | undefined }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const currentPage = readPage(params);
  const list = useMessagePage(type, currentPage);
  const clean = useCleanMessages();
  const page = list.data?.page;
  const setPage = (p: number) => setParams(withParams(params, { currentPage: p > 1 ? p : null }));

  // new messages of this kind arrived (the poll says so): show them
  const unreadHere = counts?.[type];
  const lastUnread = useRef(unreadHere);
  const { refetch } = list;
  useEffect(() => {
    const before = lastUnread.current;
    lastUnread.current = unreadHere;
    if (before !== undefined && unreadHere !== undefined && unreadHere > before) void refetch();
  }, [unreadHere, refetch]);

  // the last message of a later page was deleted: step back to the last page there is
  const pages = page?.pages ?? 0;
  const emptyPage = !!page && page.records.length === 0 && currentPage > 1;
  useEffect(() => {
    if (emptyPage)
      setParams(withParams(params, { currentPage: pages > 1 ? pages : null }), { replace: true });
  }, [emptyPage, pages, params, setParams]);

  const remove = (id?: number) =>
    clean.mutate(
      { type, id },
      {
        onSuccess: () => toast.success(t(id === undefined ? 'messages.cleanedAll' : 'messages.deleted')),
      },
    );

  const typeName = t(`messages.types.${type}`);
  return (
    <Page title={t('messages.title')}>
      <div className="grid gap-4 md:grid-cols-[13rem_1fr] md:gap-6">
        <MessageTypeNav counts={counts} />
        <Card className="min-w-0" data-testid="message-list" data-type={type}>
          <CardHeader className="flex flex-row items-center justify-between gap-3">
            <CardTitle>{typeName}</CardTitle>
            {!!page && page.total > 0 && (
              <ConfirmDialog
                title={t('messages.cleanConfirm', { type: typeName })}
                description={t('messages.cannotUndo')}
                confirmLabel={t('messages.clean')}
                destructive
                onConfirm={() => remove()}
                trigger={
                  <Button variant="outline" size="sm" data-testid="message-clean">
                    {t('messages.clean')}
                  </Button>
                }
              />
            )}
          </CardHeader>
          <CardContent className="grid gap-3">
            {!page ? (
              <div className="grid gap-3">
                <Skeleton className="h-16 w-full" />
                <Skeleton className="h-16 w-full" />
              </div>
            ) : page.total === 0 ? (
              <div
                className="grid justify-items-center gap-2 py-10 text-center text-muted-foreground"
                data-testid="message-empty"
              >
                <Inbox className="size-10 opacity-40" aria-hidden />
                <p>{t('messages.empty')}</p>
              </div>
            ) : (
              <ul className="divide-y">
                {list.data?.kind === 'notice'
                  ? list.data.page.records.map((msg) => (
                      <NoticeItem key={msg.id} msg={msg} onDelete={() => remove(msg.id)} />
                    ))
                  : list.data?.page.records.map((msg) => (
                      <ReminderItem key={msg.id} msg={msg} onDelete={() => remove(msg.id)} />
                    ))}
              </ul>
            )}
            {!!page && (
              <Pagination
                total={page.total}
                page={currentPage}
                limit={MESSAGE_PAGE_SIZES.messages}
                onPageChange={setPage}
              />
            )}
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}
