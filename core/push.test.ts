import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint, pushSubscriptionSchema } from './push';

describe('push service hosts', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://android.googleapis.com/gcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://push.services.mozilla.com.example.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGx',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://FCM.googleapis.com/fcm/send/abc',
  ])('accepts %s', (endpoint) => expect(isPushServiceEndpoint(endpoint)).toBe(true));

  it.each([
    'https://push.attacker.example.net/send/1',
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://fcm.googleapis.com.attacker.net/fcm/send/abc',
    'https://evilpush.apple.com/x',
    'https://push.apple.com/x',
    'https://notify.windows.com.evil.net/x',
    'https://user@evil.net/x',
    'not a url',
  ])('refuses %s', (endpoint) => expect(isPushServiceEndpoint(endpoint)).toBe(false));

  it('names the field when the endpoint is elsewhere', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    const result = pushSubscriptionSchema.safeParse({ endpoint: 'https://push.attacker.example.net/send/1', keys });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: ['endpoint'],
        message: "The push endpoint must be an address of a browser's push service (Google, Mozilla, Apple or Microsoft).",
      },
    ]);
  });
});
