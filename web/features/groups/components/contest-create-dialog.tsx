import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ContestAuth, ContestType } from '@/shared/constants/contests';
import { FormField } from '@/web/components/form-field';
import { SubmitButton } from '@/web/components/pending-button';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Textarea } from '@/web/components/ui/textarea';
import type { ContentActions } from '../content-api';

/** A `datetime-local` value of a time `hours` from now, on the minute. */
function localInput(hoursFromNow: number): string {
  const d = new Date(Date.now() + hoursFromNow * 3_600_000);
  d.setSeconds(0, 0);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const TYPES = [ContestType.ACM, ContestType.OI] as const;
const AUTHS = [ContestAuth.PUBLIC, ContestAuth.PRIVATE, ContestAuth.PROTECTED] as const;
const AUTH_LABEL: Record<number, string> = {
  [ContestAuth.PUBLIC]: 'contestPage.auth.public',
  [ContestAuth.PRIVATE]: 'contestPage.auth.private',
  [ContestAuth.PROTECTED]: 'contestPage.auth.protected',
};

/**
 * A group admin's new contest (HOJ's group Contest form, kept simple): title, description, ACM or
 * OI, access with its password, start and end. The console's rules apply on the server, which
 * says what it refuses; problems are added from the list afterwards, the rest is the contest's
 * defaults.
 */
export function ContestCreateDialog({
  gid,
  actions,
  open,
  onOpenChange,
}: {
  gid: number;
  actions: ContentActions;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<number>(ContestType.ACM);
  const [auth, setAuth] = useState<number>(ContestAuth.PUBLIC);
  const [pwd, setPwd] = useState('');
  const [start, setStart] = useState(() => localInput(1));
  const [end, setEnd] = useState(() => localInput(3));
  useEffect(() => {
    if (!open) return;
    setTitle('');
    setDescription('');
    setPwd('');
    setStart(localInput(1));
    setEnd(localInput(3));
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actions.addContest.mutate(
      {
        gid,
        title: title.trim(),
        description,
        type: type as typeof ContestType.ACM,
        auth: auth as typeof ContestAuth.PUBLIC,
        pwd: auth === ContestAuth.PUBLIC ? null : pwd,
        startTime: new Date(start).toISOString(),
        endTime: new Date(end).toISOString(),
        sealRank: false,
        autoRealRank: true,
        allowEndSubmit: false,
        openPrint: false,
        openRank: false,
        visible: true,
      },
      {
        onSuccess: () => {
          toast.success(t('web.group.content.contestCreated'));
          onOpenChange(false);
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('common.cancel')}
        className="sm:max-w-xl"
        data-testid="group-contest-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t('web.group.content.newContest')}</DialogTitle>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="gc-title" label={t('web.group.content.title')}>
            <Input id="gc-title" value={title} onChange={(e) => setTitle(e.target.value)} />
          </FormField>
          <FormField id="gc-description" label={t('web.group.content.description')}>
            <Textarea
              id="gc-description"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="gc-type" label={t('web.group.content.type')}>
              <Select value={String(type)} onValueChange={(v) => setType(Number(v))}>
                <SelectTrigger id="gc-type" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {TYPES.map((v) => (
                    <SelectItem key={v} value={String(v)}>
                      {v === ContestType.OI ? 'OI' : 'ACM'}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
            <FormField id="gc-auth" label={t('web.group.content.access')}>
              <Select value={String(auth)} onValueChange={(v) => setAuth(Number(v))}>
                <SelectTrigger id="gc-auth" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {AUTHS.map((v) => (
                    <SelectItem key={v} value={String(v)}>
                      {t(AUTH_LABEL[v] ?? '')}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </div>
          {auth !== ContestAuth.PUBLIC && (
            <FormField id="gc-password" label={t('web.group.content.password')}>
              <Input
                id="gc-password"
                value={pwd}
                autoComplete="off"
                onChange={(e) => setPwd(e.target.value)}
              />
            </FormField>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="gc-start" label={t('web.group.content.start')}>
              <Input
                id="gc-start"
                type="datetime-local"
                value={start}
                onChange={(e) => setStart(e.target.value)}
              />
            </FormField>
            <FormField id="gc-end" label={t('web.group.content.end')}>
              <Input id="gc-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
            </FormField>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common.cancel')}
            </Button>
            <SubmitButton pending={actions.addContest.isPending} data-testid="gc-save">
              {t('web.group.content.create')}
            </SubmitButton>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
