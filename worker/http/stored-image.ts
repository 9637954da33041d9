/**
 * Uploaded images (a report's photo, a support request's attachment), checked by core/uploaded-photo.ts,
 * kept in R2 and served back. The object is written first and its row second; a row that cannot be
 * written deletes the object, so no listed image is missing.
 */
import type { IssuePhotoType } from '../../core/lot-issues';

export type KeptImage = { key: string; type: IssuePhotoType; size: number };

/** Puts the image under `key`, then `record`s it; answers whether the row was written (the object is withdrawn otherwise). */
export async function keepImage(
  bucket: R2Bucket,
  key: string,
  image: { photo: Uint8Array; type: IssuePhotoType },
  record: (kept: KeptImage) => Promise<boolean>,
) {
  await bucket.put(key, image.photo, { httpMetadata: { contentType: image.type } });
  const written = await record({ key, type: image.type, size: image.photo.byteLength }).catch(async (error: unknown) => {
    await bucket.delete(key);
    throw error;
  });
  if (!written) await bucket.delete(key);
  return written;
}

/** An image served back as its stored, sniffed type, never sniffed by the browser, kept by the browser alone for a while (it never changes). */
export const storedImageResponse = (object: R2ObjectBody, type: string) =>
  new Response(object.body, {
    headers: {
      'Content-Type': type,
      'Content-Length': String(object.size),
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, max-age=3600',
    },
  });
