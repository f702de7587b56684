import { lazy, Suspense, useState } from 'react';
import { useLoginModal } from '@/web/lib/login-modal';

/** The dialog, its three forms and their schemas are a chunk of their own (the first-load budget). */
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));

/**
 * Mounts the login dialog the first time anything opens it (the Login button, a 401, "Please
 * login first"), then keeps it mounted so it can animate closed and open again at once.
 */
export function LazyLoginDialog() {
  const open = useLoginModal((s) => s.open);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog />
    </Suspense>
  );
}
