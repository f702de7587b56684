import { Megaphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { useClarificationChanges } from './api';
import { GENERAL, ProblemSelect } from './problem-select';
import { ClarificationTextField, textError } from './text-field';

/** A clarification of the jury to everyone that nobody asked for: a correction, a hint. */
export function SendForm({ cid, onDone }: { cid: number; onDone(): void }) {
  const { t } = useTranslation();
  const { send } = useClarificationChanges(cid);
  const [problem, setProblem] = useState(GENERAL);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = textError(text);
    setError(invalid);
    if (invalid) return;
    send.mutate(
      { cid, displayId: problem === GENERAL ? null : problem, content: text },
      {
        onSuccess: () => {
          toast.success(t('clarification.sent'));
          onDone();
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid min-w-0 gap-3 rounded-md border border-dashed p-3"
      data-testid="clarification-send-form"
    >
      <h3 className="text-sm font-semibold">{t('clarification.send.title')}</h3>
      <div className="grid gap-1.5">
        <Label htmlFor="clarification-send-problem">{t('clarification.problemLabel')}</Label>
        <ProblemSelect
          cid={cid}
          id="clarification-send-problem"
          value={problem}
          onChange={setProblem}
          testId="clarification-send-problem"
        />
      </div>
      <ClarificationTextField
        id="clarification-send-text"
        label={t('clarification.send.text')}
        placeholder={t('clarification.send.placeholder')}
        value={text}
        onChange={(v) => {
          setText(v);
          if (error) setError(textError(v));
        }}
        error={error}
        rows={3}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          {t('clarification.send.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={send.isPending} data-testid="clarification-send-submit">
          <Megaphone />
          {t('clarification.send.submit')}
        </Button>
      </div>
    </form>
  );
}
