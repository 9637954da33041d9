import { describe, expect, it } from 'vitest';
import { documentName, documentProblem, formatDocumentSize, MAX_DOCUMENT_BYTES, sniffDocumentType } from './documents';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('document type by its first bytes', () => {
  it.each([
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('%s', (_label, head, type) => expect(sniffDocumentType(head)).toBe(type));

  it.each([
    ['a text file', bytes('hello')],
    ['HTML', bytes('<!doctype html><script>')],
    ['a RIFF that is not WebP (a WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_label, head) => expect(sniffDocumentType(head)).toBeNull());
});

describe('a file as declared', () => {
  it('accepts the four types up to the limit', () => expect(documentProblem({ type: 'image/png', size: MAX_DOCUMENT_BYTES })).toBeNull());
  it('refuses other types, empty files and larger ones', () => {
    expect(documentProblem({ type: 'text/html', size: 10 })).toMatch(/PDF, JPEG, PNG or WebP/);
    expect(documentProblem({ type: 'application/pdf', size: 0 })).toMatch(/empty/);
    expect(documentProblem({ type: 'application/pdf', size: MAX_DOCUMENT_BYTES + 1 })).toMatch(/at most 5 MB/);
  });
});

describe('document names and sizes', () => {
  it('keeps only the file name, without control characters or quotes', () => {
    expect(documentName('C:\\Users\\me\\permit "2026".pdf')).toBe('permit 2026.pdf');
    expect(documentName('../../etc/passwd')).toBe('passwd');
    expect(documentName('a\u0000b\r\n.pdf')).toBe('ab.pdf');
    expect(documentName('   ')).toBe('document');
    expect(documentName('x'.repeat(300)).length).toBe(120);
  });
  it('shows sizes in KB or MB', () => {
    expect(formatDocumentSize(200)).toBe('1 KB');
    expect(formatDocumentSize(340 * 1024)).toBe('340 KB');
    expect(formatDocumentSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
