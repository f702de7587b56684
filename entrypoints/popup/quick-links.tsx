import { useTranslation } from 'react-i18next';

const LINKS = [
  { path: '/problem', key: 'ext.links.problems' },
  { path: '/status', key: 'ext.links.status' },
  { path: '/contest', key: 'ext.links.contests' },
  { path: '/message/sys', key: 'ext.links.messages' },
] as const;

/** The web app's main pages on the configured server. */
export function QuickLinks({ serverUrl }: { serverUrl: string }) {
  const { t } = useTranslation();
  return (
    <nav className="flex flex-wrap gap-x-3 gap-y-1 text-xs" data-testid="quick-links">
      {LINKS.map((l) => (
        <a
          key={l.path}
          href={`${serverUrl}${l.path}`}
          target="_blank"
          rel="noreferrer"
          className="text-primary hover:underline"
        >
          {t(l.key)}
        </a>
      ))}
    </nav>
  );
}
