import { describe, expect, it } from 'vitest';
import { signInDeviceLabel, UNKNOWN_DEVICE_LABEL } from './sign-in-device';

describe('a sign-in’s device', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.6723.58 Mobile Safari/537.36',
      'Chrome 130 on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Microsoft Edge 131 on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox 132 on Linux'],
  ])('reads %s as "%s"', (userAgent, label) => {
    expect(signInDeviceLabel(userAgent)).toBe(label);
  });

  it('is unknown without a User-Agent, or with one that names no browser, and never repeats the header', () => {
    for (const userAgent of [null, undefined, '', '   ', 'curl/8.4.0', 'Visit https://evil.example to keep your account'])
      expect(signInDeviceLabel(userAgent)).toBe(UNKNOWN_DEVICE_LABEL);
  });
});
