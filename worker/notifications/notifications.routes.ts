import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { notifications } from '../db/schema';
import type { AppEnv } from '../env';
import { notFound } from '../http/errors';
import { validate } from '../http/validate';

const notificationParams = z.object({ id: z.uuid('Unknown notification id') });

/** Spec 2.12: a user sees and changes only their own notifications; anyone else's answers 404. */
export const notificationRoutes = new Hono<AppEnv>()
  .get('/notifications', async (c) => {
    const rows = await c.var.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, c.var.user!.id))
      .orderBy(desc(notifications.createdAt))
      .limit(200);
    return c.json(
      rows.map(({ metadataJson, userId: _owner, ...row }) => ({
        ...row,
        metadata: metadataJson ? (JSON.parse(metadataJson) as Record<string, string>) : undefined,
      })),
    );
  })
  // Registered before "/:id/read" so "mark-all-read" is never taken for an id.
  .patch('/notifications/mark-all-read', async (c) => {
    await c.var.db.update(notifications).set({ isRead: true }).where(eq(notifications.userId, c.var.user!.id));
    return c.body(null, 204);
  })
  .patch('/notifications/:id/read', validate('param', notificationParams), async (c) => {
    const updated = await c.var.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, c.req.valid('param').id), eq(notifications.userId, c.var.user!.id)))
      .returning({ id: notifications.id });
    if (!updated.length) throw notFound('Notification');
    return c.body(null, 204);
  })
  .delete('/notifications/:id', validate('param', notificationParams), async (c) => {
    const deleted = await c.var.db
      .delete(notifications)
      .where(and(eq(notifications.id, c.req.valid('param').id), eq(notifications.userId, c.var.user!.id)))
      .returning({ id: notifications.id });
    if (!deleted.length) throw notFound('Notification');
    return c.body(null, 204);
  });
