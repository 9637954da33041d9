/**
 * Build step, run by the `parkada:static-landing` plugin (scripts/static-landing.ts): prints the
 * landing page as static HTML. The same component the SPA renders, in a router of its own, so its
 * links are the SPA's; nothing here ships to the browser.
 */
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { LandingPage } from './landing-page';

const root = createRootRoute({ component: Outlet });
const home = createRoute({ getParentRoute: () => root, path: '/', component: LandingPage });
const router = createRouter({
  routeTree: root.addChildren([home]),
  history: createMemoryHistory({ initialEntries: ['/'] }),
  isServer: true,
});
await router.load();
console.log(renderToStaticMarkup(<RouterProvider router={router} />));
