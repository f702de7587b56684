import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_STATUS_CODES, isInProgress, JudgeStatus, statusInfo } from '@/shared/constants/judge-status';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Switch } from '@/web/components/ui/switch';

export interface SubmissionFilterValues {
  onlyMine: boolean;
  status: number | undefined;
  problemID: string;
  username: string;
}

interface Props {
  values: SubmissionFilterValues;
  /** author search is for admin roles (the server refuses it to others) and off while Mine is on */
  canSearchAuthor: boolean;
  onMineChange(onlyMine: boolean): void;
  onChange(changes: Partial<SubmissionFilterValues>): void;
}

const ALL = 'all';

/**
 * Statuses a finished or waiting submission can be found by. HOJ leaves out the passing states
 * (but Pending, where a queued submission waits) and the two that stand for no submission at all.
 */
const FILTER_STATUSES = ALL_STATUS_CODES.filter(
  (code) =>
    code === JudgeStatus.PENDING ||
    !(isInProgress(code) || code === JudgeStatus.NOT_SUBMITTED || code === JudgeStatus.SUBMITTED_UNKNOWN),
);

/** The submission list's filters: Mine/All switch, status dropdown, problem ID and author search. */
export function SubmissionFilters({ values, canSearchAuthor, onMineChange, onChange }: Props) {
  const { t } = useTranslation();
  const [problemID, setProblemID] = useState(values.problemID);
  const [username, setUsername] = useState(values.username);
  const authorDisabled = values.onlyMine || !canSearchAuthor;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ problemID: problemID.trim(), username: authorDisabled ? values.username : username.trim() });
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-3">
      <div className="flex items-center gap-2">
        <Switch
          id="only-mine"
          checked={values.onlyMine}
          onCheckedChange={onMineChange}
          data-testid="only-mine"
        />
        <Label htmlFor="only-mine">
          {values.onlyMine ? t('web.submissions.mine') : t('web.submissions.all')}
        </Label>
      </div>
      <Select
        lazy
        value={values.status === undefined ? ALL : String(values.status)}
        onValueChange={(v) => onChange({ status: v === ALL ? undefined : Number(v) })}
      >
        <SelectTrigger
          size="sm"
          className="w-40"
          aria-label={t('web.submissions.statusFilter')}
          data-testid="status-filter"
        >
          <SelectValue>
            {values.status === undefined
              ? t('web.submissions.allStatus')
              : t(`status.${statusInfo(values.status).key}`)}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{t('web.submissions.allStatus')}</SelectItem>
          {FILTER_STATUSES.map((code) => (
            <SelectItem key={code} value={String(code)}>
              {t(`status.${statusInfo(code).key}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Input
        aria-label={t('web.submissions.problemIdSearch')}
        placeholder={t('web.submissions.problemIdSearch')}
        value={problemID}
        onChange={(e) => setProblemID(e.target.value)}
        className="h-8 w-36"
        data-testid="problem-id-filter"
      />
      <Input
        aria-label={t('web.submissions.authorSearch')}
        placeholder={t('web.submissions.authorSearch')}
        value={authorDisabled ? values.username : username}
        onChange={(e) => setUsername(e.target.value)}
        disabled={authorDisabled}
        className="h-8 w-36"
        data-testid="author-filter"
      />
      <Button type="submit" size="sm" variant="outline">
        <Search />
        {t('web.submissions.search')}
      </Button>
    </form>
  );
}
