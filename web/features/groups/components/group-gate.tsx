import type { ReactNode } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useGroupContext } from '../group-context';
import { LockedNotice } from './locked-notice';

/** A tab's content for those who may see the group's content; the locked notice for the others. */
export function GroupGate({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { gid, access, accessKnown, standing } = useGroupContext();
  if (!accessKnown) return <Skeleton className="h-48 w-full" />;
  if (!access || (admin && !standing.admin)) return <LockedNotice gid={gid} />;
  return <>{children}</>;
}
