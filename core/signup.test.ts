import { describe, expect, it } from 'vitest';
import { CONSENT_MESSAGES } from './legal';
import { earlyRegistrationSchema, maskMobile, signupFormSchema, signupNotice, type SignupFormValues } from './signup';

describe('mobile mask (spec 5)', () => {
  it.each([
    ['', ''],
    ['917', '917'],
    ['9171', '917-1'],
    ['917-1234567', '917-1234567'],
    ['(917) 123 45 67 89', '917-1234567'],
    ['abc9x1y7', '917'],
  ])('%j → %j', (raw, masked) => expect(maskMobile(raw)).toBe(masked));

  it('never exceeds 11 characters', () => expect(maskMobile('12345678901234').length).toBe(11));
});

describe('sign-up notices (spec 5, 8)', () => {
  const filled: SignupFormValues = {
    firstName: 'Juan',
    lastName: 'Cruz',
    email: 'juan@example.ph',
    countryCode: '+63',
    mobile: '917-1234567',
    role: 'parking_user',
    password: 'sampaguita-2024',
    agreed: true,
  };
  // The sign-up form's problems as the form has them: its schema's issues, in order.
  const notice = (change: Partial<SignupFormValues>) =>
    signupNotice(
      signupFormSchema
        .safeParse({ ...filled, ...change })
        .error?.issues.map((issue) => ({ field: String(issue.path[0]), message: issue.message, code: issue.code })) ?? [],
    );

  it('lists every missing label in order', () => {
    expect(notice({ firstName: ' ', email: '', role: '' })).toEqual({
      title: 'Missing Required Fields',
      description: 'Please fill in: First Name, Email Address, Role',
    });
  });

  it('rejects an e-mail without a dot after the at sign', () => {
    expect(notice({ email: 'juan@example' })).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address.',
    });
  });

  it('accepts complete fields', () => expect(notice({})).toBeNull());

  it('asks for the Terms, and for a longer password, after the missing fields', () => {
    expect(notice({ agreed: false })).toEqual({ title: 'Terms Not Accepted', description: CONSENT_MESSAGES.missing });
    expect(notice({ password: 'short' })).toMatchObject({ title: 'Password Too Short' });
    expect(notice({ mobile: '', agreed: false })).toMatchObject({ description: 'Please fill in: Mobile Number' });
  });
});

describe('early registration schema', () => {
  const body = { firstName: 'A', lastName: 'B', email: 'A@B.PH', mobile: '+63 917-1234567', role: 'space_owner' };
  it('lower-cases the e-mail', () => expect(earlyRegistrationSchema.parse(body).email).toBe('a@b.ph'));
  it.each(['917-1234567', '+63 9171234567', '+63  917-1234567', '+7 917-1234567'])('rejects mobile %j', (mobile) =>
    expect(earlyRegistrationSchema.safeParse({ ...body, mobile }).success).toBe(false),
  );
});
