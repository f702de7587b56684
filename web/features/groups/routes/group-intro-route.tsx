import { useTranslation } from 'react-i18next';
import { MarkdownHtml } from '@/web/components/markdown-html';
import { GroupAnnouncementList } from '../components/announcement-list';
import { useGroupContext } from '../group-context';

/**
 * The Introduction tab (HOJ's group home): the description, and beside it the latest
 * announcements for those who may see the group's content.
 */
export function Component() {
  const { t } = useTranslation();
  const { group, gid, access } = useGroupContext();
  return (
    <div className={access ? 'grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start' : 'grid gap-4'}>
      <section className="min-w-0 rounded-lg border bg-card p-4 sm:p-5" data-testid="group-introduction">
        <h2 className="mb-3 font-semibold">{t('web.group.tabs.intro')}</h2>
        {group.descriptionHtml ? (
          <MarkdownHtml html={group.descriptionHtml} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('web.group.noDescription')}</p>
        )}
      </section>
      {access && <GroupAnnouncementList gid={gid} compact />}
    </div>
  );
}
