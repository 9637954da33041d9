import { describe, expect, it } from 'vitest';
import { fromBase64url, toBase64url } from './base64url';

describe('base64url', () => {
  it('uses - and _ for + and /, without padding, and reads it back', () => {
    const bytes = new Uint8Array([251, 255, 191, 0, 1]);
    expect(toBase64url(bytes)).toBe('-_-_AAE');
    expect(fromBase64url('-_-_AAE')).toEqual(bytes);
  });
});
