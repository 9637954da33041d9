/**
 * The one check of an uploaded photo (a driver's report, a support request's attachment): its size,
 * its type by its first bytes (whatever the browser declared), and its metadata stripped (where and
 * when it was taken, the phone). A photo that fails is a refusal, and nothing is stored.
 */
import { ISSUE_PHOTO_MESSAGES, photoSizeProblem, sniffIssuePhoto, type IssuePhotoType } from './lot-issues';
import { withoutPhotoMetadata } from './photo-metadata';
import { refusal } from './refusal';

export function checkedPhoto(bytes: Uint8Array): { photo: Uint8Array; type: IssuePhotoType } {
  const problem = photoSizeProblem(bytes.byteLength);
  if (problem) throw refusal(bytes.byteLength > 0 ? 'too_large' : 'invalid', problem);
  const type = sniffIssuePhoto(bytes.subarray(0, 16));
  if (!type) throw refusal('invalid', ISSUE_PHOTO_MESSAGES.type);
  const photo = withoutPhotoMetadata(bytes, type);
  if (!photo) throw refusal('invalid', ISSUE_PHOTO_MESSAGES.unreadable);
  return { photo, type };
}
