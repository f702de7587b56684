import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContestStatus, ContestType } from '@/shared/constants/contests';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { api } from '@/web/lib/api';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';
import { defaultMedals } from './resolver';
import { scrollBoardUrl } from './scroll-url';

const MEDALS = ['gold', 'silver', 'bronze'] as const;
type MedalKey = (typeof MEDALS)[number];
const MAX_COUNT = 100_000;

/**
 * The scroll board's parameter screen: medal counts (10 %, 20 %, 30 % of the ranked participants by
 * default, editable), the contest ID (disabled), 'remove star users', and 'Start Rolling', which opens the
 * board in a new window, after a confirmation when the contest has not ended.
 */
export function Component() {
  const { t } = useTranslation();
  const { contest, status } = useContestContext();
  useDocumentTitle(`${t('scrollBoard.title')} - ${contest.title}`);
  const ids = useId();
  const usable = contest.type === ContestType.ACM && contest.sealRank;

  // HOJ reads the ranked total from the rank call (page size 10): star rows are not ranked
  const ranked = useQuery({
    queryKey: ['contests', contest.id, 'scroll-board', 'ranked'],
    queryFn: () => api.getContestRank({ cid: contest.id, currentPage: 1, limit: 10, removeStar: true }),
    enabled: usable,
  });
  const total = ranked.data?.total ?? 0;

  const [counts, setCounts] = useState<Record<MedalKey, string> | null>(null);
  const [removeStar, setRemoveStar] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (ranked.data && counts === null) {
      const d = defaultMedals(ranked.data.total);
      setCounts({ gold: String(d.gold), silver: String(d.silver), bronze: String(d.bronze) });
    }
  }, [ranked.data, counts]);

  const values = counts ?? { gold: '0', silver: '0', bronze: '0' };
  const valid = (v: string) => /^\d+$/.test(v) && Number(v) <= MAX_COUNT;
  const allValid = MEDALS.every((m) => valid(values[m]));

  const open = () => {
    const url = scrollBoardUrl(contest.id, removeStar, [
      Number(values.gold),
      Number(values.silver),
      Number(values.bronze),
    ]);
    window.open(url, '_blank');
  };
  const start = () => {
    if (status !== ContestStatus.ENDED) setConfirming(true);
    else open();
  };

  return (
    <Card data-testid="scroll-params">
      <CardHeader>
        <CardTitle>{t('scrollBoard.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid max-w-md gap-4">
        {!usable && (
          <p className="text-sm text-destructive" data-testid="scroll-params-unusable">
            {t('scrollBoard.onlyAcmSealed')}
          </p>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-cid`}>{t('scrollBoard.contestId')}</Label>
          <Input id={`${ids}-cid`} value={contest.id} disabled readOnly data-testid="scroll-cid" />
        </div>
        {MEDALS.map((m) => (
          <div className="grid gap-1.5" key={m}>
            <Label htmlFor={`${ids}-${m}`}>
              {t('scrollBoard.medalCount', { medal: t(`scrollBoard.${m}`) })}
            </Label>
            <Input
              id={`${ids}-${m}`}
              inputMode="numeric"
              value={values[m]}
              aria-invalid={!valid(values[m])}
              onChange={(e) => setCounts({ ...values, [m]: e.target.value.trim() })}
              data-testid={`scroll-${m}`}
            />
            {!valid(values[m]) && (
              <p className="text-xs text-destructive">{t('scrollBoard.countInvalid', { max: MAX_COUNT })}</p>
            )}
          </div>
        ))}
        <p className="text-xs text-muted-foreground" data-testid="scroll-total">
          {t('scrollBoard.participants', { count: total })} · {t('scrollBoard.defaultsHint')}
        </p>
        <div className="flex items-center gap-2">
          <Switch
            id={`${ids}-star`}
            checked={removeStar}
            onCheckedChange={setRemoveStar}
            data-testid="scroll-remove-star"
          />
          <Label htmlFor={`${ids}-star`}>{t('scrollBoard.removeStar')}</Label>
        </div>
        <div>
          <Button
            onClick={start}
            disabled={!usable || !allValid || counts === null}
            data-testid="scroll-start"
          >
            {t('scrollBoard.startRolling')}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={t('scrollBoard.confirmTitle')}
          description={t('scrollBoard.notEndedConfirm')}
          confirmLabel={t('scrollBoard.startRolling')}
          onConfirm={open}
          testId="scroll-confirm"
        />
      </CardContent>
    </Card>
  );
}
