import { ChevronDown, Globe, Languages, LogIn, LogOut, Moon, Sun, Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { cn } from '@/shared/lib/utils';
import { ThemeToggle } from '@/web/app/layouts/top-nav';
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
import { useLogout } from '@/web/features/auth';
import { useAuth } from '@/web/lib/auth';
import { toggleLanguage } from '@/web/lib/i18n';
import { useDarkTheme, useTheme } from '@/web/lib/theme';
import { SiteContestNav } from './contest-nav';

/** Buttons of the translucent header: light text over the background image in both themes. */
const onImage = 'text-white hover:bg-white/15 hover:text-white focus-visible:ring-white/40';

/** The language toggle (zh-CN and en-US), named by the language it switches to. */
export function LanguageToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={toggleLanguage}
      aria-label={t('contestSite.header.toggleLanguage')}
      title={t('contestSite.header.toggleLanguage')}
      data-testid="site-language"
      className={className}
    >
      <Languages aria-hidden />
      <span className="hidden sm:inline">{t('contestSite.header.language')}</span>
    </Button>
  );
}

/**
 * Logs out and returns to the contest's home (/{contest}). The page moves first; the login guard
 * checks the token only as the route changes, so the screen being left does not send the user to
 * the login screen when the token goes.
 */
export function useSiteLogout(shortName: string, to?: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return async () => {
    await navigate(to ?? `/${encodeURIComponent(shortName)}`);
    await logout.mutateAsync().catch(() => undefined);
    toast.success(t('contestSite.header.loggedOut'));
  };
}

/** The contest site's account menu: the user, the main site, theme, logout back to /SHORT. */
function SiteUserMenu({ shortName }: { shortName: string }) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const dark = useDarkTheme();
  const setChoice = useTheme((s) => s.setChoice);
  const logout = useSiteLogout(shortName);
  if (!user) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          data-testid="site-user-menu"
          className={cn('max-w-44', onImage)}
          aria-label={t('contestSite.header.userMenu')}
        >
          <UserAvatar src={user.avatar} name={user.username} className="size-6 text-xs" />
          <span className="hidden truncate sm:inline">{user.username}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate" data-testid="site-user-name">
          {user.username}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={`/${encodeURIComponent(shortName)}`}>
            <Trophy aria-hidden />
            {t('contestSite.header.home')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild data-testid="site-main-link">
          <Link to="/">
            <Globe aria-hidden />
            {t('contestSite.header.mainSite')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem className="sm:hidden" onSelect={() => setChoice(dark ? 'light' : 'dark')}>
          {dark ? <Sun aria-hidden /> : <Moon aria-hidden />}
          {dark ? t('contestSite.header.lightMode') : t('contestSite.header.darkMode')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="site-logout" onSelect={() => void logout()}>
          <LogOut aria-hidden />
          {t('common.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The contest site's header (no main-site navigation): the contest's title linking to its home,
 * language and theme, and the login button or the account menu.
 */
export function SiteHeader({
  shortName,
  title,
  onLoginScreen,
  cid,
}: {
  shortName: string;
  title: string | undefined;
  /** the site's contest: its menu shows once logged in */
  cid?: number;
  /** the login screen shows its own form: no Login button */
  onLoginScreen?: boolean;
}) {
  const { t } = useTranslation();
  const loggedIn = useAuth((s) => !!s.token && !!s.userInfo);
  const home = `/${encodeURIComponent(shortName)}`;
  return (
    <header
      className="sticky top-0 z-40 h-14 border-white/10 border-b bg-black/40 text-white backdrop-blur-md"
      data-testid="site-header"
    >
      <div className="mx-auto flex h-full max-w-screen-2xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <div className="flex min-w-0 flex-1">
          <Link
            to={home}
            className="flex min-w-0 items-center gap-2 rounded-md pr-1 font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-white/40"
            data-testid="site-home-link"
            title={t('contestSite.header.home')}
          >
            <span
              aria-hidden
              className="grid size-8 shrink-0 place-items-center rounded-lg bg-white/15 ring-1 ring-white/25"
            >
              <Trophy className="size-4" />
            </span>
            <span className="truncate text-sm sm:text-base" data-testid="site-header-title">
              {title ?? shortName}
            </span>
          </Link>
        </div>
        {loggedIn && cid ? <SiteContestNav shortName={shortName} cid={cid} /> : null}
        <div className="flex shrink-0 items-center gap-1">
          <LanguageToggle className={onImage} />
          <ThemeToggle testId="site-theme" className={cn(onImage, loggedIn && 'hidden sm:inline-flex')} />
          {loggedIn && <SiteUserMenu shortName={shortName} />}
          {!loggedIn && !onLoginScreen && (
            <Button
              asChild
              size="sm"
              variant="secondary"
              className="bg-white text-slate-900 hover:bg-white/90"
              data-testid="site-login-button"
            >
              <Link to={`${home}/login`}>
                <LogIn aria-hidden />
                {t('common.login')}
              </Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
