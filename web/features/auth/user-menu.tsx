import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MESSAGE_DURATION_MS } from '@/shared/constants/limits';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { useAuth } from '@/web/lib/auth';
import { openLoginModal } from '@/web/lib/login-modal';
import { useLogout } from './api';

/** Login button, or the user's dropdown with Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const token = useAuth((s) => s.token);
  const logout = useLogout();

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
        <Button
          variant="ghost"
          size="sm"
          data-testid="user-menu"
          className="max-w-40"
          aria-label={user.username}
        >
          <UserRound aria-hidden />
          <span className="hidden truncate sm:inline">{user.username}</span>
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate">{user.username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          data-testid="logout"
          onSelect={() =>
            logout.mutate(undefined, {
              onSuccess: () => toast.success(t('web.auth.loggedOut'), { duration: MESSAGE_DURATION_MS }),
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
