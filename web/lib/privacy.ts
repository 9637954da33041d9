/** Settings → Privacy (docs/privacy.md): "Download my data" and "Delete my account". */
import { useMutation } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { exportFileName } from '../../core/privacy';
import { api, unwrapEmpty } from './api';
import { downloadFile } from './download';

export type DeleteAccountBody = InferRequestType<typeof api.account.$delete>['json'];

/** Fetches the zip of everything held about the signed-in person and hands it to the browser. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const res = await api.account.export.$get();
      // A refusal (too many downloads this hour) throws the server's message; the body of a zip is left to read.
      await unwrapEmpty(Promise.resolve(res));
      downloadFile(exportFileName(new Date()), await res.blob(), 'application/zip');
    },
  });
}

/** Deletes the account; the session has ended with it, so the browser goes home signed out. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => unwrapEmpty(api.account.$delete({ json: body })),
    onSuccess: () => window.location.assign('/'),
  });
}
