import { Reply } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { Switch } from '@/web/components/ui/switch';
import { useClarificationChanges } from './api';
import { ClarificationTextField, textError } from './text-field';

/** The jury's answer to one question: to its asker, or (switched on) to everyone. */
export function AnswerForm({ cid, questionId }: { cid: number; questionId: number }) {
  const { t } = useTranslation();
  const { answer } = useClarificationChanges(cid);
  const [text, setText] = useState('');
  const [toAll, setToAll] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const prefix = `clarification-answer-${questionId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = textError(text);
    setError(invalid);
    if (invalid) return;
    answer.mutate(
      { cid, id: questionId, content: text, toAll },
      { onSuccess: () => toast.success(t('clarification.answered')) },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-2" data-testid={`${prefix}-form`}>
      <ClarificationTextField
        id={`${prefix}-text`}
        label={t('clarification.queue.answerLabel')}
        placeholder={t('clarification.queue.answerPlaceholder')}
        value={text}
        onChange={(v) => {
          setText(v);
          if (error) setError(textError(v));
        }}
        error={error}
        rows={3}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${prefix}-to-all`} className="gap-2">
            <Switch
              id={`${prefix}-to-all`}
              checked={toAll}
              onCheckedChange={setToAll}
              data-testid={`${prefix}-to-all`}
            />
            {t('clarification.queue.toAll')}
          </Label>
          <span className="text-xs text-muted-foreground">{t('clarification.queue.toAllHint')}</span>
        </div>
        <Button type="submit" size="sm" disabled={answer.isPending} data-testid={`${prefix}-submit`}>
          <Reply />
          {t('clarification.queue.submit')}
        </Button>
      </div>
    </form>
  );
}
