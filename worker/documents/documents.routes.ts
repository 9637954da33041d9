import { Hono } from 'hono';
import { z } from 'zod';
import { DOCUMENT_MESSAGES } from '../../core/documents';
import { ownerApplicationSchema } from '../../core/owner-application';
import type { AppEnv } from '../env';
import { signedIn } from '../http/middleware';
import { validate } from '../http/validate';
import { fileOwnerApplication } from './owner-application.service';
import { addDocument, downloadForAdmin, downloadOwn, ownApplication, removeDocument } from './documents.service';
import { applicationDocumentAnswer, documentRemovedAnswer, ownerApplicationAnswer } from '../../core/api-answers/documents';
import { describedAs } from '../http/described';

const upload = z.object({ file: z.instanceof(File, { error: DOCUMENT_MESSAGES.missing }) });
const ownDocumentParams = z.object({ docId: z.uuid('Unknown document id') });
const adminDocumentParams = z.object({ id: z.uuid('Unknown owner application id'), docId: z.uuid('Unknown document id') });

const described = describedAs('documents');

/**
 * Owner application documents: the applicant's own application, its papers (PATCH), and its uploads (one file per request,
 * multipart field `file`; its larger body limit is in worker/http/edge.ts), and the super admin's download.
 */
export const documentRoutes = new Hono<AppEnv>()
  .get(
    '/user/owner-application',
    described({ summary: 'My owner application', answer: ownerApplicationAnswer, refusals: [404] }),
    signedIn,
    async (c) => c.json(await ownApplication(c.var.db, c.var.user.id)),
  )
  .patch(
    '/user/owner-application',
    described({ summary: 'Edit and send my owner application', answer: ownerApplicationAnswer, refusals: [409] }),
    signedIn,
    validate('json', ownerApplicationSchema),
    async (c) => c.json(await fileOwnerApplication({ env: c.env, db: c.var.db }, c.var.user, c.req.valid('json'))),
  )
  .post(
    '/user/owner-application/documents',
    described({
      summary: 'Attach a document to my owner application',
      answer: applicationDocumentAnswer,
      status: 201,
      refusals: [404, 409, 413],
    }),
    signedIn,
    validate('form', upload),
    async (c) => c.json(await addDocument(c.env, c.var.db, c.var.user.id, c.req.valid('form').file), 201),
  )
  .get(
    '/user/owner-application/documents/:docId',
    described({ summary: 'Download a document of my application', media: 'application/octet-stream', refusals: [404] }),
    signedIn,
    validate('param', ownDocumentParams),
    async (c) => downloadOwn(c.env, c.var.db, c.var.user.id, c.req.valid('param').docId),
  )
  .delete(
    '/user/owner-application/documents/:docId',
    described({ summary: 'Remove a document of my application', answer: documentRemovedAnswer, refusals: [404, 409] }),
    signedIn,
    validate('param', ownDocumentParams),
    async (c) => c.json(await removeDocument(c.env, c.var.db, c.var.user.id, c.req.valid('param').docId)),
  )
  .get(
    '/admin/owners/:id/documents/:docId',
    described({ summary: "Download an applicant's document", media: 'application/octet-stream', refusals: [404] }),
    validate('param', adminDocumentParams),
    async (c) => {
      const { id, docId } = c.req.valid('param');
      return downloadForAdmin(c.env, c.var.db, id, docId);
    },
  );
