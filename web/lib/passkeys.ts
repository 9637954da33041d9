/**
 * Passkeys in the browser (docs/account.md, Passkeys). @simplewebauthn/browser is loaded only when a
 * ceremony starts, so no screen carries it until someone adds or uses a passkey.
 */
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CredentialInput } from '../../core/passkeys';
import { api, unwrap, unwrapEmpty } from './api';
import { secondFactorQuery, withStepUp } from './second-factor';

const browserPart = () => import('@simplewebauthn/browser');

/**
 * Creates a passkey on this device and adds it to the account; the first factor answers recovery codes.
 * The password while the account has no factor; once it has one, the step-up dialog instead.
 */
async function addPasskey({ name, password }: { name: string; password?: string }) {
  const optionsJSON = (await withStepUp(() =>
    unwrap(api.account.passkeys['registration-options'].$post({ json: { password } })),
  )) as unknown as PublicKeyCredentialCreationOptionsJSON;
  const response = (await (await browserPart()).startRegistration({ optionsJSON })) as unknown as CredentialInput;
  return unwrap(api.account.passkeys.$post({ json: { name, response } }));
}

/** The browser offers this site's passkeys; the one chosen signs a fresh challenge. */
async function signedChallenge() {
  const optionsJSON = (await unwrap(api.auth.passkey.options.$post())) as unknown as PublicKeyCredentialRequestOptionsJSON;
  return (await (await browserPart()).startAuthentication({ optionsJSON })) as unknown as CredentialInput;
}

/** "Sign in with a passkey". */
export const signInWithPasskey = async () => unwrap(api.auth.passkey.$post({ json: { response: await signedChallenge() } }));

/** Step-up with a passkey instead of a code. */
export const stepUpWithPasskey = async () =>
  unwrapEmpty(api.auth['step-up'].passkey.$post({ json: { response: await signedChallenge() } }));

export function usePasskeyActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: secondFactorQuery.queryKey });
  const passkey = api.account.passkeys[':id'];
  return {
    add: useMutation({ mutationFn: addPasskey, onSuccess: refresh }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => unwrap(passkey.$patch({ param: { id }, json: { name } })),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => withStepUp(() => unwrapEmpty(passkey.$delete({ param: { id } }))),
      onSuccess: refresh,
    }),
  };
}
