import { ArrowLeft, FileText, Loader2 } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { cn } from '@/shared/lib/utils';
import { USER_ADMIN_LIMITS } from '@/shared/schemas/user-admin';
import { PendingButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Textarea } from '@/web/components/ui/textarea';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useImportUsers } from './api';
import { ImportPreview, PREVIEW_ROWS } from './components/import-preview';
import { decodeText } from './lib/csv';
import { refusalText, showRefusal } from './lib/error-text';
import { canSend, importBody, readImportList } from './lib/import-rows';

const EXAMPLE =
  'username,password,email,realname,gender,nickname,school\nstu01,pass1234,stu01@example.com,张三,male,,';

/**
 * /admin/user/import: a class list pasted or read from a .csv or .txt file in the browser, shown
 * as the rows that will be sent with each row's problems, then imported all at once: the server
 * creates every account or none, and its refusal names the usernames or e-mails at fault.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.user.import.title'));
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState('');
  const [reading, setReading] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [created, setCreated] = useState<number | null>(null);
  const send = useImportUsers();
  const deferred = useDeferredValue(text);
  const list = useMemo(() => readImportList(deferred), [deferred]);
  const faulty = list.rows.filter((r) => r.problems.length > 0).length;
  const ready = canSend(list) && deferred === text;

  const readFile = async (file: File) => {
    setReading(true);
    setFileName(file.name);
    try {
      setText(decodeText(await file.arrayBuffer()));
      setRefusal('');
      setCreated(null);
    } catch {
      toast.error(t('admin.user.import.unreadable'));
    } finally {
      setReading(false);
    }
  };

  const submit = () => {
    setRefusal('');
    send.mutate(importBody(list), {
      onSuccess: (res) => {
        toast.success(res.msg || t('admin.updated'));
        setCreated(res.data.created);
        setText('');
        setFileName('');
      },
      onError: (error) => {
        showRefusal(error, t);
        setRefusal(refusalText(error, t));
      },
    });
  };

  return (
    <TitledCard
      title={t('admin.user.import.title')}
      testId="admin-user-import"
      tools={
        <Button variant="ghost" size="sm" asChild>
          <Link to="/admin/user">
            <ArrowLeft />
            {t('admin.user.back')}
          </Link>
        </Button>
      }
    >
      <div className="grid gap-1 text-sm text-muted-foreground">
        <p>{t('admin.user.import.intro', { max: USER_ADMIN_LIMITS.batchMax })}</p>
        <p>{t('admin.user.import.columns')}</p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="import-text">{t('admin.user.import.textLabel')}</Label>
        <Textarea
          id="import-text"
          rows={8}
          spellCheck={false}
          className="font-mono text-xs md:text-xs"
          placeholder={EXAMPLE}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setRefusal('');
            setCreated(null);
          }}
          data-testid="import-text"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label
          className={cn(
            buttonVariants({ variant: 'outline' }),
            'cursor-pointer focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
            reading && 'pointer-events-none opacity-50',
          )}
        >
          {reading ? <Loader2 className="animate-spin" aria-hidden /> : <FileText aria-hidden />}
          {t('admin.user.import.chooseFile')}
          <input
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            className="sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // the same file picked again after a fix must fire a change too
              e.target.value = '';
              if (file) void readFile(file);
            }}
            data-testid="import-file"
          />
        </label>
        {fileName && (
          <span className="min-w-0 truncate font-mono text-sm text-muted-foreground" title={fileName}>
            {fileName}
          </span>
        )}
      </div>
      {created !== null && (
        <p
          className="rounded-md border bg-muted/40 px-3 py-2 text-sm"
          role="status"
          data-testid="import-done"
        >
          {t('admin.user.import.done', { count: created })}{' '}
          <Link to="/admin/user" className="text-primary underline-offset-4 hover:underline">
            {t('admin.user.import.seeList')}
          </Link>
        </p>
      )}
      {list.rows.length > 0 && (
        <section className="grid min-w-0 gap-3" aria-labelledby="import-preview-title">
          <h3 id="import-preview-title" className="font-medium">
            {t('admin.user.import.preview')}
          </h3>
          <p
            className={cn(
              'text-sm',
              faulty > 0 || list.tooMany ? 'text-destructive' : 'text-muted-foreground',
            )}
            data-testid="import-summary"
          >
            {list.tooMany
              ? t('userAdmin.batchTooMany')
              : faulty > 0
                ? t('admin.user.import.faulty', { count: faulty })
                : t('admin.user.import.willCreate', { count: list.rows.length })}
            {list.headerSkipped && ` ${t('admin.user.import.headerSkipped')}`}
            {list.rows.length > PREVIEW_ROWS &&
              ` ${t('admin.user.import.previewCut', { shown: PREVIEW_ROWS })}`}
          </p>
          <ImportPreview rows={list.rows} />
        </section>
      )}
      {refusal && (
        <p
          role="alert"
          className="whitespace-pre-wrap rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive"
          data-testid="import-refusal"
        >
          {refusal}
        </p>
      )}
      <div className="flex justify-end">
        <PendingButton pending={send.isPending} disabled={!ready} onClick={submit} data-testid="import-send">
          {t('admin.user.import.send', { count: list.rows.length })}
        </PendingButton>
      </div>
    </TitledCard>
  );
}
