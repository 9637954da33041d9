/** Passkeys verify the person, not only the device (docs/account.md, Passkeys). */
import { describe, expect, it } from 'vitest';
import { PASSKEY_NOT_VERIFIED } from '../../core/passkeys';
import { call, db, messageOf, ORIGIN, signedInAccount } from '../test/helpers';
import { softwareAuthenticator } from '../test/software-authenticator';
import { savePasskey } from './passkeys.data';

/** A driver whose passkey is stored directly, so this file does not depend on how a factor is enrolled. */
async function driverWithPasskey() {
  const { user, cookie } = await signedInAccount('parking_user');
  const authenticator = await softwareAuthenticator();
  await savePasskey(db(), { id: authenticator.id, userId: user.id, publicKey: authenticator.publicKey, counter: 0, name: 'My key' });
  return { user, cookie, authenticator };
}

const signInOptions = async () =>
  (await call('/api/auth/passkey/options', { method: 'POST' })).json<{ challenge: string; rpId: string; userVerification: string }>();

describe('user verification', () => {
  it('is required in the sign-in options, and a sign-in without it is refused', async () => {
    const { user, authenticator } = await driverWithPasskey();
    const options = await signInOptions();
    expect(options.userVerification).toBe('required');
    const unverified = await authenticator.authenticate(options, ORIGIN, { userVerified: false });
    const refused = await call('/api/auth/passkey', { method: 'POST', json: { response: unverified } });
    expect(refused.status).toBe(401);
    expect(await messageOf(refused)).toBe(PASSKEY_NOT_VERIFIED);
    expect(refused.headers.get('Set-Cookie')).toBeNull();

    const verified = await authenticator.authenticate(await signInOptions(), ORIGIN);
    const signedIn = await call('/api/auth/passkey', { method: 'POST', json: { response: verified } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ user: { id: user.id } });
  });

  it('is required for a step-up: without it the session is not stepped up', async () => {
    const { cookie, authenticator } = await driverWithPasskey();
    const stepUp = async (userVerified: boolean) =>
      call('/api/auth/step-up/passkey', {
        method: 'POST',
        cookie,
        json: { response: await authenticator.authenticate(await signInOptions(), ORIGIN, { userVerified }) },
      });
    const removePasskey = () => call(`/api/account/passkeys/${authenticator.id}`, { method: 'DELETE', cookie });
    const refused = await stepUp(false);
    expect(refused.status).toBe(401);
    expect(await messageOf(refused)).toBe(PASSKEY_NOT_VERIFIED);
    expect((await removePasskey()).status).toBe(403);
    expect((await stepUp(true)).status).toBe(204);
    expect((await removePasskey()).status).toBe(204);
  });
});
