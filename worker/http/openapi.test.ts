/** The API's description (docs/api.md): every route in it, served as JSON and as a reference page, and every answer held to it. */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { app } from '../app';
import { checkAnswers } from '../test/described-answers';
import { call } from '../test/helpers';
import { API_REFERENCE_SCRIPT } from '../../core/api-reference';
import { describedAs } from './described';

type Document = { openapi: string; paths: Record<string, Record<string, { tags?: string[]; summary?: string }>> };

const document = async () => (await call('/api/openapi.json')).json<Document>();

/** Hono's `/lots/:id` is OpenAPI's `/lots/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}');

describe('the OpenAPI document', () => {
  it('describes every route of the app, each with its folder as its tag and a summary', async () => {
    const { paths } = await document();
    const routes = new Set(app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`));
    const undescribed = [...routes].filter((route) => {
      const [method, path] = route.split(' ');
      const operation = paths[openApiPath(path!)]?.[method!.toLowerCase()];
      return !operation?.summary || operation.tags?.length !== 1;
    });
    expect(undescribed).toEqual([]);
    expect(routes.size).toBeGreaterThan(190);
  });

  it('declares the shape of every JSON answer', async () => {
    type Answer = { content?: Record<string, { schema?: { description?: string } }> };
    const { paths } = await document();
    const undeclared = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations as Record<string, { responses: Record<string, Answer> }>).flatMap(([method, { responses }]) =>
        Object.entries(responses)
          .filter(
            ([status, answer]) =>
              status < '300' && answer.content?.['application/json']?.schema?.description?.startsWith('JSON; its shape'),
          )
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect(undeclared).toEqual([]);
  });

  it('is OpenAPI 3.1 JSON, public, and gives each operation its answers and the refusals of its access rule', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    const { openapi, paths } = await res.json<Document>();
    expect(openapi).toMatch(/^3\.1\.\d+$/);
    const booking = paths['/api/reservations']!.post as unknown as { tags: string[]; responses: Record<string, unknown> };
    expect(booking.tags).toEqual(['reservations']);
    expect(Object.keys(booking.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '402', '403', '404', '409']));
    const search = paths['/api/lots']!.get as unknown as { security: unknown[]; responses: Record<string, unknown> };
    expect(search.security).toEqual([]);
    expect(search.responses['401']).toBeUndefined();
  });

  it('has a reference page that loads Scalar from the app’s own assets, with no inline script', async () => {
    const res = await call('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain(`<script src="${API_REFERENCE_SCRIPT}"></script>`);
    expect(html).toContain('data-url="/api/openapi.json"');
    // The only other script element is data (type application/json), which the CSP does not run.
    expect(html.match(/<script(?![^>]*(src=|type="application\/json"))/g)).toBeNull();
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
  });
});

describe('answers checked against their description', () => {
  /** An app whose one route answers unlike its description: the check must catch it. */
  const planted = () => {
    const described = describedAs('health');
    const answer = z.object({ status: z.enum(['ok', 'error']) });
    return new Hono()
      .get('/wrong-shape', described({ summary: 'Answers a number for a word', answer }), (c) => c.json({ status: 42 }))
      .get('/wrong-status', described({ summary: 'Says 201, answers 200', status: 201, answer }), (c) => c.json({ status: 'ok' }))
      .get('/right', described({ summary: 'Answers as described', answer }), (c) => c.json({ status: 'ok' }))
      .get('/refused', described({ summary: 'Refuses with another shape', refusals: [404] }), (c) => c.json({ error: 'gone' }, 404));
  };

  it('fails a request whose answer does not match its described schema, status or refusal shape', async () => {
    const mismatched = planted();
    checkAnswers(mismatched);
    await expect(mismatched.request('/wrong-shape')).rejects.toThrow('GET /wrong-shape answered 200 unlike its description: status');
    await expect(mismatched.request('/wrong-status')).rejects.toThrow(
      'GET /wrong-status answered 200, which its description does not list',
    );
    await expect(mismatched.request('/refused')).rejects.toThrow('GET /refused answered 404 unlike its description: message');
    expect((await mismatched.request('/right')).status).toBe(200);
  });

  it('checks the app itself in every worker test (the setup wraps it)', async () => {
    expect((await call('/api/health')).status).toBe(200);
    expect(Object.getOwnPropertySymbols(app).map(String)).toContain('Symbol(answers checked)');
  });
});
