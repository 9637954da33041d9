import { expect, it } from 'vitest';
import { initialsOf, maskEmail } from './person';

it.each([
  [{ firstName: 'juan', lastName: 'dela cruz', email: 'j@x.ph' }, 'JD'],
  [{ firstName: 'Maria', lastName: '', email: 'maria@x.ph' }, 'MA'],
  [{ firstName: null, lastName: null, email: 'zed@x.ph' }, 'ZE'],
  [null, 'JD'],
])('initials of %j are %s (spec 2.3)', (user, initials) => expect(initialsOf(user)).toBe(initials));

it('masks e-mails down to two letters and the domain', () => {
  expect([maskEmail('maria.santos@example.ph'), maskEmail('a@b.ph'), maskEmail('nobody')]).toEqual([
    'ma•••@example.ph',
    'a•••@b.ph',
    '•••',
  ]);
});
