import { ChevronDown, House, LogOut, Moon, Settings, Shield, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { isAdminRoleList } from '@/shared/constants/roles';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { UserAvatar } from '@/web/components/user-avatar';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { useDarkTheme, useTheme } from '@/web/lib/theme';
import { useLogout } from './api';

/** The menu's trigger: the login dialog gives it the focus after a login. */
export const USER_MENU_SELECTOR = '[data-user-menu]';

/** Login button, or the user's avatar and dropdown (home, settings, logout). */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const hydrated = useAuth((s) => s.hydrated);
  const logout = useLogout();
  const dark = useDarkTheme();
  const setChoice = useTheme((s) => s.setChoice);

  // rendered on the server (web/ssr) the login is unknown: the button's room, kept empty
  if (!hydrated) {
    return (
      <Button size="sm" className="invisible" tabIndex={-1} aria-hidden>
        {t('common.login')}
      </Button>
    );
  }
  if (!user || !token) {
    return (
      <Button size="sm" onClick={() => openLoginModal()} data-testid="login-button">
        {t('common.login')}
      </Button>
    );
  }
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="user-menu" className="max-w-40" data-user-menu>
          <UserAvatar
            src={user.avatar}
            name={user.username}
            className="size-6 text-xs"
            data-testid="nav-avatar"
          />
          {/* the button's name is the username (read from its text, hidden on phones only visually) */}
          <span className="sr-only truncate sm:not-sr-only">{user.username}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate">{user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild data-testid="my-home-link">
          <Link to={`/user-home?uid=${encodeURIComponent(user.uid)}`}>
            <House aria-hidden />
            {t('profile.nav.myHome')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild data-testid="settings-link">
          <Link to="/setting">
            <Settings aria-hidden />
            {t('profile.nav.settings')}
          </Link>
        </DropdownMenuItem>
        {isAdminRoleList(user.roleList ?? []) && (
          <DropdownMenuItem asChild data-testid="admin-link">
            <Link to="/admin">
              <Shield aria-hidden />
              {t('admin.title')}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem
          className="sm:hidden"
          data-testid="menu-theme"
          onSelect={() => setChoice(dark ? 'light' : 'dark')}
        >
          {dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
          {dark ? t('web.nav.lightMode') : t('web.nav.darkMode')}
        </DropdownMenuItem>
        <DropdownMenuItem
          data-testid="logout"
          onSelect={() =>
            logout.mutate(undefined, {
              onSuccess: () => toast.success(t('web.auth.loggedOut')),
            })
          }
        >
          <LogOut aria-hidden />
          {t('common.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
