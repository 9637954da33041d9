/**
 * Documents an owner applicant files with their application (business permit, ID, proof of the space):
 * which files are accepted, how large and how many. The sign-up form checks these before sending; the
 * worker checks them again, and reads the file's first bytes, so a renamed file is refused whatever
 * type the browser declared.
 */
export const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS = 5;
const MAX_DOCUMENT_NAME = 120;

export const DOCUMENT_MESSAGES = {
  type: 'Documents must be PDF, JPEG, PNG or WebP files.',
  size: `Each document must be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB.`,
  empty: 'The document is empty.',
  count: `An owner application holds at most ${MAX_DOCUMENTS} documents.`,
  missing: 'Attach the document as the form field "file".',
} as const;

/** `<input accept>` for the file pickers. */
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.join(',');

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The type a file's first bytes show (its magic number), or null when it is none of the accepted ones. */
export function sniffDocumentType(head: Uint8Array): DocumentType | null {
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** The problem with a file as declared (before reading it), or null. The server also checks its bytes. */
export function documentProblem(file: { size: number; type: string }): string | null {
  if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return DOCUMENT_MESSAGES.type;
  if (file.size === 0) return DOCUMENT_MESSAGES.empty;
  if (file.size > MAX_DOCUMENT_BYTES) return DOCUMENT_MESSAGES.size;
  return null;
}

/** A file name fit to show and to send back in Content-Disposition: no folders, no control characters, not too long. */
export function documentName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'document').slice(0, MAX_DOCUMENT_NAME);
}

/** "1.2 MB", "340 KB": how the screens show a document's size. */
export function formatDocumentSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
