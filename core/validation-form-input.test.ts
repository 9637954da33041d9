import { describe, expect, it } from 'vitest';
import { codeBatchFormSchema, codeBatchFormValues, merchantFormSchema, merchantFormValues } from './validation-form-input';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the merchant forms', () => {
  it('send the cap and the worth in centavos or whole hours, the link only when asked for', () => {
    expect(merchantFormSchema.parse({ ...merchantFormValues, name: ' Jollibee ' })).toEqual({ name: 'Jollibee', perStayCapCents: null });
    const withLink = {
      ...merchantFormValues,
      name: 'Jollibee',
      perStayCapCents: '50',
      withLink: true,
      link: { kind: 'pesos', value: '20' },
    };
    expect(merchantFormSchema.parse(withLink)).toEqual({ name: 'Jollibee', perStayCapCents: 5000, link: { amountCents: 2000 } });
    expect(codeBatchFormSchema.parse(codeBatchFormValues(Date.UTC(2026, 10, 29)))).toEqual({
      count: 12,
      hours: 2,
      expiresAt: '2026-12-29T23:59:59+08:00',
    });
  });

  it("refuse in the request's own words", () => {
    expect(issuesOf(merchantFormSchema.safeParse({ ...merchantFormValues, name: ' J ' }))).toEqual([
      ['name', 'A merchant name has at least 2 characters.'],
    ]);
    expect(issuesOf(codeBatchFormSchema.safeParse({ ...codeBatchFormValues(0), count: '', value: '1.5' }))).toEqual([
      ['count', 'Say how many codes to make.'],
      ['hours', 'Hours free must be a whole number of hours.'],
    ]);
  });
});
