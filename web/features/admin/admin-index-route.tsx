import { Navigate } from 'react-router';

/** /admin opens the web config. */
export function Component() {
  return <Navigate to="config" replace />;
}
