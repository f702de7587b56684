import { useTranslation } from 'react-i18next';
import type { CommentRole } from '@/shared/api/comment-types';
import { formatDateTime } from '@/shared/format';
import { readableTextColor } from '@/web/components/lib/color';
import { Badge } from '@/web/components/ui/badge';

/** An author's avatar, or the first letter of their name on a tinted disc. */
export function AuthorAvatar({
  name,
  src,
  small = false,
}: {
  name: string;
  src: string | null;
  small?: boolean;
}) {
  const size = small ? 'size-7 text-xs' : 'size-9 text-sm';
  if (src) {
    return (
      <img src={src} alt="" className={`${size} shrink-0 rounded-full border object-cover`} loading="lazy" />
    );
  }
  return (
    <span
      aria-hidden
      className={`${size} grid shrink-0 place-items-center rounded-full bg-primary/10 font-semibold text-primary uppercase`}
    >
      {name.slice(0, 1) || '?'}
    </span>
  );
}

/** Name, role badge (root / admin), title in its colour, and the time. */
export function AuthorLine({
  name,
  role,
  titleName,
  titleColor,
  time,
  children,
}: {
  name: string;
  role: CommentRole;
  titleName: string | null;
  titleColor: string | null;
  time: string;
  /** shown after the name (e.g. "reply to X") */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const colour = titleColor || '#64748b';
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="font-medium break-all" data-testid="comment-author">
        {name}
      </span>
      {role === 'root' && (
        <Badge className="bg-red-600 text-white" data-testid="comment-role">
          {t('comments.roleRoot')}
        </Badge>
      )}
      {role === 'admin' && (
        <Badge className="bg-amber-500 text-white" data-testid="comment-role">
          {t('comments.roleAdmin')}
        </Badge>
      )}
      {titleName && (
        <span
          className="rounded-md px-1.5 py-0.5 text-xs font-medium"
          style={{ backgroundColor: colour, color: readableTextColor(colour) }}
          data-testid="comment-title"
        >
          {titleName}
        </span>
      )}
      {children}
      <time dateTime={time} className="text-xs text-muted-foreground">
        {formatDateTime(time)}
      </time>
    </div>
  );
}
