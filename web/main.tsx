import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFoundScreen } from './components/not-found';
import { RouteError } from './components/route-error';
import { Spinner } from './components/ui/spinner';
import { holdInstallOffer } from './features/pwa/install-prompt';
import { createQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import './styles.css';

const queryClient = createQueryClient();
holdInstallOffer();

const router = createRouter({
  routeTree,
  context: { queryClient, user: null },
  defaultPendingComponent: () => <Spinner />,
  defaultPendingMs: 0,
  defaultNotFoundComponent: NotFoundScreen,
  defaultErrorComponent: RouteError,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// A page with a prerendered shell (worker/auth/app-pages.ts) keeps it until the first screen is
// ready, rather than giving way to a spinner while the session is checked; a page without one (the
// service worker's offline copy, the public pages, `vite dev`) renders at once, its spinner included.
// The first render is a transition, which React does in slices, so a phone stays responsive meanwhile.
// (Not a top-level await: the screens' chunks import from this one, and would wait on it while it
// waits on them.)
const container = document.getElementById('root')!;
const hasShell = container.childElementCount > 0;
const root = createRoot(container);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
if (hasShell) router.load().catch(console.error).finally(render);
else render();
