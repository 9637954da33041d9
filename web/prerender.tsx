/**
 * Build step, run by the `parkada:prerender` plugin (scripts/prerender.ts): prints, as JSON, the
 * markup of the pages painted before any JavaScript runs. The SPA's own components, each in a router
 * of its own, so their links are the SPA's; nothing here ships to the browser.
 *   - `landing`: the landing page, a signed-out visitor's `/`, which loads no JavaScript at all;
 *   - `app`: the signed-in shell (the header's frame and the loading spinner), any other signed-in screen;
 *   - `findParking`: the shell with Find Parking's heading, a signed-in driver's `/`.
 */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppShell } from './components/app-shell';
import { FindParkingShell } from './features/find-parking/find-parking-shell';
import { LandingPage } from './features/landing/landing-page';

async function render(page: () => ReactNode) {
  const root = createRootRoute({ component: Outlet });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: page });
  const router = createRouter({
    routeTree: root.addChildren([home]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: true,
  });
  await router.load();
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

console.log(
  JSON.stringify({
    landing: await render(LandingPage),
    app: await render(() => <AppShell />),
    findParking: await render(() => <AppShell page={<FindParkingShell />} />),
  }),
);
