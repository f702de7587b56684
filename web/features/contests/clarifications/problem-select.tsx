import { useTranslation } from 'react-i18next';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useContestProblems } from '../api';

/** The values of the select that are not a display id (Radix Select takes no empty value). */
export const GENERAL = '__general';
export const ALL = '__all';

/**
 * A contest problem by display id, or General (and, with `withAll`, every problem: the jury's filter).
 * The contest's problems come from its problem list.
 */
export function ProblemSelect({
  cid,
  value,
  onChange,
  id,
  withAll = false,
  testId,
}: {
  cid: number;
  value: string;
  onChange(value: string): void;
  id: string;
  withAll?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const problems = useContestProblems(cid, false);
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger id={id} className="w-full sm:w-64" data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {withAll && (
          <SelectItem value={ALL} data-testid={`${testId}-all`}>
            {t('clarification.queue.all')}
          </SelectItem>
        )}
        <SelectItem value={GENERAL} data-testid={`${testId}-general`}>
          {t('clarification.general')}
        </SelectItem>
        {(problems.data ?? []).map((p) => (
          <SelectItem key={p.id} value={p.displayId} data-testid={`${testId}-${p.displayId}`}>
            {p.displayId}. {p.displayTitle}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
