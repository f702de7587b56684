import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TitledCard } from '@/web/components/titled-card';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { useClarificationChanges } from './api';
import { GENERAL, ProblemSelect } from './problem-select';
import { ClarificationTextField, textError } from './text-field';

/** A participant's question to the jury: about one problem of the contest or General. */
export function AskForm({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const { ask } = useClarificationChanges(cid);
  const [problem, setProblem] = useState(GENERAL);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = textError(text);
    setError(invalid);
    if (invalid) return;
    ask.mutate(
      { cid, displayId: problem === GENERAL ? null : problem, content: text },
      {
        onSuccess: () => {
          toast.success(t('clarification.asked'));
          setText('');
        },
      },
    );
  };

  return (
    <TitledCard title={t('clarification.ask.title')} testId="clarification-ask">
      <form onSubmit={submit} noValidate className="grid min-w-0 gap-3" data-testid="clarification-ask-form">
        <div className="grid gap-1.5">
          <Label htmlFor="clarification-ask-problem">{t('clarification.problemLabel')}</Label>
          <ProblemSelect
            cid={cid}
            id="clarification-ask-problem"
            value={problem}
            onChange={setProblem}
            testId="clarification-ask-problem"
          />
        </div>
        <ClarificationTextField
          id="clarification-ask-text"
          label={t('clarification.ask.text')}
          placeholder={t('clarification.ask.placeholder')}
          value={text}
          onChange={(v) => {
            setText(v);
            if (error) setError(textError(v));
          }}
          error={error}
        />
        <div className="flex justify-end">
          <Button
            type="submit"
            disabled={ask.isPending}
            className="w-full sm:w-auto"
            data-testid="clarification-ask-submit"
          >
            <Send />
            {t('clarification.ask.submit')}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
