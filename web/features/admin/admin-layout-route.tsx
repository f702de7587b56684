import {
  Bell,
  BookOpenText,
  Cpu,
  GraduationCap,
  Images,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  Mail,
  Megaphone,
  MessagesSquare,
  Settings2,
  Tags as TagsIcon,
  ToggleLeft,
  Trophy,
  Users,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useMatch } from 'react-router';
import { cn } from '@/shared/lib/utils';
import { Page } from '@/web/app/layouts/page';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { useDocumentTitle } from '@/web/lib/use-document-title';
import { type ConsoleAudience, mayOpen } from './access';
import './console-messages';

/** The console's screens and who may open each (the server checks every call again). */
const MENU: { to: string; key: string; icon: LucideIcon; who: ConsoleAudience }[] = [
  { to: 'dashboard', key: 'admin.menu.dashboard', icon: LayoutDashboard, who: 'userAdmins' },
  { to: 'problem', key: 'admin.menu.problem', icon: BookOpenText, who: 'admins' },
  { to: 'contest', key: 'admin.menu.contest', icon: Trophy, who: 'admins' },
  { to: 'user', key: 'admin.menu.user', icon: Users, who: 'userAdmins' },
  { to: 'tag', key: 'admin.menu.tag', icon: TagsIcon, who: 'tagAdmins' },
  { to: 'config', key: 'admin.menu.config', icon: Settings2, who: 'root' },
  { to: 'judge', key: 'admin.menu.judge', icon: Cpu, who: 'root' },
  { to: 'mail', key: 'admin.menu.mail', icon: Mail, who: 'root' },
  { to: 'carousel', key: 'admin.menu.carousel', icon: Images, who: 'root' },
  { to: 'switch', key: 'admin.menu.switch', icon: ToggleLeft, who: 'root' },
  { to: 'announcement', key: 'admin.menu.announcement', icon: Megaphone, who: 'root' },
  { to: 'notice', key: 'admin.menu.notice', icon: Bell, who: 'root' },
  { to: 'discussion', key: 'admin.menu.discussion', icon: MessagesSquare, who: 'admins' },
  { to: 'training', key: 'admin.menu.training', icon: GraduationCap, who: 'admins' },
  { to: 'group', key: 'admin.menu.group', icon: UsersRound, who: 'root' },
  // requests to publish a group's problem: root and problem admins answer them (as the server allows)
  { to: 'group-problem', key: 'admin.menu.groupProblem', icon: ListChecks, who: 'tagAdmins' },
];

/**
 * The admin console: root sees every screen, admins and problem admins the problem pages (a
 * root-only screen tells them so). The server checks every call; this shell only keeps others
 * from a screen of errors.
 */
export function Component() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.title'));
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const atIndex = useMatch('/admin');
  const section = useMatch('/admin/:section/*')?.params.section;

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
  const roles = user.roleList ?? [];
  const menu = MENU.filter((item) => mayOpen(item.who, roles));
  if (menu.length === 0) {
    return (
      <Page title={t('admin.title')}>
        <p className="text-muted-foreground" data-testid="admin-forbidden">
          {t('admin.rootOnly')}
        </p>
      </Page>
    );
  }
  // the console opens on the first screen the caller may use
  if (atIndex && menu[0]) return <Navigate to={menu[0].to} replace />;
  const allowed = !section || menu.some((item) => item.to === section);
  return (
    <Page title={t('admin.title')}>
      <div className="grid gap-4 md:grid-cols-[12rem_1fr] md:gap-6">
        <nav
          aria-label={t('admin.title')}
          className="flex gap-1 overflow-x-auto md:flex-col md:overflow-visible"
          data-testid="admin-menu"
        >
          {menu.map(({ to, key, icon: Icon }) => (
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
          {allowed ? (
            <Outlet />
          ) : (
            <p className="text-muted-foreground" data-testid="admin-forbidden">
              {t('admin.rootOnly')}
            </p>
          )}
        </div>
      </div>
    </Page>
  );
}
