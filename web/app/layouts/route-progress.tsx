import { useNavigation } from 'react-router';

/** Thin bar at the top while a route (or its lazy chunk) is loading. */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <ProgressBar />;
}

/** Shown while the first screen's lazy chunk loads. */
export function RouteProgressFallback() {
  return <ProgressBar />;
}

function ProgressBar() {
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden" role="progressbar" aria-busy="true">
      <div className="route-progress h-full w-2/5 bg-primary" />
    </div>
  );
}
