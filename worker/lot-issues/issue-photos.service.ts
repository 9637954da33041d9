/**
 * A report's one photo (docs/gate.md, Driver reports): sent as the raw body, sniffed by its first
 * bytes (whatever type the browser declared), at most 5 MB, kept in the ISSUE_PHOTOS bucket without
 * its metadata (where and when it was taken, the phone: core/photo-metadata.ts). Only the
 * reporter uploads it; the reporter and the lot's staff see it, served as its stored type, never
 * sniffed by the browser, kept by the browser alone. The object is written first and the row
 * second (worker/http/stored-image.ts).
 */
import { refusal } from '../../core/refusal';
import { keepImage, storedImageResponse } from '../http/stored-image';
import { checkedPhoto } from '../../core/uploaded-photo';
import type { DB } from '../db/client';
import type { Bindings, SessionUser } from '../env';
import { issueFor } from './issue-access.service';
import { setPhotoOnce } from './lot-issues.data';

type PhotoContext = { env: Bindings; db: DB; user: SessionUser };

const ONE_PHOTO = 'This report has a photo already; add more in its thread.';

/** PUT /api/lot-issues/:id/photo: the reporter's photo, once. */
export async function setIssuePhoto(ctx: PhotoContext, id: string, bytes: Uint8Array) {
  const { env, db, user } = ctx;
  const { issue, reporter } = await issueFor(db, user, id);
  if (!reporter) throw refusal('forbidden', 'Only the person who reported the issue can add its photo.');
  if (issue.photoKey) throw refusal('conflict', ONE_PHOTO);
  const image = checkedPhoto(bytes);
  const written = await keepImage(env.ISSUE_PHOTOS, `lot-issues/${issue.lotId}/${id}/${crypto.randomUUID()}`, image, (kept) =>
    setPhotoOnce(db, id, user.id, kept),
  );
  if (!written) throw refusal('conflict', ONE_PHOTO);
  return { id, photoUrl: `/api/lot-issues/${id}/photo`, type: image.type, size: image.photo.byteLength };
}

/** GET /api/lot-issues/:id/photo: for the reporter and the lot's staff only. */
export async function issuePhoto(ctx: PhotoContext, id: string) {
  const { issue } = await issueFor(ctx.db, ctx.user, id);
  const object = issue.photoKey ? await ctx.env.ISSUE_PHOTOS.get(issue.photoKey) : null;
  if (!issue.photoType || !object) throw refusal('not_found', 'This report has no photo.');
  return storedImageResponse(object, issue.photoType);
}
