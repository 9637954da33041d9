import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, lazyRouteComponent, Outlet, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { consentDue, SITE_PAGES } from '../../core/legal';
import { preferencesQuery } from '../lib/account';
import { applyTheme } from '../lib/theme';
import { anyToastRaised, subscribeToToasts } from '../components/ui/toast-store';
import { useStepUpAsked } from '../lib/second-factor';
import { UnverifiedBanner } from '../components/unverified-banner';
import { HeaderFrame } from '../components/app-shell';
import { currentUserQuery, useAuth, type CurrentUser } from '../lib/session';

/** The header (menus, notifications) is for signed-in users only, so a signed-out visitor never downloads it. */
const AppHeader = lazyRouteComponent(() => import('../components/app-header'), 'AppHeader');
const ConsentScreen = lazyRouteComponent(() => import('../features/site/consent-screen'), 'ConsentScreen');
// Off the first screen's path too (docs/performance.md): the toaster (Radix Toast), loaded with the first
// toast, which it then shows, and the step-up dialog, loaded when asked for.
const Toaster = lazyRouteComponent(() => import('../components/ui/toast'), 'Toaster');
const StepUpDialog = lazyRouteComponent(() => import('../features/settings/step-up-dialog'), 'StepUpDialog');

type RouterContext = { queryClient: QueryClient; user: CurrentUser | null };

/** The route table depends on who is signed in, so it waits for the session check; a spinner shows meanwhile. */
export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQuery);
    // The header's chunk loads beside the screen's, not after it.
    if (user) void AppHeader.preload?.();
    return { user };
  },
  component: RootLayout,
});

/** A signed-in user's saved theme wins over this browser's last choice. */
function useSavedTheme(signedIn: boolean) {
  const { data } = useQuery({ ...preferencesQuery, enabled: signedIn });
  useEffect(() => {
    if (data) applyTheme(data.theme);
  }, [data]);
}

/** The public pages stay readable while the Terms are to be accepted: the consent screen links to them. */
const isSitePage = (pathname: string) => SITE_PAGES.some((page) => page.to === pathname);

function RootLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const signedIn = Boolean(user);
  // Until the Terms and the Privacy Policy in force are accepted, it is only the consent screen.
  const mustConsent = signedIn && consentDue(user!);
  const inApp = signedIn && !mustConsent;
  useSavedTheme(signedIn);
  const stepUpAsked = useStepUpAsked();
  const toastRaised = useSyncExternalStore(subscribeToToasts, anyToastRaised);
  return (
    <>
      {user && inApp && (
        <Suspense fallback={<HeaderFrame />}>
          <AppHeader user={user} />
        </Suspense>
      )}
      {user && inApp && !user.emailVerified && <UnverifiedBanner email={user.email} />}
      {mustConsent && !isSitePage(pathname) ? (
        <Suspense fallback={null}>
          <ConsentScreen neverAccepted={!user!.termsVersion && !user!.privacyVersion} />
        </Suspense>
      ) : (
        <Outlet />
      )}
      {/* Each its own boundary: one loading never hides the other. */}
      <Suspense fallback={null}>{user && stepUpAsked && <StepUpDialog />}</Suspense>
      <Suspense fallback={null}>{toastRaised && <Toaster />}</Suspense>
    </>
  );
}
