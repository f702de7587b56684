import { useTranslation } from 'react-i18next';
import { ContestType } from '@/shared/constants/contests';
import { RenderedMarkdown } from '@/web/components/rendered-markdown';
import { useContestContext } from '../contest-context';
import { formatContestTime, hoursMinutes } from '../lib/format';
import { VirtualPanel } from '../virtual/virtual-panel';

/** The Overview tab: the description and the rules that decide the board. */
export function Component() {
  const { t, i18n } = useTranslation();
  const { contest, virtualState } = useContestContext();
  const [h, m] = hoursMinutes(contest.duration);
  const acm = contest.type === ContestType.ACM;
  const rules = [
    [
      t('contestPage.overview.type'),
      acm
        ? t('contestPage.overview.acmRule')
        : t('contestPage.overview.oiRule', {
            mode:
              contest.oiRankScoreType === 'Highest'
                ? t('contestPage.overview.highest')
                : t('contestPage.overview.recent'),
          }),
    ],
    ...(acm
      ? [
          [
            t('contestPage.overview.penalty'),
            contest.penaltyMode === 'icpc-minutes'
              ? t('contestPage.overview.icpcMinutes')
              : t('contestPage.overview.hojSeconds'),
          ],
        ]
      : []),
    [t('contestPage.startTime'), formatContestTime(contest.startTime, i18n.language)],
    [t('contestPage.endTime'), formatContestTime(contest.endTime, i18n.language)],
    [t('contestPage.overview.duration'), t('contestPage.list.duration', { hours: h, minutes: m })],
    ...(contest.sealRank && contest.sealRankTime
      ? [
          [
            t('contestPage.overview.seal'),
            t('contestPage.overview.sealAt', {
              time: formatContestTime(contest.sealRankTime, i18n.language),
            }),
          ],
        ]
      : []),
    ...(contest.allowEndSubmit
      ? [[t('contestPage.overview.afterEnd'), t('contestPage.overview.afterEndAllowed')]]
      : []),
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]" data-testid="contest-overview">
      <section className="min-w-0">
        {contest.description ? (
          <RenderedMarkdown html={contest.descriptionHtml} text={contest.description} />
        ) : (
          <p className="text-muted-foreground">{t('contestPage.overview.noDescription')}</p>
        )}
      </section>
      <div className="grid h-fit gap-4">
        <VirtualPanel state={virtualState} />
        <aside className="h-fit rounded-lg border p-4">
          <h2 className="mb-3 font-semibold">{t('contestPage.overview.rules')}</h2>
          <dl className="grid gap-2 text-sm">
            {rules.map(([k, v]) => (
              <div key={k} className="grid gap-0.5">
                <dt className="text-muted-foreground">{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </div>
  );
}
