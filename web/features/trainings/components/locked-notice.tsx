import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { trainingPath } from '../lib';

/** What a locked tab shows: the password is asked for on the Introduction tab. */
export function LockedNotice({ tid }: { tid: number }) {
  const { t } = useTranslation();
  return (
    <div
      className="grid justify-items-center gap-2 rounded-lg border border-dashed p-8 text-center text-muted-foreground"
      data-testid="training-locked"
    >
      <Lock className="size-5" aria-hidden />
      <p>{t('training.page.locked')}</p>
      <Link to={trainingPath(tid)} className="text-primary hover:underline">
        {t('training.page.tabs.intro')}
      </Link>
    </div>
  );
}
