import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ProblemType } from '@/shared/constants/problems';
import { cn } from '@/shared/lib/utils';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { activeCases, type CaseSource, type EditorValues, scoreSum } from '../lib/editor-values';
import { FileCaseList } from './file-case-list';
import { TypedCaseList } from './typed-case-list';
import { ZipUpload } from './zip-upload';

/**
 * The test data: keep the stored cases (editing), upload a zip, or type cases in. OI problems
 * show the total their cases' scores make.
 */
export function TestdataSection({ editing }: { editing: boolean }) {
  const { t } = useTranslation();
  const { control, setValue } = useFormContext<EditorValues>();
  const [source, type, keptCases, uploadedCases, typedCases] = useWatch({
    control,
    name: ['caseSource', 'problem.type', 'keptCases', 'uploadedCases', 'typedCases'],
  });
  const sources: CaseSource[] = editing ? ['keep', 'upload', 'manual'] : ['upload', 'manual'];
  const cases = activeCases({ caseSource: source, keptCases, uploadedCases, typedCases });
  return (
    <TitledCard title={t('admin.problem.section.testdata')} testId="testdata">
      <fieldset className="flex min-w-0 flex-wrap gap-1 rounded-lg bg-muted p-1">
        <legend className="sr-only">{t('admin.problem.testdata.source')}</legend>
        {sources.map((s) => (
          <Button
            key={s}
            type="button"
            size="sm"
            variant="ghost"
            aria-pressed={source === s}
            className={cn(
              'flex-1 sm:flex-none',
              source === s && 'bg-background shadow-xs hover:bg-background',
            )}
            onClick={() => setValue('caseSource', s)}
            data-testid={`testdata-source-${s}`}
          >
            {t(`admin.problem.testdata.${s}`)}
          </Button>
        ))}
      </fieldset>
      {source === 'keep' &&
        (keptCases.length > 0 ? (
          <FileCaseList list="keptCases" testId="kept-cases" />
        ) : (
          <p className="text-sm text-muted-foreground">{t('admin.problem.testdata.noCases')}</p>
        ))}
      {source === 'upload' && (
        <>
          <ZipUpload />
          {uploadedCases.length > 0 && <FileCaseList list="uploadedCases" testId="uploaded-cases" />}
        </>
      )}
      {source === 'manual' && <TypedCaseList />}
      {source !== 'keep' && editing && (
        <p className="text-xs text-muted-foreground">{t('admin.problem.testdata.replaceWarning')}</p>
      )}
      {type === ProblemType.OI && (
        <p className="text-sm font-medium" data-testid="testdata-total">
          {t('admin.problem.testdata.total', { score: scoreSum(cases) })}
        </p>
      )}
    </TitledCard>
  );
}
