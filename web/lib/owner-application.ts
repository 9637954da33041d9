import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { OwnerApplicationPapers } from '../../core/owner-application';
import { api, ApiError, unwrap } from './api';

export type OwnApplication = InferResponseType<(typeof api.user)['owner-application']['$get'], 200>;

/** The signed-in user's owner application, or null when they filed none (the server's 404). */
export const ownApplicationQuery = queryOptions({
  queryKey: ['/api/user/owner-application'],
  queryFn: async (): Promise<OwnApplication | null> => {
    try {
      return await unwrap(api.user['owner-application'].$get());
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const uploadDocument = (file: File) => unwrap(api.user['owner-application'].documents.$post({ form: { file } }));

/**
 * Uploads files one by one (one request each, as the server takes them) and reports which failed and why;
 * the application reloads afterwards.
 */
export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      const failed: { name: string; message: string }[] = [];
      for (const file of files) {
        try {
          await uploadDocument(file);
        } catch (error) {
          failed.push({ name: file.name, message: error instanceof ApiError ? error.text : String(error) });
        }
      }
      return { uploaded: files.length - failed.length, failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownApplicationQuery.queryKey }),
  });
}

/** Removes one of the applicant's documents while the application is pending. */
export function useRemoveDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (docId: string) => unwrap(api.user['owner-application'].documents[':docId'].$delete({ param: { docId } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownApplicationQuery.queryKey }),
  });
}

/** Files the papers: edits a pending application, sends a rejected one again, or applies (a driver with none). */
export function useFileApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (papers: OwnerApplicationPapers) => unwrap(api.user['owner-application'].$patch({ json: papers })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownApplicationQuery.queryKey }),
  });
}
