import { CircleCheck, Info, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportedProblem } from '@/shared/api/package-verify-types';

/** What an import stored: each problem with a link to its editor and the importer's notes (in the caller's language). */
export function ImportResult({ problems }: { problems: readonly ImportedProblem[] }) {
  const { t } = useTranslation();
  return (
    <section
      className="grid min-w-0 gap-3 rounded-md border border-green-600/40 bg-green-600/5 p-3"
      aria-labelledby="import-result-title"
      data-testid="import-result"
    >
      <p id="import-result-title" className="flex items-center gap-2 font-medium" role="status">
        <CircleCheck className="size-4 shrink-0 text-green-700 dark:text-green-500" aria-hidden />
        {t('admin.problemImport.imported', { count: problems.length })}{' '}
        <span className="font-normal text-muted-foreground">{t('admin.problemImport.importedHint')}</span>
      </p>
      <ul className="grid gap-3">
        {problems.map((p) => (
          <li
            key={p.pid}
            className="grid min-w-0 gap-1.5"
            data-testid="imported-problem"
            data-problem-id={p.problemId}
          >
            <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-mono text-sm">{p.problemId}</span>
              <span className="min-w-0 break-words font-medium">{p.title}</span>
              <Link
                to={`/admin/problem/${p.pid}/edit`}
                className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
                data-testid="imported-problem-edit"
              >
                <SquarePen className="size-3.5" aria-hidden />
                {t('admin.problemImport.edit')}
              </Link>
            </div>
            {p.notices.length > 0 && (
              <div className="grid gap-1 text-sm">
                <span className="text-xs font-medium text-muted-foreground">
                  {t('admin.problemImport.notices')}
                </span>
                <ul className="grid gap-1" data-testid="imported-problem-notices">
                  {p.notices.map((n, i) => (
                    <li key={i} className="flex gap-2 text-muted-foreground">
                      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                      <span className="min-w-0 break-words">{n}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
