/**
 * How often someone may try to sign in or sign up (docs/foundation.md, "Attempt limits"). Every attempt
 * is taken from the limiters *before* the password is checked or the account written, so parallel
 * guesses cannot overtake the count; a successful sign-in hands its attempt back, so the limits
 * count failures.
 */
import { API_KEY_WRITES_PER_MINUTE } from '../../core/api-scopes';
import { HOUR_MS, MINUTE_MS } from '../../core/time';
import type { Bindings } from '../env';
import { apiError } from '../http/errors';
import type { VerificationType } from '../../core/verification';
import { attemptLimiter, type AttemptResult } from './attempt-limiter';
import { UNKNOWN_DEVICE, type SignInDevice } from './device-cookie';

export const SIGN_IN_WINDOW_MS = 15 * MINUTE_MS;
/** Guesses at one account from one client. */
const MAX_FAILURES_PER_EMAIL_AND_IP = 5;
/** Guesses from one client across accounts (credential stuffing from one address). */
const MAX_FAILURES_PER_IP = 20;
/**
 * Guesses at one account from devices that never signed in to it (no valid device cookie), however many
 * addresses try: when spent, only unknown devices are refused (device-cookie.ts)…
 */
const MAX_FAILURES_FROM_UNKNOWN_DEVICES = 10;
/** …while each device that signed in to the account before has a count of its own, which nobody else spends. */
const MAX_FAILURES_PER_KNOWN_DEVICE = 10;
const SIGN_UP_WINDOW_MS = HOUR_MS;
const MAX_SIGN_UPS_PER_IP = 10;
/** "Download my data" reads every record of an account: a few an hour is plenty for a person, and bounds the cost. */
const MAX_EXPORTS_PER_ACCOUNT = 5;
/** Phone codes texted to one account: each costs a text, and 3 codes of 5 tries bound the guesses to 15 an hour… */
export const MAX_PHONE_CODES_PER_ACCOUNT = 3;
/** …and to one number, whichever accounts ask: many accounts can neither flood a phone nor guess at its codes faster… */
export const MAX_PHONE_CODES_PER_NUMBER = 3;
/** …and from one client address, across accounts and numbers. */
export const MAX_PHONE_CODES_PER_IP = 10;
/** E-mailed links (verification, reset) asked for: a few an hour to one address, so nobody's inbox is flooded… */
export const MAX_LINKS_PER_EMAIL = 3;
/** …and a few more from one client, across addresses. */
const MAX_LINKS_PER_IP = 10;
const LINK_WINDOW_MS = HOUR_MS;
/** "Sign in with a passkey" challenges from one client: each is a stored row, and a person needs a handful. */
const MAX_PASSKEY_CHALLENGES_PER_IP = 30;

type Limits = Pick<Bindings, 'ATTEMPT_LIMITER'>;

const byIp = (env: Limits, ip: string) => attemptLimiter(env, `ip:${ip}`);
const byEmail = (env: Limits, email: string) => attemptLimiter(env, `email:${email}`);
const signInKey = (email: string) => `sign-in:${email}`;
/** The account's count this device's failures go to. */
const deviceRule = (device: SignInDevice) =>
  device.known
    ? { key: `sign-in:device:${device.id}`, limit: MAX_FAILURES_PER_KNOWN_DEVICE, windowMs: SIGN_IN_WINDOW_MS }
    : { key: 'sign-in:unknown-devices', limit: MAX_FAILURES_FROM_UNKNOWN_DEVICES, windowMs: SIGN_IN_WINDOW_MS };

function throwIfRefused(result: AttemptResult, message: (minutes: number) => string) {
  if (result.ok) return;
  const seconds = Math.ceil(result.retryAfterMs / 1000);
  throw apiError(429, message(Math.ceil(seconds / 60)), undefined, { 'Retry-After': String(seconds) });
}

/** One subject's count of attempts under a key, and the refusal when it is spent. */
type Count = { subject: string; limit: number; refused: (minutes: number) => string };

/**
 * Takes one attempt under `key` from each subject's count in turn; when one is spent, the attempts
 * taken before it are given back and its 429 thrown, so a refused request is counted nowhere.
 */
async function takeFromEach(env: Limits, key: string, windowMs: number, counts: Count[], now: number): Promise<void> {
  const taken: string[] = [];
  for (const { subject, limit, refused } of counts) {
    const result = await attemptLimiter(env, subject).take([{ key, limit, windowMs }], now);
    if (!result.ok) await Promise.all(taken.map((earlier) => attemptLimiter(env, earlier).giveBack([key])));
    throwIfRefused(result, refused);
    taken.push(subject);
  }
}

const signInRefused = (minutes: number) => `Too many failed sign-in attempts. Try again in ${minutes} minutes.`;

/**
 * Takes one sign-in attempt for this e-mail from this client and this device, or throws the 429 when
 * none is left: the client's counts, then the account's count for the device (its own for a known
 * device, the shared one of unknown devices).
 */
export async function takeSignInAttempt(
  env: Limits,
  email: string,
  ip: string,
  device: SignInDevice = UNKNOWN_DEVICE,
  now = Date.now(),
): Promise<void> {
  const client = byIp(env, ip);
  const fromClient = await client.take(
    [
      { key: signInKey(email), limit: MAX_FAILURES_PER_EMAIL_AND_IP, windowMs: SIGN_IN_WINDOW_MS },
      { key: 'sign-in', limit: MAX_FAILURES_PER_IP, windowMs: SIGN_IN_WINDOW_MS },
    ],
    now,
  );
  throwIfRefused(fromClient, signInRefused);
  const forAccount = await byEmail(env, email).take([deviceRule(device)], now);
  // Refused for the account: this client's own counts keep no trace of an attempt never made.
  if (!forAccount.ok) await client.giveBack([signInKey(email), 'sign-in']);
  throwIfRefused(forAccount, signInRefused);
}

/**
 * The password was right: this client's and this known device's guesses at the account are forgotten,
 * and the attempt is no failure.
 */
export async function signInSucceeded(env: Limits, email: string, ip: string, device: SignInDevice = UNKNOWN_DEVICE): Promise<void> {
  const client = byIp(env, ip);
  const { key } = deviceRule(device);
  const account = byEmail(env, email);
  await Promise.all([
    client.clear([signInKey(email)]),
    client.giveBack(['sign-in']),
    device.known ? account.clear([key]) : account.giveBack([key]),
  ]);
}

/** Takes one passkey sign-in challenge for this client, or throws the 429 when its 15 minutes are spent. */
export async function takePasskeyChallenge(env: Limits, ip: string, now = Date.now()): Promise<void> {
  const result = await byIp(env, ip).take(
    [{ key: 'passkey-challenge', limit: MAX_PASSKEY_CHALLENGES_PER_IP, windowMs: SIGN_IN_WINDOW_MS }],
    now,
  );
  throwIfRefused(result, signInRefused);
}

/** Takes one sign-up from this client, or throws the 429 when its hour is spent. */
export async function takeSignUpAttempt(env: Limits, ip: string, now = Date.now()): Promise<void> {
  const result = await byIp(env, ip).take([{ key: 'sign-up', limit: MAX_SIGN_UPS_PER_IP, windowMs: SIGN_UP_WINDOW_MS }], now);
  throwIfRefused(result, (minutes) => `Too many sign-ups from this network. Try again in ${minutes} minutes.`);
}

/** Takes one "Download my data" from this account, or throws the 429 when its hour is spent. */
export async function takeExportAttempt(env: Limits, userId: string, now = Date.now()): Promise<void> {
  const result = await attemptLimiter(env, `user:${userId}`).take(
    [{ key: 'export', limit: MAX_EXPORTS_PER_ACCOUNT, windowMs: HOUR_MS }],
    now,
  );
  throwIfRefused(result, (minutes) => `You have downloaded your data several times this hour. Try again in ${minutes} minutes.`);
}
/** Takes one write of this API key (docs/api.md), or throws the 429 when its minute is spent: a runaway system cannot flood a lot. */
export async function takeApiKeyWrite(env: Limits, keyId: string, now = Date.now()): Promise<void> {
  const result = await attemptLimiter(env, `api-key:${keyId}`).take(
    [{ key: 'write', limit: API_KEY_WRITES_PER_MINUTE, windowMs: MINUTE_MS }],
    now,
  );
  throwIfRefused(result, () => `This API key has made ${API_KEY_WRITES_PER_MINUTE} writes in a minute. Wait a minute, then try again.`);
}

/**
 * Takes one e-mailed link of this type for this address from this client, or throws the 429. Counted
 * alike whether or not an account has the address, so the limit tells a stranger nothing either.
 */
export async function takeLinkRequest(env: Limits, type: VerificationType, email: string, ip: string, now = Date.now()): Promise<void> {
  await takeFromEach(
    env,
    `link:${type}`,
    LINK_WINDOW_MS,
    [
      { subject: `ip:${ip}`, limit: MAX_LINKS_PER_IP, refused: linksRefused },
      { subject: `email:${email}`, limit: MAX_LINKS_PER_EMAIL, refused: linksRefused },
    ],
    now,
  );
}

const linksRefused = (minutes: number) => `Too many e-mails asked for. Try again in ${minutes} minutes.`;

/** Takes one texted phone code for this account, to this number, from this client, or throws the 429 of the hour spent. */
export async function takePhoneCodeRequest(
  env: Limits,
  { userId, phone, ip }: { userId: string; phone: string; ip: string },
  now = Date.now(),
): Promise<void> {
  await takeFromEach(
    env,
    'phone-code',
    HOUR_MS,
    [
      {
        subject: `user:${userId}`,
        limit: MAX_PHONE_CODES_PER_ACCOUNT,
        refused: (minutes) => `Too many codes asked for. Try again in ${minutes} minutes.`,
      },
      {
        subject: `phone:${phone}`,
        limit: MAX_PHONE_CODES_PER_NUMBER,
        refused: (minutes) => `Too many codes were sent to this number. Try again in ${minutes} minutes.`,
      },
      {
        subject: `ip:${ip}`,
        limit: MAX_PHONE_CODES_PER_IP,
        refused: (minutes) => `Too many codes asked for from this network. Try again in ${minutes} minutes.`,
      },
    ],
    now,
  );
}
