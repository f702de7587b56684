import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POLL } from '@/shared/constants/limits';
import { formatDateTime } from '@/shared/format';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { api } from '@/web/lib/api';
import { useAuth } from '@/web/lib/auth';
import { useLiveContest, useLiveEvent, useLiveWatching } from '@/web/lib/live';
import { useContestContext } from '../contest-context';
import { opsKeys } from './api';
import { markAnnouncementsRead, readAnnouncementIds } from './read-announcements';

/**
 * Mounted by the contest shell: asks every 60 s for the contest's visible announcements this browser
 * has not shown the user yet (the ids read so far live in localStorage: read-announcements.ts) and pops
 * them up, newest first. Closing the dialog marks them read.
 */
export function ContestAnnouncementPopup() {
  const { t } = useTranslation();
  const { contest, access, isAdmin } = useContestContext();
  const uid = useAuth((s) => s.userInfo?.uid ?? null);
  const client = useQueryClient();
  const cid = contest.id;
  const [read, setRead] = useState<number[]>([]);
  // the live stream watches the contest while its pages are open and says when an announcement comes
  useLiveContest(cid);
  const pushed = useLiveWatching(cid);
  const recheck = () => void client.invalidateQueries({ queryKey: opsKeys.notRead(cid, uid ?? '') });
  useLiveEvent('announcement', (e) => {
    if (e.data.cid === cid) recheck();
  });
  useLiveEvent('hello', (e) => {
    if (e.data.contest === cid) recheck();
  });

  const notRead = useQuery({
    queryKey: opsKeys.notRead(cid, uid ?? ''),
    queryFn: () =>
      api.getContestNotReadAnnouncements({
        cid,
        readAnnouncementList: uid ? readAnnouncementIds(uid, cid) : [],
      }),
    enabled: !!uid && (access || isAdmin),
    refetchInterval: pushed ? false : POLL.contestAnnouncementsMs,
    staleTime: 0,
    // a failed poll says nothing: the next one comes in a minute
    meta: { silent: true },
  });

  const unread = (notRead.data ?? []).filter((a) => !read.includes(a.id));

  const close = () => {
    if (!uid) return;
    setRead(
      markAnnouncementsRead(
        uid,
        cid,
        unread.map((a) => a.id),
      ),
    );
    // the list page shows what was just announced
    void client.invalidateQueries({ queryKey: opsKeys.announcements(cid) });
  };

  return (
    <Dialog open={unread.length > 0} onOpenChange={(open) => !open && close()}>
      <DialogContent
        closeLabel={t('contestDesk.popupClose')}
        className="max-h-[85vh] overflow-y-auto sm:max-w-xl"
        data-testid="contest-announcement-popup"
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Megaphone className="size-5 text-primary" aria-hidden />
            {t('contestDesk.popupTitle')}
          </DialogTitle>
        </DialogHeader>
        <div className="grid min-w-0 gap-4">
          {unread.map((a) => (
            <section
              key={a.id}
              className="grid min-w-0 gap-1"
              data-testid={`contest-announcement-popup-${a.id}`}
            >
              <h3 className="font-semibold break-words">{a.title}</h3>
              <p className="text-xs text-muted-foreground">
                {t('contestDesk.annAuthor', { username: a.username })} · {formatDateTime(a.gmtCreate)}
              </p>
              <div className="min-w-0 overflow-x-auto">
                <RenderedMarkdown html={a.contentHtml} text={a.content} />
              </div>
            </section>
          ))}
        </div>
        <div className="flex justify-end">
          <Button onClick={close} data-testid="contest-announcement-popup-close">
            {t('contestDesk.popupClose')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
