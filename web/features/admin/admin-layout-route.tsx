import { Bell, Megaphone, Settings2, ToggleLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { isRootRoleList } from '@/shared/constants/roles';
import { cn } from '@/shared/lib/utils';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { useDocumentTitle } from '@/web/lib/use-document-title';

const MENU = [
  { to: 'config', key: 'admin.menu.config', icon: Settings2 },
  { to: 'switch', key: 'admin.menu.switch', icon: ToggleLeft },
  { to: 'announcement', key: 'admin.menu.announcement', icon: Megaphone },
  { to: 'notice', key: 'admin.menu.notice', icon: Bell },
] as const;

/**
 * Site administration (root: HOJ gives these permissions to root only). The server checks every
 * call; this shell only keeps others from a screen of errors.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);

  if (!user || !token) {
    return (
      <Page title={t('admin.title')}>
        <div className="grid justify-items-start gap-3" data-testid="admin-login-required">
          <p className="text-muted-foreground">{t('errors.pleaseLogin')}</p>
          <Button onClick={() => openLoginModal()}>{t('common.login')}</Button>
        </div>
      </Page>
    );
  }
  if (!isRootRoleList(user.roleList ?? [])) {
    return (
      <Page title={t('admin.title')}>
        <p className="text-muted-foreground" data-testid="admin-forbidden">
          {t('admin.rootOnly')}
        </p>
      </Page>
    );
  }
  return (
    <Page title={t('admin.title')}>
      <div className="grid gap-4 md:grid-cols-[12rem_1fr] md:gap-6">
        <nav
          aria-label={t('admin.title')}
          className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible"
          data-testid="admin-menu"
        >
          {MENU.map(({ to, key, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              data-testid={`admin-menu-${to}`}
              className={({ isActive }) =>
                cn(
                  'flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm transition-colors hover:bg-accent',
                  isActive && 'bg-accent font-medium text-accent-foreground',
                )
              }
            >
              <Icon className="size-4" aria-hidden />
              {t(key)}
            </NavLink>
          ))}
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </Page>
  );
}
