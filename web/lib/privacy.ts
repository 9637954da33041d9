/** Settings → Privacy (docs/privacy.md): "Download my data" and "Delete my account". */
import { useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { exportFileName } from '../../core/privacy';
import { api, unwrapEmpty } from './api';
import { downloadFile } from './download';
import { withStepUp } from './second-factor';

export type DeleteAccountBody = InferRequestType<typeof api.account.$delete>['json'];

/** The zip's answer; a refusal (too many downloads this hour, a step-up) throws the server's message, the body of a zip is left to read. */
async function exportResponse() {
  const res = await api.account.export.$get();
  await unwrapEmpty(Promise.resolve(res));
  return res;
}

/** Fetches the zip of everything held about the signed-in person (after the step-up dialog, if asked) and hands it to the browser. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => downloadFile(exportFileName(new Date()), await (await withStepUp(exportResponse)).blob(), 'application/zip'),
  });
}

/** Deletes the account (after the step-up dialog, if asked); the session has ended with it, so the browser goes home signed out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => withStepUp(() => unwrapEmpty(api.account.$delete({ json: body }))),
    onSuccess: () => window.location.assign('/'),
  });
}
