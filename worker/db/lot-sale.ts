import { sql } from 'drizzle-orm';
import { lots, users } from './schema';

/**
 * Whether a lot is on sale (core/lot-sale.ts), as the one SQL condition search filters by and every
 * sale reads: approved, switched on by its owner, not unlisted by Parkada, and its owner not
 * suspended (a primary-key read of the owner). A column of a query of `lots`, or a `WHERE`.
 */
export const lotOnSale =
  sql<boolean>`(${lots.isApproved} = 1 AND ${lots.isActive} = 1 AND ${lots.unlistedAt} IS NULL AND (SELECT ${users.suspendedAt} FROM ${users} WHERE ${users.id} = ${lots.ownerId}) IS NULL)`.mapWith(
    Boolean,
  );
