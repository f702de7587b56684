import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserMsg } from '@/shared/api/types';
import { formatDateTime } from '@/shared/format';
import { Badge } from '@/web/components/ui/badge';
import { UserAvatar } from '@/web/components/user-avatar';
import { DeleteMessageButton } from './delete-message-button';

/** Where a reminder points: a path of this site, or an http(s) address; anything else is not a link. */
function ReminderLink({ url }: { url: string | null }) {
  const { t } = useTranslation();
  if (!url) return null;
  const className = 'inline-flex items-center gap-1 text-primary hover:underline';
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link to={url} className={className} data-testid="message-link">
        {t('messages.view')}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(url)) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        data-testid="message-link"
      >
        {t('messages.view')}
        <ExternalLink className="size-3" aria-hidden />
      </a>
    );
  }
  return null;
}

/** A comment, reply or like: who, what they did, their words, when, and where to see it. */
export function ReminderItem({ msg, onDelete }: { msg: UserMsg; onDelete(): void }) {
  const { t } = useTranslation();
  const sender = msg.senderUsername ?? t('messages.unknownSender');
  const action = t(`messages.actions.${msg.action}`, { defaultValue: msg.action });
  return (
    <li className="flex gap-3 py-4" data-testid={`message-${msg.id}`}>
      <UserAvatar name={sender} src={msg.senderAvatar} tinted loading="lazy" className="size-9 text-base" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium">{sender}</span>
          <span className="text-muted-foreground">{action}</span>
          {!msg.state && <Badge data-testid="message-new">{t('messages.new')}</Badge>}
        </p>
        {msg.sourceContent && (
          <p className="line-clamp-4 whitespace-pre-wrap break-words text-sm">{msg.sourceContent}</p>
        )}
        <p className="flex flex-wrap items-center gap-x-4 text-muted-foreground text-xs">
          <time dateTime={msg.gmtCreate}>{formatDateTime(msg.gmtCreate)}</time>
          <ReminderLink url={msg.url} />
        </p>
      </div>
      <DeleteMessageButton onConfirm={onDelete} testId={`message-delete-${msg.id}`} />
    </li>
  );
}
