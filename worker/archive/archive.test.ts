/** The archive's periods in R2 (docs/payments.md, Archive): written gzip-compressed, read back, rewritten, and never silently empty. */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { periodKey, type Period } from '../../core/archive';
import { Refusal } from '../../core/refusal';
import { newId } from '../db/ids';
import { archiveContext, bookingThatIsOver, later, periodsOf, replacing } from '../test/archive-fixtures';
import { call, cookieFor, seedOnce } from '../test/helpers';
import { archivedRowsOf, rewritePeriod } from './archive.service';
import { moveCharges } from './charges-archive.service';

beforeAll(seedOnce);

const periodAt = (lotId: string): Period => ({ kind: 'charges', lotId, month: '2026-01' });
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `charge-${i}`, amountCents: 100 * i, createdAt: '2026-01-05T00:00:00.000Z' }));
const JANUARY = { from: '2026-01', to: '2026-01' };

describe('archived periods', () => {
  it('writes a period as gzip-compressed NDJSON listed in the directory, reads it back and rewrites it', async () => {
    const period = periodAt(newId());
    const written = await rewritePeriod(archiveContext(), period, () => rowsOf(200));
    const object = await env.ARCHIVE.get(periodKey(period));
    const bytes = new Uint8Array(await object!.arrayBuffer());
    // gzip's magic number, and smaller than the NDJSON it holds.
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(bytes.length).toBeLessThan(
      rowsOf(200)
        .map((row) => JSON.stringify(row))
        .join('\n').length / 4,
    );
    expect(await periodsOf(period.lotId)).toEqual([
      { ...period, key: periodKey(period), rows: 200, bytes: bytes.length, archivedAt: written.archivedAt, platesMaskedAt: null },
    ]);
    expect(await archivedRowsOf(archiveContext(), 'charges', period.lotId, JANUARY)).toEqual(rowsOf(200));

    // An erasure's rewrite: every row changed, the count kept.
    await rewritePeriod(archiveContext(), period, (rows) => rows.map((row) => ({ ...row, amountCents: 0 })));
    const rewritten = await archivedRowsOf(archiveContext(), 'charges', period.lotId, JANUARY);
    expect(rewritten.map((row) => row.amountCents)).toEqual(Array(200).fill(0));
    expect((await periodsOf(period.lotId))[0].rows).toBe(200);
  });

  it('refuses a writer whose period was rewritten since it read it, so neither loses the other’s rows', async () => {
    const period = periodAt(newId());
    await rewritePeriod(archiveContext(), period, () => rowsOf(2));
    // Another writer rewrites the period right after this one read it.
    const racedBucket = replacing(env.ARCHIVE, 'get', async (key: string) => {
      const object = (await env.ARCHIVE.get(key))!;
      const body = new Response(await object.arrayBuffer()).body;
      await rewritePeriod(archiveContext(), period, () => rowsOf(3));
      return { etag: object.etag, body };
    });
    const slower = rewritePeriod(archiveContext({ env: { ...env, ARCHIVE: racedBucket } }), period, (rows) => [...rows, ...rowsOf(1)]);
    await expect(slower).rejects.toMatchObject({ kind: 'conflict' });
    expect(await archivedRowsOf(archiveContext(), 'charges', period.lotId, JANUARY)).toEqual(rowsOf(3));
  });

  it('answers a listed period missing from the bucket with a 500 and shows it in System Health, never as no charges', async () => {
    const booking = await bookingThatIsOver();
    await moveCharges(archiveContext(), booking.lotId, later());
    const [period] = await periodsOf(booking.lotId);
    await env.ARCHIVE.delete(period.key);

    const res = await call(`/api/receipts/${booking.receiptIds[0]}`, { cookie: booking.cookie });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: `The archived charges of ${period.month} are missing. The team has been alerted.` });
    await expect(
      archivedRowsOf(archiveContext(), 'charges', booking.lotId, { from: period.month, to: period.month }),
    ).rejects.toBeInstanceOf(Refusal);

    const health = await (await call('/api/admin/system-health', { cookie: await cookieFor('super_admin') })).json<{
      services: { name: string; detail: string }[];
    }>();
    const background = health.services.find((service) => service.name === 'Background work')!;
    expect(background.detail).toContain(`Archive (charges of lot ${booking.lotId}, ${period.month})`);
    expect(background.detail).toContain(`${period.key} is listed but missing from the bucket`);
  });
});
