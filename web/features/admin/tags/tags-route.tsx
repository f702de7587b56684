import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Tag, TagClassification } from '@/shared/api/types';
import { EditDeleteButtons } from '@/web/components/edit-delete-buttons';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { TagList } from '@/web/features/problems';
import { useEditDialog } from '@/web/lib/use-edit-dialog';
import { useAllTags, useClassifications, useTagChanges } from './api';
import { ClassificationDialog } from './classification-dialog';
import { TagDialog } from './tag-dialog';

/** Tags with their colours and classifications, and the classifications the problem list groups them by. */
export function Component() {
  const { t } = useTranslation();
  const tags = useAllTags();
  const classifications = useClassifications();
  const changes = useTagChanges();
  const tagDialog = useEditDialog<Tag>();
  const classDialog = useEditDialog<TagClassification>();
  const [filter, setFilter] = useState('');
  const classes = classifications.data ?? [];
  const className = (tcid: number | null | undefined) => classes.find((c) => c.id === tcid)?.name ?? '—';
  const shown = (tags.data ?? []).filter((tag) =>
    tag.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  const saved = (close: () => void) => ({
    onSuccess: () => {
      toast.success(t('admin.updated'));
      close();
    },
  });
  const deleted = { onSuccess: () => toast.success(t('admin.deleted')) };

  return (
    <div className="grid gap-4">
      <TitledCard
        title={t('admin.tag.classifications')}
        testId="classification-card"
        tools={
          <Button size="sm" onClick={() => classDialog.edit(null)} data-testid="classification-create">
            <Plus />
            {t('admin.tag.createClassification')}
          </Button>
        }
      >
        <Table data-testid="classification-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('admin.tag.name')}</TableHead>
              <TableHead>{t('admin.tag.kind')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('admin.tag.rank')}</TableHead>
              <TableHead className="text-right">{t('admin.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {classes.map((c) => (
              <TableRow key={c.id} data-testid={`classification-row-${c.id}`}>
                <TableCell className="font-medium">{c.name}</TableCell>
                <TableCell>{t(`admin.tag.kinds.${c.type}`)}</TableCell>
                <TableCell className="hidden sm:table-cell">{c.rank}</TableCell>
                <TableCell className="whitespace-nowrap text-right">
                  <EditDeleteButtons
                    id={c.id}
                    testIdPrefix="classification"
                    editLabel={t('admin.tag.editClassification')}
                    onEdit={() => classDialog.edit(c)}
                    deleteLabel={t('admin.delete')}
                    confirmTitle={t('admin.tag.deleteClassificationConfirm')}
                    confirmDescription={c.name}
                    onDelete={() => changes.deleteClassification.mutate(c.id, deleted)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {classes.length === 0 && <p className="text-sm text-muted-foreground">{t('common.noData')}</p>}
      </TitledCard>

      <TitledCard
        title={t('admin.tag.tags')}
        testId="tag-card"
        tools={
          <>
            <Input
              className="h-8 w-44"
              placeholder={t('admin.tag.search')}
              aria-label={t('admin.tag.search')}
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              data-testid="tag-search"
            />
            <Button size="sm" onClick={() => tagDialog.edit(null)} data-testid="tag-create">
              <Plus />
              {t('admin.tag.create')}
            </Button>
          </>
        }
      >
        <Table data-testid="tag-table">
          <TableHeader>
            <TableRow>
              <TableHead>{t('admin.tag.name')}</TableHead>
              <TableHead className="hidden sm:table-cell">{t('admin.tag.classification')}</TableHead>
              <TableHead className="text-right">{t('admin.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((tag) => (
              <TableRow key={tag.id} data-testid={`tag-row-${tag.id}`}>
                <TableCell>
                  <TagList tags={[tag]} />
                </TableCell>
                <TableCell className="hidden sm:table-cell">{className(tag.tcid)}</TableCell>
                <TableCell className="whitespace-nowrap text-right">
                  <EditDeleteButtons
                    id={tag.id}
                    testIdPrefix="tag"
                    editLabel={t('admin.tag.edit')}
                    onEdit={() => tagDialog.edit(tag)}
                    deleteLabel={t('admin.delete')}
                    confirmTitle={t('admin.tag.deleteConfirm')}
                    confirmDescription={tag.name}
                    onDelete={() => changes.deleteTag.mutate(tag.id, deleted)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {shown.length === 0 && <p className="text-sm text-muted-foreground">{t('common.noData')}</p>}
      </TitledCard>

      <TagDialog
        open={tagDialog.open}
        tag={tagDialog.editing}
        classifications={classes}
        saving={changes.saveTag.isPending}
        onOpenChange={tagDialog.setOpen}
        onSave={(values) =>
          changes.saveTag.mutate(
            { ...values, id: tagDialog.editing?.id },
            saved(() => tagDialog.setOpen(false)),
          )
        }
      />
      <ClassificationDialog
        open={classDialog.open}
        classification={classDialog.editing}
        saving={changes.saveClassification.isPending}
        onOpenChange={classDialog.setOpen}
        onSave={(values) =>
          changes.saveClassification.mutate(
            { ...values, id: classDialog.editing?.id },
            saved(() => classDialog.setOpen(false)),
          )
        }
      />
    </div>
  );
}
