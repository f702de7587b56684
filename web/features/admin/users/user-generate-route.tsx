import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { USER_ADMIN_LIMITS } from '@/shared/schemas/user-admin';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { type Generation, useGenerateUsers } from './api';
import { GenerateForm } from './components/generate-form';
import { GeneratedAccounts } from './components/generated-accounts';
import { refusalText, showRefusal } from './lib/error-text';
import { toGenerateBody } from './lib/generate-form';

/**
 * /admin/user/generate: generates accounts, then shows them once with their passwords and the
 * downloads (.xlsx, CSV), which last 30 minutes; leaving the page forgets the passwords.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.user.generate.title'));
  const generate = useGenerateUsers();
  const [result, setResult] = useState<{ generation: Generation; until: Date } | null>(null);
  const [refusal, setRefusal] = useState('');

  return (
    <TitledCard
      title={t('admin.user.generate.title')}
      testId="admin-user-generate"
      tools={
        <Button variant="ghost" size="sm" asChild>
          <Link to="/admin/user">
            <ArrowLeft />
            {t('admin.user.back')}
          </Link>
        </Button>
      }
    >
      {result ? (
        <>
          <GeneratedAccounts generation={result.generation} until={result.until} />
          <div className="flex justify-end">
            <Button variant="outline" onClick={() => setResult(null)} data-testid="generate-again">
              <RotateCcw />
              {t('admin.user.generate.again')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {t('admin.user.generate.intro', { max: USER_ADMIN_LIMITS.generateMax })}
          </p>
          {refusal && (
            <p
              role="alert"
              className="rounded-md border border-destructive/50 px-3 py-2 text-sm text-destructive"
              data-testid="generate-refusal"
            >
              {refusal}
            </p>
          )}
          <GenerateForm
            pending={generate.isPending}
            onGenerate={(values) => {
              setRefusal('');
              generate.mutate(toGenerateBody(values), {
                onSuccess: (generation) => {
                  toast.success(t('admin.user.generate.done', { count: generation.created }));
                  const until = new Date(Date.now() + USER_ADMIN_LIMITS.generatedKeepSeconds * 1000);
                  setResult({ generation, until });
                },
                onError: (error) => {
                  showRefusal(error, t);
                  setRefusal(refusalText(error, t));
                },
              });
            }}
          />
        </>
      )}
    </TitledCard>
  );
}
