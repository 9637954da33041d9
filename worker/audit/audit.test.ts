/** The audit trail against the real D1: append-only by trigger, and read in filtered keyset pages. */
import { env } from 'cloudflare:test';
import { inArray } from 'drizzle-orm';
import { testClient } from 'hono/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../core/audit';
import { app } from '../app';
import { auditLogs } from '../db/schema';
import { newId } from '../db/ids';
import { findUserByEmail } from '../users/users.data';
import { call, cookieFor, db, seedOnce, walkPages } from '../test/helpers';

let logs: ReturnType<typeof testClient<typeof app>>['api']['admin']['audit-logs'];
let adminCookie = '';

beforeAll(async () => {
  await seedOnce();
  adminCookie = await cookieFor('super_admin');
  logs = testClient(app, env, undefined, { headers: { Cookie: adminCookie } }).api.admin['audit-logs'];
});

/** Entries written straight to the table at chosen instants, as the acts would. */
async function entries(rows: { action: AuditAction; timestamp: string; email?: string; context?: Record<string, unknown> }[]) {
  const ids: string[] = [];
  for (const row of rows) {
    const actor = await findUserByEmail(db(), row.email ?? 'admin@parkada.ph');
    const id = newId();
    ids.push(id);
    await db()
      .insert(auditLogs)
      .values({
        id,
        actorId: actor!.id,
        actor: `${actor!.firstName} ${actor!.lastName} <${actor!.email}>`,
        action: row.action,
        subject: `test:${id}`,
        contextJson: JSON.stringify(row.context ?? { k: 1 }),
        timestamp: row.timestamp,
      });
  }
  return ids;
}

type Entry = { id: string; action: string; actor: string; context: Record<string, unknown> };
const read = async (query: Record<string, string>) => {
  const res = await logs.$get({ query });
  expect(res.status).toBe(200);
  return (await res.json()) as { items: Entry[]; nextCursor: string | null };
};

describe('audit log', () => {
  it('refuses to change or erase an entry', async () => {
    const [id] = await entries([{ action: 'APPROVE_OWNER', timestamp: new Date().toISOString() }]);
    await expect(env.DB.prepare("UPDATE audit_logs SET action = 'REJECT_OWNER' WHERE id = ?").bind(id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare('DELETE FROM audit_logs WHERE id = ?').bind(id).run()).rejects.toThrow(/append-only/);
    const rows = await db()
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.id, [id]));
    expect(rows).toMatchObject([{ action: 'APPROVE_OWNER' }]);
  });

  it('allows one update only: masking the plate an entry names, once (docs/privacy.md, Retention)', async () => {
    const context = { lotId: 'l1', plate: 'NBC 1234' };
    const [id] = await entries([{ action: 'OVERRIDE_EXIT', timestamp: new Date().toISOString(), context }]);
    const update = (set: string, ...params: unknown[]) =>
      env.DB.prepare(`UPDATE audit_logs SET ${set} WHERE id = ?`)
        .bind(...params, id)
        .run();
    const refused = /append-only/;
    await expect(update(`context_json = json_set(context_json, '$.plate', ?)`, 'XYZ 9876')).rejects.toThrow(refused);
    await expect(update(`context_json = json_set(context_json, '$.plate', ?)`, 'NBC ••99')).rejects.toThrow(refused);
    await expect(update(`context_json = json_set(context_json, '$.plate', ?, '$.lotId', 'l2')`, 'NBC ••34')).rejects.toThrow(refused);
    await expect(update(`context_json = json_set(context_json, '$.plate', ?), subject = 'x'`, 'NBC ••34')).rejects.toThrow(refused);
    await update(`context_json = json_set(context_json, '$.plate', ?)`, 'NBC ••34');
    await expect(update(`context_json = json_set(context_json, '$.plate', ?)`, 'N•••••34')).rejects.toThrow(refused);
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.id, [id]));
    expect(JSON.parse(row.contextJson)).toEqual({ lotId: 'l1', plate: 'NBC ••34' });
  });

  it('masks the plate of the booking an override let another car in on the same way, one plate at a time', async () => {
    const context = { lotId: 'l1', plate: 'ABC 5678', bookedPlate: 'NAB 1234' };
    const [id] = await entries([{ action: 'OVERRIDE_ENTRY', timestamp: new Date().toISOString(), context }]);
    const mask = (set: string) => env.DB.prepare(`UPDATE audit_logs SET context_json = ${set} WHERE id = ?`).bind(id).run();
    const refused = /append-only/;
    await expect(mask(`json_set(context_json, '$.bookedPlate', 'NAB ••99')`)).rejects.toThrow(refused);
    await expect(mask(`json_set(context_json, '$.bookedPlate', 'NAB ••34', '$.plate', 'ABC ••78')`)).rejects.toThrow(refused);
    await mask(`json_set(context_json, '$.bookedPlate', 'NAB ••34')`);
    await mask(`json_set(context_json, '$.plate', 'ABC ••78')`);
    await expect(mask(`json_set(context_json, '$.bookedPlate', 'N•••••34')`)).rejects.toThrow(refused);
    const [row] = await db()
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.id, [id]));
    expect(JSON.parse(row.contextJson)).toEqual({ lotId: 'l1', plate: 'ABC ••78', bookedPlate: 'NAB ••34' });
  });

  it('filters by action, actor and Manila calendar days, newest first', async () => {
    // 2031-03-09 23:30 Manila is still the 9th there, though the 9th's 15:30 UTC.
    const [ninth, tenth, tenthOwner, eleventh] = await entries([
      { action: 'REJECT_LOT', timestamp: '2031-03-09T15:30:00.000Z' },
      { action: 'REJECT_LOT', timestamp: '2031-03-09T16:30:00.000Z' },
      { action: 'OVERRIDE_ENTRY', timestamp: '2031-03-10T03:00:00.000Z', email: 'owner@parkada.ph' },
      { action: 'REJECT_LOT', timestamp: '2031-03-11T01:00:00.000Z' },
    ]);
    const ids = async (query: Record<string, string>) => (await read(query)).items.map((e) => e.id);
    expect(await ids({ from: '2031-03-10', to: '2031-03-10' })).toEqual([tenthOwner, tenth]);
    expect(await ids({ from: '2031-03-09', to: '2031-03-11', action: 'REJECT_LOT' })).toEqual([eleventh, tenth, ninth]);
    expect(await ids({ from: '2031-03-09', to: '2031-03-11', actor: 'OWNER@parkada' })).toEqual([tenthOwner]);
    const owner = await findUserByEmail(db(), 'owner@parkada.ph');
    expect(await ids({ from: '2031-03-09', actor: owner!.id })).toEqual([tenthOwner]);
    expect((await read({ from: '2031-03-10', to: '2031-03-10' })).items[0]).toMatchObject({
      action: 'OVERRIDE_ENTRY',
      actor: 'Maria Santos <owner@parkada.ph>',
      context: { k: 1 },
    });
  });

  it('comes in pages that neither repeat nor skip an entry', async () => {
    const written = await entries(
      Array.from({ length: 5 }, (_, i) => ({ action: 'UNDO_CHECKIN' as const, timestamp: `2032-01-0${i + 1}T00:00:00.000Z` })),
    );
    const pages = await walkPages((cursor) =>
      read({ action: 'UNDO_CHECKIN', from: '2031-12-31', limit: '2', ...(cursor ? { cursor } : {}) }),
    );
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((e) => e.id)).toEqual([...written].reverse());
  });

  it('answers 400 to a filter it does not know', async () => {
    for (const query of ['action=DELETE_EVERYTHING', 'from=10/03/2031', 'to=2031-02-30', 'cursor=nope', 'limit=1000']) {
      const res = await call(`/api/admin/audit-logs?${query}`, { cookie: adminCookie });
      expect(res.status, query).toBe(400);
      expect(await res.json()).toHaveProperty('message');
    }
  });
});
