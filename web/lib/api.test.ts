import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, pathFromKey } from './api';

const respond = (body: string, init: ResponseInit) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, init)),
  );
afterEach(() => vi.unstubAllGlobals());

describe('apiRequest errors are "STATUS: text" (spec 8)', () => {
  it('uses the server message of a JSON error', async () => {
    respond(JSON.stringify({ message: 'Incorrect e-mail or password.' }), { status: 401 });
    await expect(apiRequest('POST', '/api/auth/login', {})).rejects.toThrow('401: Incorrect e-mail or password.');
  });

  it('uses the raw text of a non-JSON body', async () => {
    respond('Bad gateway', { status: 502 });
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad gateway');
  });

  it('uses the status text when the body is empty', async () => {
    respond('', { status: 404, statusText: 'Not Found' });
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('404: Not Found');
  });

  it('sends credentials and a JSON body', async () => {
    respond('{"ok":true}', { status: 200 });
    await apiRequest('POST', '/api/x', { a: 1 });
    expect(fetch).toHaveBeenCalledWith('/api/x', expect.objectContaining({ credentials: 'include', body: '{"a":1}' }));
  });
});

it('builds the default query path from the key segments', () => {
  expect(pathFromKey(['/api/lots', 'abc', 'availability'])).toBe('/api/lots/abc/availability');
});
