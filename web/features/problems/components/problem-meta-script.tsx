import type { Problem } from '@/shared/api/types';
import { useWebsiteConfig } from '@/web/features/auth';
import { useBrowserKnown } from '@/web/lib/server-render';
import { problemMeta, scriptJson } from '../lib/problem-meta';

/**
 * `<script type="application/json" id="problem-meta">`: name, limits and samples for tools such
 * as Competitive Companion, the same in every interface language (docs/problem-formats.md).
 */
export function ProblemMetaScript({ problem }: { problem: Problem }) {
  // the page's own address is the browser's to say: the server builds none from a request
  return useBrowserKnown() ? <MetaScript problem={problem} /> : null;
}

function MetaScript({ problem }: { problem: Problem }) {
  const config = useWebsiteConfig();
  const url = `${window.location.origin}/problem/${encodeURIComponent(problem.problemId)}`;
  const meta = problemMeta(problem, url, config.data?.name || 'Verdict');
  return (
    <script
      type="application/json"
      id="problem-meta"
      data-testid="problem-meta"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: inert JSON data, escaped by scriptJson
      dangerouslySetInnerHTML={{ __html: scriptJson(meta) }}
    />
  );
}
