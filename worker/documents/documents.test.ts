/**
 * Owner application documents against the real D1 and R2: what is accepted (type by magic bytes, size,
 * count), that the R2 object and its row stay consistent, and who may download them.
 */
import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENTS } from '../../core/documents';
import { ownerApplicationDocuments, ownerApplications } from '../db/schema';
import { call, cookieFor, db, documentForm, pdfBytes, seedOnce, sessionCookie, signupBody } from '../test/helpers';

type Shown = { id: string; name: string; type: string; size: number; uploadedAt: string; url: string };
type OwnApplication = { id: string; status: string; documents: Shown[] };

let admin = '';
beforeAll(async () => {
  await seedOnce();
  admin = await cookieFor('super_admin');
});

/** A new owner-type sign-up: its session and its pending application's id. */
async function applicant() {
  const body = signupBody({ role: 'business_owner' });
  const res = await call('/api/auth/signup', { method: 'POST', json: body });
  expect(res.status).toBe(201);
  const cookie = sessionCookie(res);
  const [application] = await db().select().from(ownerApplications).where(eq(ownerApplications.email, body.email));
  return { cookie, applicationId: application.id };
}

const upload = (cookie: string, form: FormData) => call('/api/user/owner-application/documents', { method: 'POST', body: form, cookie });
const storedKeys = async (applicationId: string) =>
  (await env.DOCUMENTS.list({ prefix: `owner-applications/${applicationId}/` })).objects.map((o) => o.key);
const rowsOf = (applicationId: string) =>
  db().select().from(ownerApplicationDocuments).where(eq(ownerApplicationDocuments.applicationId, applicationId));

const bytesOf = (...parts: (string | number[])[]) => {
  const head = parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part));
  const bytes = new Uint8Array(256);
  bytes.set(head);
  return bytes;
};

describe('uploading documents', () => {
  it('stores a PDF in R2 with its row, and the applicant sees it listed', async () => {
    const { cookie, applicationId } = await applicant();
    const content = pdfBytes(4096);
    const res = await upload(cookie, documentForm(content, 'C:\\scans\\business permit.pdf'));
    expect(res.status).toBe(201);
    const doc = (await res.json()) as Shown;
    expect(doc).toMatchObject({
      name: 'business permit.pdf',
      type: 'application/pdf',
      size: 4096,
      url: `/api/user/owner-application/documents/${doc.id}`,
    });

    const [row] = await rowsOf(applicationId);
    expect(row).toMatchObject({
      id: doc.id,
      r2Key: `owner-applications/${applicationId}/${doc.id}`,
      contentType: 'application/pdf',
      size: 4096,
    });
    const object = await env.DOCUMENTS.get(row.r2Key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(content);

    const own = (await (await call('/api/user/owner-application', { cookie })).json()) as OwnApplication;
    expect(own).toMatchObject({ id: applicationId, status: 'pending' });
    expect(own.documents).toEqual([doc]);
  });

  it.each([
    ['JPEG', bytesOf([0xff, 0xd8, 0xff, 0xe0]), 'id.jpg', 'image/jpeg'],
    ['PNG', bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'tin.png', 'image/png'],
    ['WebP', bytesOf('RIFF', [0xf8, 0, 0, 0], 'WEBPVP8 '), 'space.webp', 'image/webp'],
  ])('accepts a %s image', async (_label, content, name, type) => {
    const { cookie } = await applicant();
    const res = await upload(cookie, documentForm(content, name, type));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name, type, size: content.byteLength });
  });

  it.each([
    [
      'HTML named as a PDF',
      bytesOf('<!doctype html><script>alert(1)</script>'),
      'permit.pdf',
      'application/pdf',
      'Documents must be PDF, JPEG, PNG or WebP files.',
    ],
    ['a declared type that is not accepted', pdfBytes(), 'permit.html', 'text/html', 'Documents must be PDF, JPEG, PNG or WebP files.'],
    [
      'a PDF declared as a PNG',
      pdfBytes(),
      'photo.png',
      'image/png',
      "The file's contents (PDF) do not match its declared type (image/png).",
    ],
    ['an empty file', new Uint8Array(0), 'permit.pdf', 'application/pdf', 'The document is empty.'],
  ])('refuses %s with a 400 and stores nothing', async (_label, content, name, type, message) => {
    const { cookie, applicationId } = await applicant();
    const res = await upload(cookie, documentForm(content, name, type));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message });
    expect([await storedKeys(applicationId), await rowsOf(applicationId)]).toEqual([[], []]);
  });

  it('refuses a request without a file, or not multipart, with a 400', async () => {
    const { cookie } = await applicant();
    const empty = await upload(cookie, new FormData());
    expect([empty.status, ((await empty.json()) as { message: string }).message]).toEqual([
      400,
      'Attach the document as the form field "file".',
    ]);
    const json = await call('/api/user/owner-application/documents', { method: 'POST', json: { file: 'permit.pdf' }, cookie });
    expect(json.status).toBe(400);
  });

  it('refuses a file over the size limit with a 413, whether just over or far over', async () => {
    const { cookie, applicationId } = await applicant();
    for (const size of [MAX_DOCUMENT_BYTES + 1, MAX_DOCUMENT_BYTES * 2]) {
      const res = await upload(cookie, documentForm(pdfBytes(size)));
      expect(res.status, `${size} bytes`).toBe(413);
      expect(await res.json()).toMatchObject({ message: 'Each document must be at most 5 MB.' });
    }
    expect(await storedKeys(applicationId)).toEqual([]);
    // Exactly the limit is accepted.
    expect((await upload(cookie, documentForm(pdfBytes(MAX_DOCUMENT_BYTES)))).status).toBe(201);
  });

  it(`holds at most ${MAX_DOCUMENTS} documents, even when uploads race`, async () => {
    const { cookie, applicationId } = await applicant();
    for (let i = 1; i < MAX_DOCUMENTS; i++) expect((await upload(cookie, documentForm(pdfBytes(), `page-${i}.pdf`))).status).toBe(201);
    const racing = await Promise.all([
      upload(cookie, documentForm(pdfBytes(), 'a.pdf')),
      upload(cookie, documentForm(pdfBytes(), 'b.pdf')),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = await upload(cookie, documentForm(pdfBytes(), 'one-more.pdf'));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: `An owner application holds at most ${MAX_DOCUMENTS} documents.` });
    // Every row has its object and no object is left without a row.
    const rows = await rowsOf(applicationId);
    expect(rows).toHaveLength(MAX_DOCUMENTS);
    expect((await storedKeys(applicationId)).sort()).toEqual(rows.map((r) => r.r2Key).sort());
  });

  it('deletes the R2 object when its row cannot be written', async () => {
    const { cookie, applicationId } = await applicant();
    // D1 refuses only the document insert; the session and the application still read.
    const failingDb = new Proxy(env.DB, {
      get(target, prop) {
        if (prop === 'prepare') {
          return (query: string) => {
            if (query.includes('INSERT INTO owner_application_documents')) throw new Error('D1 unavailable');
            return target.prepare(query);
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const res = await call('/api/user/owner-application/documents', {
      method: 'POST',
      body: documentForm(pdfBytes()),
      cookie,
      bindings: { DB: failingDb },
    });
    expect(res.status).toBe(500);
    expect([await storedKeys(applicationId), await rowsOf(applicationId)]).toEqual([[], []]);
  });

  it('refuses documents once the application is decided (409), and for users without one (404)', async () => {
    const { cookie, applicationId } = await applicant();
    expect((await call(`/api/admin/owners/${applicationId}/approve`, { method: 'POST', json: {}, cookie: admin })).status).toBe(200);
    const late = await upload(cookie, documentForm(pdfBytes()));
    expect([late.status, await late.json()]).toEqual([
      409,
      { message: 'Your owner application has been decided; its documents can no longer be changed.' },
    ]);
    expect(await storedKeys(applicationId)).toEqual([]);

    const driver = await cookieFor('parking_user');
    for (const res of [await upload(driver, documentForm(pdfBytes())), await call('/api/user/owner-application', { cookie: driver })]) {
      expect([res.status, await res.json()]).toEqual([404, { message: 'You have no owner application.' }]);
    }
  });
});

describe('removing documents', () => {
  const remove = (cookie: string, docId: string) => call(`/api/user/owner-application/documents/${docId}`, { method: 'DELETE', cookie });

  it('removes the applicant’s document while pending: its row and its file; the others stay', async () => {
    const { cookie, applicationId } = await applicant();
    const kept = (await (await upload(cookie, documentForm(pdfBytes(), 'permit.pdf'))).json()) as Shown;
    const wrong = (await (await upload(cookie, documentForm(pdfBytes(), 'wrong file.pdf'))).json()) as Shown;
    const res = await remove(cookie, wrong.id);
    expect([res.status, await res.json()]).toEqual([200, { id: wrong.id }]);
    expect((await rowsOf(applicationId)).map((row) => row.id)).toEqual([kept.id]);
    expect(await storedKeys(applicationId)).toEqual([`owner-applications/${applicationId}/${kept.id}`]);
    const own = (await (await call('/api/user/owner-application', { cookie })).json()) as OwnApplication;
    expect(own.documents.map((doc) => doc.name)).toEqual(['permit.pdf']);
    expect((await remove(cookie, wrong.id)).status).toBe(404);
    // Removing twice at once (a double tap): one removes it, the other finds it gone.
    const statuses = (await Promise.all([remove(cookie, kept.id), remove(cookie, kept.id)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 404]);
  });

  it('answers 404 for another applicant’s document and 409 once decided, removing nothing', async () => {
    const first = await applicant();
    const second = await applicant();
    const doc = (await (await upload(first.cookie, documentForm(pdfBytes()))).json()) as Shown;
    expect((await remove(second.cookie, doc.id)).status).toBe(404);
    expect((await call(`/api/admin/owners/${first.applicationId}/approve`, { method: 'POST', json: {}, cookie: admin })).status).toBe(200);
    const late = await remove(first.cookie, doc.id);
    expect([late.status, await late.json()]).toEqual([
      409,
      { message: 'Your owner application has been decided; its documents can no longer be changed.' },
    ]);
    expect(await rowsOf(first.applicationId)).toHaveLength(1);
    expect(await storedKeys(first.applicationId)).toHaveLength(1);
  });
});

describe('downloading documents', () => {
  it('gives the super admin the file as an attachment of its stored type, listed in the approvals', async () => {
    const { cookie, applicationId } = await applicant();
    const content = pdfBytes(2048);
    const doc = (await (await upload(cookie, documentForm(content, 'Pahintulot ng Negosyo.pdf'))).json()) as Shown;

    const list = (await (await call('/api/admin/owner-applications?status=pending', { cookie: admin })).json()) as {
      items: { id: string; documents: Shown[] }[];
    };
    const listed = list.items.find((a) => a.id === applicationId)!.documents;
    const url = `/api/admin/owners/${applicationId}/documents/${doc.id}`;
    expect(listed).toEqual([{ ...doc, url }]);
    const pending = (await (await call('/api/admin/pending-approvals', { cookie: admin })).json()) as {
      owners: { id: string; documents: Shown[] }[];
    };
    expect(pending.owners.find((o) => o.id === applicationId)!.documents.map((d) => d.name)).toEqual(['Pahintulot ng Negosyo.pdf']);

    const res = await call(url, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Pahintulot ng Negosyo.pdf"; filename*=UTF-8''Pahintulot%20ng%20Negosyo.pdf`,
    );
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(content);
  });

  it('refuses everyone but the super admin (403) and answers 404 for a document of another application', async () => {
    const first = await applicant();
    const second = await applicant();
    const doc = (await (await upload(first.cookie, documentForm(pdfBytes()))).json()) as Shown;
    const adminUrl = `/api/admin/owners/${first.applicationId}/documents/${doc.id}`;

    for (const cookie of [first.cookie, await cookieFor('owner_admin'), await cookieFor('attendant')]) {
      const res = await call(adminUrl, { cookie });
      expect([res.status, await res.json()]).toEqual([403, { message: 'Your account does not have access to this.' }]);
    }
    expect((await call(adminUrl)).status).toBe(401);
    // The right document under the wrong application is not found.
    expect((await call(`/api/admin/owners/${second.applicationId}/documents/${doc.id}`, { cookie: admin })).status).toBe(404);

    // The applicant downloads their own; another applicant cannot reach it.
    const own = await call(doc.url, { cookie: first.cookie });
    expect([own.status, own.headers.get('Content-Disposition')]).toEqual([
      200,
      `attachment; filename="permit.pdf"; filename*=UTF-8''permit.pdf`,
    ]);
    const other = await call(doc.url, { cookie: second.cookie });
    expect([other.status, await other.json()]).toEqual([404, { message: 'Document not found' }]);
  });

  it('sends a name outside ASCII safely in Content-Disposition', async () => {
    const { cookie, applicationId } = await applicant();
    const doc = (await (await upload(cookie, documentForm(pdfBytes(), 'Paños Bldg permit.pdf'))).json()) as Shown;
    const res = await call(`/api/admin/owners/${applicationId}/documents/${doc.id}`, { cookie: admin });
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Pa_os Bldg permit.pdf"; filename*=UTF-8''Pa%C3%B1os%20Bldg%20permit.pdf`,
    );
  });
});
