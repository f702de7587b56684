import { EyeOff, Globe, KeyRound, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GroupAuth } from '@/shared/constants/groups';
import { cn } from '@/shared/lib/utils';
import { AUTH_LABEL, AUTH_TIP, ROLE_LABEL } from '../lib';

const AUTH_STYLE: Record<number, string> = {
  [GroupAuth.PUBLIC]: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100',
  [GroupAuth.PROTECTED]: 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  [GroupAuth.PRIVATE]: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
};

const chip =
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium [&_svg]:size-3';

/** Public, protected or private (HOJ's tag, with its tip as the title), with an icon so it never rests on colour alone. */
export function GroupAuthBadge({ auth, className }: { auth: number; className?: string }) {
  const { t } = useTranslation();
  const Icon = auth === GroupAuth.PRIVATE ? KeyRound : auth === GroupAuth.PROTECTED ? ShieldCheck : Globe;
  return (
    <span
      className={cn(chip, AUTH_STYLE[auth], className)}
      title={AUTH_TIP[auth] ? t(AUTH_TIP[auth]) : undefined}
      data-testid="group-auth"
      data-auth={auth}
    >
      <Icon aria-hidden />
      {AUTH_LABEL[auth] ? t(AUTH_LABEL[auth]) : auth}
    </span>
  );
}

/** HOJ's "hidden" tag: the group is left out of the list for those outside it. */
export function HiddenBadge() {
  const { t } = useTranslation();
  return (
    <span
      className={cn(chip, 'bg-muted text-muted-foreground')}
      title={t('web.group.hiddenTip')}
      data-testid="group-hidden"
    >
      <EyeOff aria-hidden />
      {t('web.group.hidden')}
    </span>
  );
}

/** A member's role (applicant, refused, member, admin, root). */
export function RoleBadge({ role, className }: { role: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(chip, 'border bg-background text-foreground', className)}
      data-testid="group-role"
      data-role={role}
    >
      {ROLE_LABEL[role] ? t(ROLE_LABEL[role]) : role}
    </span>
  );
}

/** A group's picture, or its initial on a square of the theme's colour (HOJ shows a square avatar). */
export function GroupAvatar({
  src,
  name,
  className,
}: {
  src: string | null | undefined;
  name: string;
  className?: string;
}) {
  const initial = ([...name.trim()][0] ?? '?').toUpperCase();
  return (
    <span
      className={cn(
        'inline-grid size-12 shrink-0 select-none place-items-center overflow-hidden rounded-lg bg-primary/10 font-semibold text-primary',
        className,
      )}
      aria-hidden
    >
      {src ? <img src={src} alt="" className="size-full object-cover" /> : initial}
    </span>
  );
}
