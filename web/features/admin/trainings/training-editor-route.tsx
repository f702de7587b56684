import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AdminTrainingDto } from '@/shared/api/training-types';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { newTrainingValues, TrainingForm, trainingValues } from './components/training-form';
import { ScreenHeading, TrainingScreen } from './components/training-screen';

function EditForm({ dto }: { dto: AdminTrainingDto }) {
  // the form opens once on what is stored: a refetch in the background must not wipe the edits
  const [initial] = useState(() => trainingValues(dto));
  return <TrainingForm initial={initial} tid={dto.training.id} />;
}

function CreateTraining() {
  const { t } = useTranslation();
  const [initial] = useState(newTrainingValues);
  return (
    <div className="grid min-w-0 gap-4">
      <ScreenHeading title={t('trainingAdmin.list.create')} />
      <TrainingForm initial={initial} tid={null} />
    </div>
  );
}

/** /admin/training/create and /admin/training/:tid/edit: a training's settings. */
export function Component() {
  const { t } = useTranslation();
  const editing = useParams().tid !== undefined;
  useDocumentTitle(t(editing ? 'trainingAdmin.editor.editTitle' : 'trainingAdmin.list.create'));
  if (!editing) return <CreateTraining />;
  return (
    <TrainingScreen active="edit">{(dto) => <EditForm key={dto.training.id} dto={dto} />}</TrainingScreen>
  );
}
