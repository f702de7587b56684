import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupPath } from '../lib';

/** What a locked tab shows (someone outside the group): joining is on the introduction. */
export function LockedNotice({ gid }: { gid: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center text-muted-foreground"
      data-testid="group-locked"
    >
      <Lock className="size-5" aria-hidden />
      <p>{t('web.group.locked')}</p>
      <Link to={groupPath(gid)} className="text-primary hover:underline">
        {t('web.group.tabs.intro')}
      </Link>
    </div>
  );
}
