import { useTranslation } from 'react-i18next';
import { FormField } from '@/web/components/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { ROLE_ORDER, roleLabelKey } from '../lib/roles';

/**
 * The user type of the edit dialog. Roles the caller may not grant are greyed out with the reason;
 * the whole choice is, with its own reason, when the caller edits themselves.
 */
export function RoleField({
  value,
  onChange,
  mayGrant,
  lockedReason,
  error,
}: {
  value: string;
  onChange(value: string): void;
  mayGrant(roleId: number): boolean;
  /** why the type cannot be changed at all (a locale key) */
  lockedReason?: string | undefined;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const withheld = ROLE_ORDER.some((id) => !mayGrant(id));
  return (
    <FormField
      id="user-type"
      label={t('admin.user.type')}
      hint={lockedReason ? t(lockedReason) : undefined}
      error={error}
    >
      <Select value={value} onValueChange={onChange} disabled={!!lockedReason}>
        <SelectTrigger id="user-type" className="w-full" aria-invalid={!!error} data-testid="user-type">
          <SelectValue placeholder={t('admin.user.noRole')} />
        </SelectTrigger>
        <SelectContent className="max-w-80">
          {ROLE_ORDER.map((id) => (
            <SelectItem
              key={id}
              value={String(id)}
              // the current role stays choosable, so picking it again changes nothing
              disabled={!mayGrant(id) && String(id) !== value}
              data-testid={`user-type-${id}`}
            >
              {t(roleLabelKey(id))}
            </SelectItem>
          ))}
          {withheld && (
            <p className="px-2 py-1.5 text-xs text-muted-foreground" data-testid="user-type-note">
              {t('userAdmin.roleNotAllowed')}
            </p>
          )}
        </SelectContent>
      </Select>
    </FormField>
  );
}
