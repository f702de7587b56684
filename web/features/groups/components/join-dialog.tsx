import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { apiErrorText } from '@/shared/api/error-message';
import { GROUP_LIMITS, GroupAuth, GroupRole } from '@/shared/constants/groups';
import { GROUP_MESSAGES } from '@/shared/schemas/groups';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Textarea } from '@/web/components/ui/textarea';
import { useJoinGroup } from '../mutations';

/** What a join or application answered: the caller's new role, said in a toast. */
export function joinedToast(role: number, t: (key: string) => string) {
  toast.success(t(role >= GroupRole.MEMBER ? 'web.group.join.joined' : 'web.group.join.applied'));
}

/**
 * HOJ's apply dialog: a protected group asks for a reason (5-100), a private one for its
 * invitation code (6; a reason may go with it). The server's refusal (a wrong code, too many
 * tries) shows under the form.
 */
export function JoinDialog({
  gid,
  auth,
  open,
  onOpenChange,
}: {
  gid: number;
  auth: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const join = useJoinGroup(gid);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ code?: string; reason?: string }>({});
  const needsCode = auth === GroupAuth.PRIVATE;
  const L = GROUP_LIMITS;
  useEffect(() => {
    if (!open) return;
    setCode('');
    setReason('');
    setErrors({});
    join.reset();
  }, [open, join.reset]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    const found: typeof errors = {};
    if (needsCode && code.trim().length !== L.codeLength) found.code = GROUP_MESSAGES.codeLength;
    if ((!needsCode || text) && (text.length < L.reasonMin || text.length > L.reasonMax))
      found.reason = GROUP_MESSAGES.reasonLength;
    setErrors(found);
    if (found.code || found.reason) return;
    join.mutate(
      { ...(needsCode ? { code: code.trim() } : {}), ...(text ? { reason: text } : {}) },
      {
        onSuccess: (role) => {
          joinedToast(role, t);
          onOpenChange(false);
        },
      },
    );
  };
  const refusal = join.isError ? apiErrorText(join.error, t) : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.cancel')} data-testid="group-join-dialog">
        <DialogHeader>
          <DialogTitle>{t(needsCode ? 'web.group.join.withCode' : 'web.group.join.apply')}</DialogTitle>
          <DialogDescription>
            {t(needsCode ? 'web.group.join.codeExplain' : 'web.group.join.reasonExplain')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          {needsCode && (
            <FormField id="group-join-code" label={t('web.group.form.code')} error={errors.code}>
              <Input
                id="group-join-code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                maxLength={L.codeLength}
                autoComplete="off"
                className="font-mono"
                aria-invalid={!!errors.code}
                aria-describedby={errors.code ? 'group-join-code-error' : undefined}
              />
            </FormField>
          )}
          <FormField
            id="group-join-reason"
            label={t(needsCode ? 'web.group.join.reasonOptional' : 'web.group.join.reason')}
            error={errors.reason}
          >
            <Textarea
              id="group-join-reason"
              rows={4}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={L.reasonMax}
              aria-invalid={!!errors.reason}
              aria-describedby={errors.reason ? 'group-join-reason-error' : 'group-join-reason-count'}
            />
            <p id="group-join-reason-count" className="text-right text-xs text-muted-foreground tabular-nums">
              {reason.trim().length} / {L.reasonMax}
            </p>
          </FormField>
          {refusal && (
            <p
              id="group-join-error"
              role="alert"
              className="text-sm text-destructive"
              data-testid="group-join-error"
            >
              {refusal}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={join.isPending} data-testid="group-join-submit">
              {t(needsCode ? 'web.group.join.join' : 'web.group.join.send')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
