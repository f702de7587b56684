import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AdminContestVO } from '@/shared/api/contest-types';
import { Button } from '@/web/components/ui/button';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestEditorScope } from './api';
import { ContestForm } from './components/contest-form';
import { ContestScreen } from './components/contest-screen';
import { contestValues, newContestValues } from './lib/contest-form-values';

function EditForm({ contest }: { contest: AdminContestVO }) {
  // the form opens once on what is stored: a refetch in the background must not wipe the edits
  const [initial] = useState(() => contestValues(contest));
  return <ContestForm initial={initial} cid={contest.id} />;
}

function CreateContest() {
  const { t } = useTranslation();
  const { listPath } = useContestEditorScope();
  const [initial] = useState(() => newContestValues());
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" asChild>
          <Link to={listPath}>
            <ArrowLeft />
            {t('admin.contest.back')}
          </Link>
        </Button>
        <h2 className="text-lg font-semibold" data-testid="admin-contest-heading">
          {t('admin.contest.create')}
        </h2>
      </div>
      <ContestForm initial={initial} cid={null} />
    </div>
  );
}

/** /admin/contest/create and /admin/contest/:cid/edit: every setting of a contest. */
export function Component() {
  const { t } = useTranslation();
  const editing = useParams().cid !== undefined;
  useDocumentTitle(t(editing ? 'admin.contest.edit' : 'admin.contest.create'));
  if (!editing) return <CreateContest />;
  return (
    <ContestScreen active="edit">
      {(contest) => <EditForm key={contest.id} contest={contest} />}
    </ContestScreen>
  );
}
