/** The secrets of .dev.vars work in development only (docs/foundation.md, Local values and environments). */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { encryptSecret } from './sealed-secrets';
import { DEVICE_COOKIE } from '../auth/device-cookie';
import { unsubscribeLink } from '../email/unsubscribe.service';
import { signTag, tagIdOf } from '../tags/tag-token';
import { call, ORIGIN, signedInDriver, signupBody } from '../test/helpers';
import { SECRET_NAMES, usableSecret } from './development-secrets';

/** The same server, deployed outside development with the values of .dev.vars. */
const production = { ...env, APP_ENV: 'production' };

describe('a development secret outside development', () => {
  it('is the value .dev.vars holds, and is refused as if unset; any other value is used', () => {
    for (const name of SECRET_NAMES) {
      expect(usableSecret(env, name), name).toBe(env[name]);
      expect(usableSecret(production, name), name).toBeNull();
      expect(usableSecret({ ...production, [name]: 'a production secret' }, name), name).toBe('a production secret');
    }
  });

  it('DEVICE_COOKIE_SECRET: no device cookie is set, so no browser is known by it', async () => {
    const body = signupBody();
    expect((await call('/api/auth/signup', { method: 'POST', json: body })).status).toBe(201);
    const signIn = (bindings?: typeof production) =>
      call('/api/auth/login', { method: 'POST', json: { email: body.email, password: body.password }, bindings });
    const deviceCookie = (res: Response) => res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`));
    const there = await signIn(production);
    expect(there.status).toBe(200);
    expect(deviceCookie(there)).toBeUndefined();
    expect(deviceCookie(await signIn())).toBeDefined();
  });

  it('TAG_SIGNING_SECRET: a tag is neither signed nor read (503)', async () => {
    const id = crypto.randomUUID();
    const token = await signTag(env, id);
    await expect(signTag(production, id)).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(tagIdOf(production, token)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('EMAIL_LINK_SECRET: no unsubscribe link is made, and one made in development is not honoured (503)', async () => {
    const { user } = await signedInDriver();
    await expect(unsubscribeLink(production, ORIGIN, user.id)).rejects.toMatchObject({ kind: 'unavailable' });
    const link = new URL(await unsubscribeLink(env, ORIGIN, user.id));
    const res = await call(link.pathname + link.search, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      bindings: production,
    });
    expect(res.status).toBe(503);
  });

  it('SECOND_FACTOR_KEY: no authenticator-app secret is sealed with it (503)', async () => {
    await expect(encryptSecret(production, 'JBSWY3DP')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
