/**
 * Every charge's receipt by e-mail (docs/payments.md, Receipts by e-mail): after a change that issued
 * documents commits, its newest document (with the credit note beside it) is read and queued on the
 * e-mail Queue, keyed by that document, so it is e-mailed once however often the change's follow-up
 * runs or the Queue delivers it. The e-mail consumer renders it in core/email.ts when it sends.
 */
import { afterCommit } from '../db/after-commit';
import type { DB } from '../db/client';
import { queueEmail } from '../email/email.service';
import type { Bindings } from '../env';
import { appOrigin } from '../http/origin';
import { newestReceiptMail, type ReceiptSubject } from './receipt-mail.data';

/** Queues the e-mail of the document the change just issued for `subject`; call it only after a change that issued one. */
export const emailReceipt = (ctx: { env: Bindings; db: DB }, subject: ReceiptSubject) =>
  afterCommit('Receipt e-mail', async () => {
    const document = await newestReceiptMail(ctx.db, subject);
    if (!document) return;
    const { id, userId, mail } = document;
    await queueEmail(ctx.env, userId, appOrigin(ctx.env), { kind: 'receipt', documentId: id, mail }, `email:receipt:${id}`);
  });
