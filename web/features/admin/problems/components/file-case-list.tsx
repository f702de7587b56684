import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { EditorValues } from '../lib/editor-values';
import { formatBytes, previewIsPartial } from '../lib/file-size';
import { CaseNumberInputs } from './case-number-inputs';

/** The columns of a case row on a desktop: number, input, output, score and group. */
export const CASE_GRID = 'sm:grid-cols-[2.5rem_minmax(0,1fr)_minmax(0,1fr)_11rem]';

function CaseFile({
  label,
  name,
  size,
  preview,
}: {
  label: string;
  name: string;
  size?: number;
  preview?: string;
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <div className="flex min-w-0 items-baseline gap-2 text-sm">
        <span className="text-xs text-muted-foreground sm:hidden">{label}</span>
        <span className="truncate font-mono" title={name}>
          {name}
        </span>
        {size !== undefined && (
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{formatBytes(size)}</span>
        )}
      </div>
      {preview !== undefined && size !== undefined && size > 0 && (
        <pre className="max-h-24 overflow-auto whitespace-pre-wrap break-all rounded bg-muted px-2 py-1 font-mono text-xs">
          {preview}
          {previewIsPartial(preview, size) && <span className="text-muted-foreground">…</span>}
        </pre>
      )}
    </div>
  );
}

/**
 * Cases whose files are on the server (kept, or from the zip just uploaded): file names, sizes,
 * the first bytes of each file, and editable score and group.
 */
export function FileCaseList({ list, testId }: { list: 'keptCases' | 'uploadedCases'; testId: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<EditorValues>();
  const cases = useWatch({ control, name: list });
  return (
    <div className="grid gap-2" data-testid={testId}>
      <div
        className={`hidden gap-3 px-3 text-xs font-medium text-muted-foreground sm:grid ${CASE_GRID}`}
        aria-hidden
      >
        <span>#</span>
        <span>{t('admin.problem.cases.input')}</span>
        <span>{t('admin.problem.cases.output')}</span>
        <span className="grid grid-cols-2 gap-2">
          <span>{t('admin.problem.cases.score')}</span>
          <span>{t('admin.problem.cases.group')}</span>
        </span>
      </div>
      {cases.map((c, i) => (
        <div
          key={`${i}-${c.input}`}
          className={`grid items-start gap-3 rounded-md border p-3 ${CASE_GRID}`}
          data-testid="case-row"
        >
          <span className="text-sm font-medium tabular-nums">
            <span className="sm:hidden">{t('admin.problem.cases.n', { n: i + 1 })}</span>
            <span className="hidden sm:inline">{i + 1}</span>
          </span>
          <CaseFile
            label={t('admin.problem.cases.input')}
            name={c.input}
            size={c.inputSize}
            preview={c.inputPreview}
          />
          <CaseFile
            label={t('admin.problem.cases.output')}
            name={c.output}
            size={c.outputSize}
            preview={c.outputPreview}
          />
          <CaseNumberInputs list={list} index={i} />
        </div>
      ))}
    </div>
  );
}
