import { useTranslation } from 'react-i18next';
import { MarkdownHtml } from '@/web/components/markdown-html';
import { PasswordCard } from '../components/password-card';
import { TrainingInfo } from '../components/training-info';
import { useTrainingContext } from '../training-context';

/** The Introduction tab: the password form when needed, the training's facts and its introduction. */
export function Component() {
  const { t } = useTranslation();
  const { training, uid, access, accessKnown } = useTrainingContext();
  return (
    <div className="grid gap-4 md:grid-cols-[17rem_minmax(0,1fr)] md:items-start">
      <div className="grid min-w-0 gap-4">
        {!access && accessKnown && <PasswordCard tid={training.id} loggedIn={!!uid} />}
        <TrainingInfo training={training} />
      </div>
      <section className="min-w-0 rounded-lg border bg-card p-4 sm:p-5" data-testid="training-introduction">
        <h2 className="mb-3 font-semibold">{t('training.page.tabs.intro')}</h2>
        {training.descriptionHtml ? (
          <MarkdownHtml html={training.descriptionHtml} />
        ) : (
          <p className="text-sm text-muted-foreground">{t('common.noData')}</p>
        )}
      </section>
    </div>
  );
}
