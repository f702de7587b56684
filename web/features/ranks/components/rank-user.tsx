import { Link } from 'react-router';
import { UserAvatar } from '@/web/components/user-avatar';

/** A user in a rank: avatar, the name linking to their home page, and their title when they have one. */
export function RankUser({
  user,
  testId,
}: {
  user: {
    uid: string;
    username: string;
    avatar: string | null;
    titleName: string | null;
    titleColor: string | null;
  };
  testId?: string;
}) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <UserAvatar src={user.avatar} name={user.username} className="size-6 text-xs" loading="lazy" />
      <Link
        to={`/user-home?uid=${encodeURIComponent(user.uid)}&username=${encodeURIComponent(user.username)}`}
        className="min-w-0 truncate font-medium text-primary hover:underline"
        data-testid={testId}
      >
        {user.username}
      </Link>
      {user.titleName && (
        <span
          className="shrink-0 rounded px-1.5 py-0.5 text-[11px] font-medium text-white"
          // the title's own colour (chosen by an admin); a dark fallback keeps white text readable
          style={{ backgroundColor: user.titleColor || '#475569' }}
        >
          {user.titleName}
        </span>
      )}
    </span>
  );
}
