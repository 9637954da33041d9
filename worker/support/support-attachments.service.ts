/**
 * A support request's one attachment (docs/support.md): the raw body of its PUT, checked as a driver
 * report's photo is (core/uploaded-photo.ts: size, type by its bytes, metadata stripped), kept in the
 * ISSUE_PHOTOS bucket under `support/`. Only the author uploads it; the author and the super admins
 * see it. Kept and served as worker/http/stored-image.ts does.
 */
import { refusal } from '../../core/refusal';
import { keepImage, storedImageResponse } from '../http/stored-image';
import { checkedPhoto } from '../../core/uploaded-photo';
import { setAttachmentOnce } from './support.data';
import { requestFor, type SupportContext } from './support.service';

const ONE_ATTACHMENT = 'This request has an attachment already.';

/** PUT /api/support/:id/attachment: the author's attachment, once. */
export async function setAttachment(ctx: SupportContext, id: string, bytes: Uint8Array) {
  const { env, db, user } = ctx;
  const { request, author } = await requestFor(db, user, id);
  if (!author) throw refusal('forbidden', 'Only the person who wrote the request can attach to it.');
  if (request.attachmentKey) throw refusal('conflict', ONE_ATTACHMENT);
  const image = checkedPhoto(bytes);
  const written = await keepImage(env.ISSUE_PHOTOS, `support/${user.id}/${id}/${crypto.randomUUID()}`, image, (kept) =>
    setAttachmentOnce(db, id, user.id, kept),
  );
  if (!written) throw refusal('conflict', ONE_ATTACHMENT);
  return { id, attachmentUrl: `/api/support/${id}/attachment`, type: image.type, size: image.photo.byteLength };
}

/** GET /api/support/:id/attachment: for the author and the super admins only, never sniffed by the browser. */
export async function attachment(ctx: SupportContext, id: string) {
  const { request } = await requestFor(ctx.db, ctx.user, id);
  const object = request.attachmentKey ? await ctx.env.ISSUE_PHOTOS.get(request.attachmentKey) : null;
  if (!request.attachmentType || !object) throw refusal('not_found', 'This request has no attachment.');
  return storedImageResponse(object, request.attachmentType);
}
