import { ArrowLeft, FlaskConical, Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '@/shared/api/client';
import { apiErrorText } from '@/shared/api/error-message';
import { PACKAGE_FORMATS } from '@/shared/constants/package-formats';
import { isRootRoleList } from '@/shared/constants/roles';
import { FormField } from '@/web/components/form-field';
import { PendingButton } from '@/web/components/pending-button';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { useAuth } from '@/web/lib/auth';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { ImportFileField } from './components/import-file-field';
import { ImportFormatPicker } from './components/import-format-picker';
import { ImportResult } from './components/import-result';
import { ImportAlert, ImportVerifyPanel } from './components/import-verify-panel';
import { useImportPackage, useStartVerify, useVerifyStatus } from './lib/import-api';
import { canVerify, formatEntry } from './lib/import-formats';

type T = ReturnType<typeof useTranslation>['t'];

/** The server's words for a refusal, even a 404 (a verification that is gone says why). */
function refusal(error: unknown, t: T): string {
  return error instanceof ApiError && error.kind === 'status' && error.message
    ? error.message
    : apiErrorText(error, t);
}

/**
 * /admin/problem/import (root): a package of any format the server imports uploaded to its import
 * path, with an optional display id, and the problems it made shown with the importer's notes.
 * Kattis and Polygon packages can first be verified: the server judges their example submissions
 * and the screen polls the job to a table of expected against actual verdicts.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.problemImport.title'));
  const roles = useAuth((s) => s.userInfo?.roleList) ?? [];
  const [format, setFormat] = useState<string>(PACKAGE_FORMATS[0]?.format ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problemId, setProblemId] = useState('');
  const [verifyId, setVerifyId] = useState<string | null>(null);
  const importing = useImportPackage();
  const startVerify = useStartVerify();
  const verifyStatus = useVerifyStatus(verifyId);
  const entry = formatEntry(format);
  const verifiable = canVerify(entry.format);
  const verifyRunning =
    startVerify.isPending ||
    (verifyId !== null &&
      !verifyStatus.isError &&
      verifyStatus.data?.state !== 'done' &&
      verifyStatus.data?.state !== 'failed');

  // another format or file: what was shown belongs to the old choice
  const clearOutcome = () => {
    importing.reset();
    startVerify.reset();
    setVerifyId(null);
  };

  const runImport = () => {
    if (!file) return;
    importing.mutate(
      { path: entry.path, file, problemId },
      {
        onSuccess: (res) => {
          toast.success(t('admin.problemImport.imported', { count: res.data.problems.length }));
        },
      },
    );
  };

  const runVerify = () => {
    if (!file) return;
    setVerifyId(null);
    startVerify.mutate(file, { onSuccess: (started) => setVerifyId(started.verifyId) });
  };

  const back = (
    <Button variant="ghost" size="sm" asChild>
      <Link to="/admin/problem">
        <ArrowLeft />
        {t('admin.problem.back')}
      </Link>
    </Button>
  );

  if (!isRootRoleList(roles)) {
    return (
      <TitledCard title={t('admin.problemImport.title')} tools={back} testId="admin-problem-import">
        <p className="text-muted-foreground" data-testid="admin-forbidden">
          {t('admin.problemImport.rootOnly')}
        </p>
      </TitledCard>
    );
  }

  const verifyError = startVerify.isError
    ? refusal(startVerify.error, t)
    : verifyStatus.isError
      ? refusal(verifyStatus.error, t)
      : '';
  const showVerify = startVerify.isPending || startVerify.isError || verifyId !== null;

  return (
    <TitledCard title={t('admin.problemImport.title')} tools={back} testId="admin-problem-import">
      <p className="text-sm text-muted-foreground">{t('admin.problemImport.intro')}</p>
      <ImportFormatPicker
        value={entry.format}
        onChange={(next) => {
          setFormat(next);
          // the file chooser takes other files now: a file picked for the old format goes
          setFile(null);
          clearOutcome();
        }}
      />
      <ImportFileField
        accept={entry.accept}
        file={file}
        disabled={importing.isPending}
        onChange={(picked) => {
          setFile(picked);
          clearOutcome();
        }}
      />
      <div className="max-w-sm">
        <FormField
          id="import-problem-id"
          label={t('admin.problemImport.problemId')}
          hint={t('admin.problemImport.problemIdHint')}
        >
          <Input
            id="import-problem-id"
            value={problemId}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setProblemId(e.target.value)}
            data-testid="import-problem-id"
          />
        </FormField>
      </div>
      {verifiable && <p className="text-sm text-muted-foreground">{t('admin.problemImport.verifyHint')}</p>}
      <div className="flex flex-wrap justify-end gap-3">
        {verifiable && (
          <PendingButton
            variant="outline"
            pending={verifyRunning}
            disabled={!file}
            onClick={runVerify}
            data-testid="import-verify"
          >
            {!verifyRunning && <FlaskConical aria-hidden />}
            {t('admin.problemImport.verify')}
          </PendingButton>
        )}
        <PendingButton
          pending={importing.isPending}
          disabled={!file}
          onClick={runImport}
          data-testid="import-send"
        >
          {!importing.isPending && <Upload aria-hidden />}
          {t('admin.problemImport.import')}
        </PendingButton>
      </div>
      {importing.isError && <ImportAlert text={refusal(importing.error, t)} testId="import-error" />}
      {importing.data && <ImportResult problems={importing.data.data.problems} />}
      {verifiable && showVerify && (
        <section className="grid min-w-0 gap-3 border-t pt-3" aria-label={t('admin.problemImport.verify')}>
          <ImportVerifyPanel status={verifyStatus.data} error={verifyError} />
        </section>
      )}
    </TitledCard>
  );
}
