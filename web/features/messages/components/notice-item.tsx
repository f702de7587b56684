import { useTranslation } from 'react-i18next';
import type { SysMsg } from '@/shared/api/types';
import { formatDateTime } from '@/shared/format';
import { LazyMarkdown } from '@/web/components/markdown-lazy';
import { Badge } from '@/web/components/ui/badge';
import { DeleteMessageButton } from './delete-message-button';

/** A system or personal notice: title, when it was sent, its Markdown text (sanitised). */
export function NoticeItem({ msg, onDelete }: { msg: SysMsg; onDelete(): void }) {
  const { t } = useTranslation();
  return (
    <li className="grid gap-1 py-4" data-testid={`message-${msg.id}`}>
      <div className="flex items-start gap-2">
        <h3 className="min-w-0 flex-1 break-words pt-1 font-medium" data-testid="notice-title">
          {msg.title}
          {!msg.state && (
            <Badge className="ml-2 align-middle" data-testid="message-new">
              {t('messages.new')}
            </Badge>
          )}
        </h3>
        <DeleteMessageButton onConfirm={onDelete} testId={`message-delete-${msg.id}`} />
      </div>
      <time dateTime={msg.gmtCreate} className="text-muted-foreground text-xs">
        {formatDateTime(msg.gmtCreate)}
      </time>
      <LazyMarkdown text={msg.content} className="min-w-0" />
    </li>
  );
}
