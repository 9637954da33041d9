/**
 * Settings → Security's data, and step-up: a sensitive change the server refuses with 403
 * `{ stepUpRequired: true }` opens the step-up dialog (`StepUpDialog`), and is sent again once the
 * person has given their code (docs/account.md, Step-up).
 */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { Role } from '../../core/roles';
import { api, ApiError, unwrap, unwrapEmpty } from './api';
import { requireRole } from './guards';

export const secondFactorQuery = queryOptions({
  queryKey: ['/api/account/second-factor'],
  queryFn: () => unwrap(api.account['second-factor'].$get()),
});

/**
 * Owners' and admins' screens wait while the platform requires a second factor they have not set up:
 * they are sent to Settings → Security (the server refuses their writes meanwhile anyway).
 */
async function enrolmentFirst({ context }: { context: { queryClient: QueryClient } }) {
  const status = await context.queryClient.ensureQueryData(secondFactorQuery);
  if (status.required && !status.totp && status.passkeys.length === 0) throw redirect({ to: '/settings', search: { tab: 'security' } });
}

/** An owner's or admin's area: their role, and the second factor when the platform requires it. */
export const requireRoleEnrolled =
  (allowed: readonly Role[]) => async (args: Parameters<ReturnType<typeof requireRole>>[0] & { context: { queryClient: QueryClient } }) => {
    const allowedUser = requireRole(allowed)(args);
    await enrolmentFirst(args);
    return allowedUser;
  };

const refusedFor = (error: unknown, flag: 'stepUpRequired' | 'secondFactorRequired' | 'secondFactorEnrolmentRequired') =>
  error instanceof ApiError && typeof error.body === 'object' && error.body !== null && flag in error.body;

export const needsSecondFactorCode = (error: unknown) => refusedFor(error, 'secondFactorRequired');

/** The step-up asked for, if any: the dialog settles it with true (given) or false (cancelled). */
let pending: ((given: boolean) => void) | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

function askForStepUp(): Promise<boolean> {
  pending?.(false);
  return new Promise((resolve) => {
    pending = (given) => {
      pending = null;
      emit();
      resolve(given);
    };
    emit();
  });
}

export const useStepUpAsked = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending !== null,
  );

export const settleStepUp = (given: boolean) => pending?.(given);

/** Runs a sensitive request; refused for an old second factor, it asks for the code and runs it once more. */
export async function withStepUp<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!refusedFor(error, 'stepUpRequired') || !(await askForStepUp())) throw error;
    return run();
  }
}

export const giveStepUp = (code: string) => unwrapEmpty(api.auth['step-up'].$post({ json: { code } }));

export function useSecondFactorActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondFactorQuery.queryKey });
  const factor = api.account['second-factor'];
  return {
    // The password while the account has no factor; once it has one, the step-up dialog instead.
    startTotp: useMutation({ mutationFn: (password?: string) => withStepUp(() => unwrap(factor.totp.$post({ json: { password } }))) }),
    confirmTotp: useMutation({ mutationFn: (code: string) => unwrap(factor.totp.confirm.$post({ json: { code } })), onSuccess: refresh }),
    removeTotp: useMutation({ mutationFn: () => withStepUp(() => unwrapEmpty(factor.totp.$delete())), onSuccess: refresh }),
    newRecoveryCodes: useMutation({ mutationFn: () => withStepUp(() => unwrap(factor['recovery-codes'].$post())), onSuccess: refresh }),
  };
}
