import { Link } from '@tanstack/react-router';
import { Bell, LogOut, Menu, Moon, Settings, Sun, User } from 'lucide-react';
import { initialsOf } from '../../core/person';
import { ADMIN_AREA, ATTENDANT_AREA, OWNER_AREA, ROLE_LABELS, type Role } from '../../core/roles';
import { useUnreadCount } from '../lib/notifications';
import type { CurrentUser } from '../lib/session';
import { useSavePreferences } from '../lib/account';
import { leaveThisBrowser } from '../lib/leave-browser';
import { applyTheme, useTheme } from '../lib/theme';
import { HeaderFrame } from './app-shell';
import { Button } from './ui/button';
import { PopoverMenu, popoverItem } from './ui/popover-menu';

type NavItem = { to: string; label: string };

function navFor(role: Role): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Find Parking' },
    { to: '/reservations', label: 'My Reservations' },
    { to: '/wallet', label: 'Wallet' },
    { to: '/passes', label: 'Passes' },
    { to: '/history', label: 'History' },
  ];
  if (OWNER_AREA.includes(role)) items.push({ to: '/owner', label: 'Owner' });
  if (ATTENDANT_AREA.includes(role)) items.push({ to: '/attendant', label: 'Attendant' });
  if (ADMIN_AREA.includes(role)) items.push({ to: '/admin', label: 'Admin' });
  return items;
}

/**
 * Shown only when signed in. Its two menus (the account, and the screens on phones) are the platform's
 * popovers (ui/popover-menu.tsx).
 */
export function AppHeader({ user }: { user: CurrentUser }) {
  const nav = navFor(user.role);
  return (
    <HeaderFrame>
      <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
        {nav.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            activeOptions={{ exact: item.to === '/' }}
            className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground data-[status=active]:text-brand"
          >
            {item.label}
          </Link>
        ))}
      </nav>
      <div className="ml-auto flex items-center gap-1">
        <span className="hidden rounded-full border border-border px-3 py-1 text-xs font-medium sm:inline" title="Your role">
          {ROLE_LABELS[user.role]}
        </span>
        <NotificationsBell />
        <ThemeToggle />
        <AccountMenu user={user} />
        <ScreensMenu nav={nav} />
      </div>
    </HeaderFrame>
  );
}

function NotificationsBell() {
  const unread = useUnreadCount(true);
  return (
    <Link
      to="/notifications"
      className="relative grid h-10 w-10 place-items-center rounded-lg hover:bg-muted"
      aria-label={`Notifications, ${unread} unread`}
    >
      <Bell className="h-5 w-5" />
      {unread > 0 && (
        <span
          data-testid="unread-badge"
          className="absolute right-1 top-1 min-w-5 rounded-full bg-brand px-1 text-center text-xs font-bold text-brand-foreground"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}

/** The theme follows the user to every device: applied now, then stored on the account. */
function ThemeToggle() {
  const { isDark } = useTheme();
  const savePreferences = useSavePreferences();
  const toggleTheme = () => {
    const theme = isDark ? 'light' : 'dark';
    applyTheme(theme);
    savePreferences.mutate({ theme });
  };
  return (
    <Button variant="ghost" size="icon" onClick={toggleTheme} aria-label={isDark ? 'Switch to light theme' : 'Switch to dark theme'}>
      {isDark ? <Sun className="h-5 w-5" /> : <Moon className="h-5 w-5" />}
    </Button>
  );
}

/** Who is signed in, their settings, and logging out: a navigation to /api/logout, so no signed-in screen outlives it. */
function AccountMenu({ user }: { user: CurrentUser }) {
  const logOut = async () => {
    await leaveThisBrowser();
    window.location.assign('/api/logout');
  };
  return (
    <PopoverMenu
      label={`Account menu ${initialsOf(user)}`}
      trigger={initialsOf(user)}
      triggerClassName="grid h-10 w-10 place-items-center rounded-full bg-brand font-semibold text-brand-foreground"
    >
      {(close) => (
        <>
          <div className="px-2 py-1.5 text-sm">
            <div className="font-medium">
              {user.firstName} {user.lastName}
            </div>
            <div className="text-xs text-muted-foreground">{user.email}</div>
            {/* The header badge is hidden on phones; the role is always here, read only. */}
            <div className="mt-1 text-xs font-medium">{ROLE_LABELS[user.role]}</div>
          </div>
          <hr className="my-1 border-border" />
          <Link to="/settings" className={popoverItem} onClick={close}>
            <User className="h-4 w-4" /> Profile
          </Link>
          <Link to="/settings" className={popoverItem} onClick={close}>
            <Settings className="h-4 w-4" /> Settings
          </Link>
          <hr className="my-1 border-border" />
          <button type="button" className={popoverItem} onClick={logOut}>
            <LogOut className="h-4 w-4" /> Log out
          </button>
        </>
      )}
    </PopoverMenu>
  );
}

/** The screens on phones, where the header has no room for the main navigation. */
function ScreensMenu({ nav }: { nav: NavItem[] }) {
  return (
    <div className="lg:hidden">
      <PopoverMenu
        label="Open menu"
        trigger={<Menu className="h-5 w-5" />}
        triggerClassName="grid h-10 w-10 place-items-center rounded-lg hover:bg-muted"
      >
        {(close) => (
          <nav aria-label="Screens">
            {nav.map((item) => (
              <Link key={item.to} to={item.to} className={popoverItem} onClick={close}>
                {item.label}
              </Link>
            ))}
          </nav>
        )}
      </PopoverMenu>
    </div>
  );
}
