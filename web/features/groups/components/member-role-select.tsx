import { useTranslation } from 'react-i18next';
import { GroupRole } from '@/shared/constants/groups';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { ROLE_LABEL } from '../lib';
import { RoleBadge } from './group-badges';

/** The roles a member can be given here: member, admin, root (HOJ's select without the application states). */
const ROLES = [GroupRole.MEMBER, GroupRole.ADMIN, GroupRole.ROOT] as const;

/**
 * A member's role as a group admin may change it (HOJ's rules): below one's own role only; the
 * owner and the site's root set any. Others see the role.
 */
export function MemberRoleSelect({
  role,
  rank,
  mayGrantAny,
  disabled,
  onChange,
  testId,
  label,
}: {
  role: number;
  /** the changer's own rank: their role, or above every role for the owner and the site's root */
  rank: number;
  mayGrantAny: boolean;
  disabled: boolean;
  onChange(role: number): void;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  if (!mayGrantAny && role >= rank) return <RoleBadge role={role} />;
  return (
    <Select value={String(role)} onValueChange={(v) => onChange(Number(v))} disabled={disabled}>
      <SelectTrigger size="sm" className="w-32" aria-label={label} data-testid={testId}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {ROLES.map((r) => (
          <SelectItem
            key={r}
            value={String(r)}
            disabled={!mayGrantAny && r >= rank}
            data-testid={`${testId}-${r}`}
          >
            {t(ROLE_LABEL[r] ?? '')}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
