/**
 * A report's one photo (docs/gate.md, Driver reports): sent as the raw body, sniffed by its first
 * bytes (whatever type the browser declared), at most 5 MB, kept in the ISSUE_PHOTOS bucket without
 * its metadata (where and when it was taken, the phone: core/photo-metadata.ts). Only the
 * reporter uploads it; the reporter and the lot's staff see it, served as its stored type, never
 * sniffed by the browser, kept by the browser alone. The object is written first and the row second;
 * a row that cannot be written deletes its object, so no listed photo is missing.
 */
import { ISSUE_PHOTO_MESSAGES, photoSizeProblem, sniffIssuePhoto } from '../../core/lot-issues';
import { withoutPhotoMetadata } from '../../core/photo-metadata';
import { refusal } from '../../core/refusal';
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
  const problem = photoSizeProblem(bytes.byteLength);
  if (problem) throw refusal(bytes.byteLength > 0 ? 'too_large' : 'invalid', problem);
  const type = sniffIssuePhoto(bytes.subarray(0, 16));
  if (!type) throw refusal('invalid', ISSUE_PHOTO_MESSAGES.type);
  const photo = withoutPhotoMetadata(bytes, type);
  if (!photo) throw refusal('invalid', ISSUE_PHOTO_MESSAGES.unreadable);
  const key = `lot-issues/${issue.lotId}/${id}/${crypto.randomUUID()}`;
  await env.ISSUE_PHOTOS.put(key, photo, { httpMetadata: { contentType: type } });
  const withdraw = () => env.ISSUE_PHOTOS.delete(key);
  const written = await setPhotoOnce(db, id, user.id, { key, type, size: photo.byteLength }).catch(async (error: unknown) => {
    await withdraw();
    throw error;
  });
  if (!written) {
    await withdraw();
    throw refusal('conflict', ONE_PHOTO);
  }
  return { id, photoUrl: `/api/lot-issues/${id}/photo`, type, size: photo.byteLength };
}

/** GET /api/lot-issues/:id/photo: for the reporter and the lot's staff only. */
export async function issuePhoto(ctx: PhotoContext, id: string) {
  const { issue } = await issueFor(ctx.db, ctx.user, id);
  const object = issue.photoKey ? await ctx.env.ISSUE_PHOTOS.get(issue.photoKey) : null;
  if (!issue.photoType || !object) throw refusal('not_found', 'This report has no photo.');
  return new Response(object.body, {
    headers: {
      'Content-Type': issue.photoType,
      'Content-Length': String(object.size),
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      // Kept by the browser alone, for a while: the photo never changes once set.
      'Cache-Control': 'private, max-age=3600',
    },
  });
}
