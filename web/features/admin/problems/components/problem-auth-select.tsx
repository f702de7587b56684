import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ProblemAuth, type ProblemAuthValue } from '@/shared/constants/problems';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { useChangeProblemAuth } from '../api';
import { AUTH_OPTIONS } from '../lib/options';

/**
 * A row's visibility, changed at once through change-problem-auth. Publishing is offered to root
 * and problem admins only; the others see the choice greyed out with the reason.
 */
export function ProblemAuthSelect({
  pid,
  auth,
  canPublish,
}: {
  pid: number;
  auth: number;
  canPublish: boolean;
}) {
  const { t } = useTranslation();
  const change = useChangeProblemAuth();
  return (
    <Select
      value={String(auth)}
      disabled={change.isPending}
      onValueChange={(v) =>
        change.mutate(
          { id: pid, auth: Number(v) as ProblemAuthValue },
          { onSuccess: (res) => toast.success(res.msg || t('admin.updated')) },
        )
      }
    >
      <SelectTrigger
        size="sm"
        aria-label={t('admin.problem.visibility')}
        className="w-28"
        data-testid={`admin-problem-auth-${pid}`}
      >
        <SelectValue />
      </SelectTrigger>
      <SelectContent className="max-w-64">
        {AUTH_OPTIONS.map((o) => (
          <SelectItem
            key={o.value}
            value={String(o.value)}
            disabled={o.value === ProblemAuth.PUBLIC && !canPublish}
            data-testid={`admin-problem-auth-${pid}-${o.value}`}
          >
            {t(o.key)}
          </SelectItem>
        ))}
        {!canPublish && (
          <p className="px-2 py-1.5 text-xs text-muted-foreground">{t('problemAccess.publishNotAllowed')}</p>
        )}
      </SelectContent>
    </Select>
  );
}
