import {
  BookOpen,
  ChartNoAxesColumn,
  GraduationCap,
  House,
  ListChecks,
  Menu,
  MessagesSquare,
  Moon,
  Sun,
  Trophy,
  UsersRound,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { cn } from '@/shared/lib/utils';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
import { UserMenu } from '@/web/features/auth/user-menu';
import { UnreadBell } from '@/web/features/messages/unread-bell';
import { useAuth } from '@/web/lib/auth';
import { toggleLanguage } from '@/web/lib/i18n';
import { useDarkTheme, useTheme } from '@/web/lib/theme';
import { useMediaMatch } from '@/web/lib/use-media-query';

interface Section {
  to: string;
  key: string;
  end: boolean;
  testId: string;
  icon: typeof House;
  /** pages of the section whose paths do not start with its own */
  also?: readonly string[];
  /** on a phone it moves into the More menu (there is no room for every icon) */
  more?: boolean;
}

/**
 * The site's sections in HOJ's order; on a phone the main ones show as their icon (the name stays
 * for screen readers and tooltips) and the others are items of the More menu.
 */
const LINKS: readonly Section[] = [
  { to: '/', key: 'web.nav.home', end: true, testId: 'nav-home', icon: House },
  { to: '/problem', key: 'web.nav.problem', end: false, testId: 'nav-problem', icon: BookOpen },
  {
    to: '/training',
    key: 'web.nav.training',
    end: false,
    testId: 'nav-training',
    icon: GraduationCap,
    more: true,
  },
  { to: '/contest', key: 'web.nav.contest', end: false, testId: 'nav-contest', icon: Trophy },
  {
    to: '/status',
    key: 'web.nav.status',
    end: false,
    testId: 'nav-status',
    icon: ListChecks,
    also: ['/submission-detail/'],
  },
  {
    to: '/acm-rank',
    key: 'web.nav.rank',
    end: false,
    testId: 'nav-rank',
    icon: ChartNoAxesColumn,
    also: ['/oi-rank'],
    more: true,
  },
  {
    to: '/discussion',
    key: 'web.nav.discussion',
    end: false,
    testId: 'nav-discussion',
    icon: MessagesSquare,
    also: ['/discussion-detail/'],
    more: true,
  },
  { to: '/group', key: 'web.nav.group', end: false, testId: 'nav-group', icon: UsersRound, more: true },
];

/** Phones below Tailwind's `sm`: the main sections as icons, the rest in the More menu. */
const NARROW_QUERY = '(max-width: 639px)';

/** Whether the current path is in the section (its own path, or one of its other pages). */
function inSection(link: Section, pathname: string): boolean {
  if (link.end) return pathname === link.to;
  return (
    pathname === link.to ||
    pathname.startsWith(`${link.to}/`) ||
    !!link.also?.some((p) => pathname.startsWith(p))
  );
}

/** The sections that do not fit on a phone, in a menu whose button is lit when one of them is current. */
function MoreMenu({
  links,
  pathname,
  className,
}: {
  links: readonly Section[];
  pathname: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const current = links.find((link) => inSection(link, pathname));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button
          type="button"
          data-testid="nav-more"
          aria-label={t('web.nav.more')}
          title={t('web.nav.more')}
          className={cn(
            'shrink-0 rounded-md px-1.5 py-1.5 text-sm font-medium text-muted-foreground outline-none transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
            current && 'bg-accent text-foreground',
            className,
          )}
        >
          {current ? (
            <current.icon className="size-4" aria-hidden />
          ) : (
            <Menu className="size-4" aria-hidden />
          )}
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" data-testid="nav-more-menu">
        {links.map((link) => {
          const active = inSection(link, pathname);
          return (
            <DropdownMenuItem key={link.to} asChild className={cn(active && 'bg-accent font-medium')}>
              <Link to={link.to} data-testid={link.testId} aria-current={active ? 'page' : undefined}>
                <link.icon aria-hidden />
                {t(link.key)}
              </Link>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function Logo() {
  const { t } = useTranslation();
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <button
          type="button"
          onClick={toggleLanguage}
          data-testid="logo"
          className="flex shrink-0 items-center gap-2 rounded-md px-1 font-bold text-lg tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <span
            aria-hidden
            className="grid size-7 place-items-center rounded-md bg-primary text-primary-foreground text-sm"
          >
            V
          </span>
          {/* the name read out starts with the visible text (WCAG 2.5.3), then says what a click does */}
          <span className="sr-only sm:not-sr-only">{t('common.appName')}</span>
          <span className="sr-only">{`: ${t('web.nav.toggleLanguage')}`}</span>
        </button>
      </TooltipTrigger>
      <TooltipContent>{t('web.nav.toggleLanguage')}</TooltipContent>
    </Tooltip>
  );
}

/** Light or dark theme, one click. */
export function ThemeToggle({ className, testId = 'theme-toggle' }: { className?: string; testId?: string }) {
  const { t } = useTranslation();
  const dark = useDarkTheme();
  const setChoice = useTheme((s) => s.setChoice);
  const label = dark ? t('web.nav.lightMode') : t('web.nav.darkMode');
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      data-testid={testId}
      className={className}
      onClick={() => setChoice(dark ? 'light' : 'dark')}
    >
      {dark ? <Sun /> : <Moon />}
    </Button>
  );
}

/** Top navigation of the main site: logo (language toggle), sections, theme, login or user menu. */
export function TopNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // a phone has no room for the theme button beside the bell and the avatar: logged in, it is
  // an item of the user menu there
  const loggedIn = useAuth((s) => !!s.token && !!s.userInfo);
  // null when rendered on the server (web/ssr): both forms are in the markup and CSS shows one
  const narrow = useMediaMatch(NARROW_QUERY);
  return (
    <header className="sticky top-0 z-40 h-14 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-full max-w-screen-2xl items-center gap-1.5 px-3 sm:gap-4 sm:px-6">
        <Logo />
        <nav
          aria-label={t('web.nav.main')}
          // p-1: room inside the scrolling box for a link's focus ring, which it would clip
          className="flex min-w-0 flex-1 items-center overflow-x-auto p-1 sm:gap-1"
        >
          {(narrow ? LINKS.filter((link) => !link.more) : LINKS).map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.end}
              data-testid={link.testId}
              title={t(link.key)}
              className={({ isActive }) =>
                cn(
                  'shrink-0 rounded-md px-1.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground sm:px-3',
                  (isActive || link.also?.some((p) => pathname.startsWith(p))) && 'bg-accent text-foreground',
                  narrow === null && link.more && 'max-sm:hidden',
                )
              }
            >
              <link.icon className="size-4 sm:hidden" aria-hidden />
              <span className="sr-only sm:not-sr-only">{t(link.key)}</span>
            </NavLink>
          ))}
          {narrow !== false && (
            <MoreMenu
              links={LINKS.filter((link) => link.more)}
              pathname={pathname}
              className={narrow === null ? 'sm:hidden' : undefined}
            />
          )}
        </nav>
        <ThemeToggle className={loggedIn ? 'hidden sm:inline-flex' : undefined} />
        <UnreadBell />
        <UserMenu />
      </div>
    </header>
  );
}
