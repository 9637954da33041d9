/**
 * The gate of a lot of this file's own (e2e/gate.ts) beyond the shift: a walk-in's plate read by the
 * camera (a video of a car's plate, made here), a driver's report from the lot page that the attendant
 * sees with its photo, and signing out on the shared gate phone.
 */
import { describe, expect } from 'vitest';
import { baseURL, checkScreens, logOut, reportPageOnFailure, testFilmingPlates as test } from './browser';
import { driver, gate, LOT, lotId, openGate, openScan, ownerContext, plateModelFetches, toast } from './gate';

test.beforeAll(async ({ browser, camera, people }) => {
  await openGate({ browser, camera, people });
});
reportPageOnFailure(() => gate);

describe('a shift at the gate', () => {
  test("reads a walk-in's plate with the camera: Plate Number fills, the check-in keeps the read, the owner sees its figures", async ({
    camera,
  }) => {
    await camera.filmPlate('NCR 7310');
    await openScan();
    await gate.getByRole('button', { name: 'Start Scanning', exact: true }).click();
    await expect.poll(() => gate.getByLabel('Plate Number', { exact: true }).inputValue()).toBe('NCR 7310');
    expect(plateModelFetches).toBeGreaterThan(0);
    expect(await gate.getByTestId('plate-read').innerText()).toMatch(/^Plate read: NCR 7310 · \d+% sure/);
    await gate.getByTestId('plate-lookup').filter({ hasText: 'NCR 7310: no booking here now: a walk-in.' }).waitFor();
    await checkScreens(gate, 'gate-plate-read');
    await gate.getByRole('button', { name: 'Process Entry', exact: true }).click();
    await toast('Check-in Successful', 'Vehicle NCR 7310 processed successfully');
    const owner = await ownerContext.newPage();
    await owner.goto(`${baseURL}/owner/reports?tab=plates&lotId=${lotId}`);
    const reads = owner.getByRole('tabpanel');
    await reads.getByText('Entries read by the camera', { exact: true }).waitFor();
    expect(await reads.innerText()).toMatch(/Entries read by the camera\s+1\b/);
    await owner.close();
  });

  test("a driver reports a blocked entrance with a photo from the lot page; the lot's attendant sees it and the photo", async () => {
    // A real 1×1 PNG: the server keeps it by its bytes, and the gate's screen must be able to draw it.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await driver.goto(`${baseURL}/lots/${lotId}`);
    await driver.getByRole('button', { name: 'Report an Issue', exact: true }).click();
    const form = driver.getByRole('dialog', { name: 'Report an Issue', exact: true });
    await form.getByLabel('What is it about?', { exact: true }).selectOption('blocked_entrance');
    await form.getByLabel('What happened?', { exact: true }).fill('A delivery van blocks the entrance ramp.');
    await form.getByLabel('Photo (optional)', { exact: true }).setInputFiles({ name: 'ramp.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('button', { name: 'Send Report', exact: true }).click();
    await driver
      .getByRole('region', { name: 'Your reports', exact: true })
      .getByRole('button', { name: /^Blocked entrance report,/ })
      .waitFor();

    await gate.goto(`${baseURL}/attendant`);
    await gate
      .getByRole('button', { name: /^Blocked entrance report,\s*Open.*with a photo.*A delivery van blocks the entrance ramp\./ })
      .click();
    const report = gate.getByRole('dialog', { name: `Blocked entrance at ${LOT}`, exact: true });
    const photo = report.getByRole('img', { name: 'What the driver saw: blocked entrance', exact: true });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await checkScreens(gate, 'gate-driver-report');
    await report.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await toast('Report Acknowledged');
  });

  test('signing out on the shared gate phone leaves nothing of the gate on it', async () => {
    // The driver's report before it leaves the portal with its dialog open.
    await gate.goto(`${baseURL}/attendant`);
    await gate.getByRole('button', { name: 'Start Shift', exact: true }).waitFor();
    const kept = () =>
      gate.evaluate(async () => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const open = indexedDB.open('parkada-gate');
          open.onsuccess = () => resolve(open.result);
        });
        const stays = await new Promise<number>((resolve) => {
          const counted = db.transaction('stays').objectStore('stays').count();
          counted.onsuccess = () => resolve(counted.result);
        });
        db.close();
        return { user: localStorage.getItem('parkada.gate.user') !== null, lot: localStorage.getItem('parkada.gate.lot') !== null, stays };
      });
    expect(await kept()).toMatchObject({ user: true, lot: true });
    await logOut(gate);
    await gate.waitForURL(`${baseURL}/`);
    expect(await kept()).toEqual({ user: false, lot: false, stays: 0 });
  });
});
