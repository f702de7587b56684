import './clarification-messages';
import { useTranslation } from 'react-i18next';
import { ContestStatus } from '@/shared/constants/contests';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { useContestContext } from '../contest-context';
import { AskForm } from './ask-form';
import { ClarificationList } from './clarification-list';
import { JuryQueue } from './jury-queue';

/**
 * The contest's Clarifications tab. A participant asks the jury while the contest runs and reads their
 * questions with the answers and what the jury sent to everyone; the contest's admins answer from the
 * queue and send clarifications to everyone, and see below what participants see.
 */
export function Component() {
  const { t } = useTranslation();
  const { contest, status, isAdmin } = useContestContext();
  useDocumentTitle(`${t('clarification.title')} - ${contest.title}`);
  const ended = status === ContestStatus.ENDED;
  return (
    <div className="grid min-w-0 gap-4" data-testid="contest-clarifications">
      {isAdmin ? (
        <JuryQueue cid={contest.id} />
      ) : ended ? (
        <p
          className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground"
          data-testid="clarification-ask-closed"
        >
          {t('clarification.ask.closed')}
        </p>
      ) : (
        <AskForm cid={contest.id} />
      )}
      <ClarificationList cid={contest.id} />
    </div>
  );
}
