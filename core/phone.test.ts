import { describe, expect, it } from 'vitest';
import { isPhilippineMobile, maySms, phoneParts, toE164, type SmsCategory } from './phone';

describe('mobile numbers in E.164', () => {
  it.each([
    ['+63 917-1234567', '+639171234567'],
    ['09171234567', '+639171234567'],
    ['+63 (917) 123 4567', '+639171234567'],
    ['+1 415-5552671', '+14155552671'],
    ['+44 7400-123456', '+447400123456'],
  ])('normalises %s to %s', (written, e164) => expect(toE164(written)).toBe(e164));

  it.each(['+63 917-123', '+63 123-4567890', 'call me', '', '+63 917-12345678'])('refuses %j', (written) =>
    expect(toE164(written)).toBeNull(),
  );

  it('shows a stored number in the form mask, and an unknown one as a blank +63', () => {
    expect(phoneParts('+639171234567')).toEqual({ code: '+63', number: '917-1234567' });
    expect(phoneParts('+14155552671')).toEqual({ code: '+1', number: '415-5552671' });
    expect(phoneParts(null)).toEqual({ code: '+63', number: '' });
    expect(phoneParts('+2348031234567')).toEqual({ code: '+63', number: '' });
  });

  it('texts Philippine mobiles only', () => {
    expect(isPhilippineMobile('+639171234567')).toBe(true);
    expect(isPhilippineMobile('+14155552671')).toBe(false);
  });
});

describe('who may be texted', () => {
  const to = (verified: boolean, smsNotifications: boolean, phone: string | null = '+639171234567') => ({
    phone,
    verified,
    smsNotifications,
  });
  const cases: [SmsCategory, ReturnType<typeof to>, boolean][] = [
    ['notice', to(true, true), true],
    ['notice', to(true, false), false],
    ['notice', to(false, true), false],
    ['security', to(true, false), true],
    ['security', to(false, true), false],
    ['security', to(true, true, null), false],
    ['notice', to(true, true, '+14155552671'), false],
    ['account', to(false, false), true],
    ['account', to(false, false, '+14155552671'), false],
  ];
  it.each(cases)('%s to %o: %s', (category, recipient, expected) => expect(maySms(category, recipient)).toBe(expected));
});
