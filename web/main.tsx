import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFoundScreen } from './components/not-found';
import { RouteError } from './components/route-error';
import { Spinner } from './components/ui/spinner';
import { createQueryClient } from './lib/query-client';
import { routeTree } from './routeTree.gen';
import './styles.css';

const queryClient = createQueryClient();

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

// The page may hold a prerendered shell (worker/auth/app-pages.ts): it stays until the first screen
// is ready, rather than giving way to a spinner while the session is checked. The first render is a
// transition, which React does in slices, so a phone stays responsive meanwhile. (Not a top-level
// await: the screens' chunks import from this one, and would wait on it while it waits on them.)
const root = createRoot(document.getElementById('root')!);
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
router.load().then(render, render);
