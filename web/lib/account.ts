import { withStepUp } from './second-factor';
import type { EmailChange } from '../../core/verification';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, unwrap, unwrapEmpty } from './api';
import { currentUserQuery } from './session';
import { applyTheme } from './theme';

export type Vehicle = InferResponseType<typeof api.user.vehicles.$get, 200>[number];
export type VehicleBody = InferRequestType<typeof api.user.vehicles.$post>['json'];
export type Preferences = InferResponseType<typeof api.user.preferences.$get, 200>;
export type PreferencesPatch = InferRequestType<typeof api.user.preferences.$patch>['json'];
export type ProfileBody = InferRequestType<typeof api.user.profile.$patch>['json'];

export const vehiclesQuery = queryOptions({ queryKey: ['/api/user/vehicles'], queryFn: () => unwrap(api.user.vehicles.$get()) });
/** Whether this server can text (SMS_API_KEY set): Settings says so when it cannot. */
export const smsStatusQuery = queryOptions({ queryKey: ['/api/account/sms'], queryFn: () => unwrap(api.account.sms.$get()) });
export const preferencesQuery = queryOptions({ queryKey: ['/api/user/preferences'], queryFn: () => unwrap(api.user.preferences.$get()) });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: ProfileBody) => unwrap(api.user.profile.$patch({ json })),
    // The header and every screen show the new name at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}

/** Change e-mail: a link goes to the new address; the account's e-mail changes when it is opened. */
export const useRequestEmailChange = () =>
  useMutation({ mutationFn: (json: EmailChange) => withStepUp(() => unwrap(api.account.email.$post({ json }))) });

export function useVehicleActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: vehiclesQuery.queryKey });
  return {
    save: useMutation({
      mutationFn: ({ id, json }: { id?: string; json: VehicleBody }) =>
        unwrap(id ? api.user.vehicles[':id'].$patch({ param: { id }, json }) : api.user.vehicles.$post({ json })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => unwrapEmpty(api.user.vehicles[':id'].$delete({ param: { id } })),
      onSuccess: refresh,
    }),
  };
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: PreferencesPatch) => unwrap(api.user.preferences.$patch({ json })),
    onSuccess: (prefs) => {
      queryClient.setQueryData(preferencesQuery.queryKey, prefs);
      applyTheme(prefs.theme);
    },
  });
}

/** Verify next to an unverified phone: texts a code, then checks the code typed. */
export function usePhoneVerification() {
  const queryClient = useQueryClient();
  return {
    send: useMutation({ mutationFn: () => unwrap(api.account.phone.verify.$post()) }),
    confirm: useMutation({
      mutationFn: (code: string) => unwrap(api.account.phone.verify.confirm.$post({ json: { code } })),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
    }),
  };
}
