/**
 * The gate of a lot of a test file's own, open around the clock, for the gate-*.test.ts files (each
 * makes its own, so they run at the same time against one app): its attendant at the gate's screen in
 * the file's browser with a fake camera, the lot's owner, and a driver with money in the wallet. The
 * tests name them by the bindings below, which `openGate` sets in the file's `beforeAll`.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type LiveFigures, parseLiveFigures } from '../core/live';
import { baseURL, type Camera, type People, signUpDriver } from './browser';
import { FIXTURE_PASSWORD, ownLotWithAttendant, topUpWallet } from './fixtures';

export const LOT = 'Fairview Terraces Gate Lot';
const DRIVER_PASSWORD = 'bibingka-at-puto';
export let driver: Page;
export let gate: Page;
export let gateContext: BrowserContext;
export let ownerContext: BrowserContext;
export let lotId = '';
export let driverEmail = '';
/** How often the gate fetched the plate reader's model (from the network or its service worker). */
export let plateModelFetches = 0;

/** The lot, its owner and attendant, and the driver; the gate's screen opens on the portal. */
export async function openGate({ browser, camera, people }: { browser: Browser; camera: Camera; people: People }) {
  const { lot, attendant, owner } = await ownLotWithAttendant(browser, { name: LOT });
  ownerContext = owner.context;
  lotId = lot.id;
  driver = await people.signedOut();
  driverEmail = await signUpDriver(driver, {
    firstName: 'Lea',
    lastName: 'Salonga',
    mobile: '+63 917-2223333',
    password: DRIVER_PASSWORD,
  });
  await topUpWallet(driver.request, 100_000);
  gate = await camera.signedIn(attendant, FIXTURE_PASSWORD);
  gateContext = gate.context();
  gateContext.on('request', (request) => {
    if (/\/assets\/eng\.traineddata-/.test(request.url())) plateModelFetches += 1;
  });
  await gate.goto(`${baseURL}/attendant`);
}

/** The live figures messages `page`'s sockets receive from now on (core/live.ts), in order. */
export function liveFiguresHeardBy(page: Page) {
  const heard: LiveFigures[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const figures = parseLiveFigures(payload);
      if (figures) heard.push(figures);
    }),
  );
  return heard;
}

/** A toast with this title (and, when given, text in its description). */
export const toast = async (title: string, text?: string | RegExp) => {
  const item = gate.locator('li[data-state="open"]').filter({ has: gate.getByText(title, { exact: true }) });
  await (text ? item.filter({ hasText: text }) : item).first().waitFor();
  return (await item.first().innerText()).trim();
};
export const connection = () => gate.getByTestId('connection');
export const figure = (id: string) => gate.getByTestId(id).innerText();

/** The gate's screens through their own links, as the attendant moves between them (no reload). */
export async function openScan() {
  await gate.getByRole('link', { name: 'Scan QR Code', exact: true }).click();
  await gate.getByRole('heading', { name: 'Scan & Check-in', exact: true }).waitFor();
}
export async function openPortal() {
  await gate.getByRole('link', { name: 'Back to Dashboard', exact: true }).click();
  await gate.getByRole('heading', { name: 'Attendant Portal', exact: true }).waitFor();
}

export async function manualEntry(plate: string, action: 'Quick Check-in' | 'Quick Check-out') {
  await gate.getByLabel('Plate Number', { exact: true }).fill(plate);
  await gate.getByRole('button', { name: action, exact: true }).click();
  await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
}
