import { describe, expect, it } from 'vitest';
import { listingActionProblem, unlistedNote } from './lot-sale';

describe('unlisting a lot', () => {
  const listed = { isApproved: true, unlistedAt: null };
  const unlisted = { isApproved: true, unlistedAt: '2026-11-01T00:00:00.000Z' };

  it('takes an approved lot into the other state only', () => {
    expect([listingActionProblem(listed, 'unlist'), listingActionProblem(unlisted, 'list')]).toEqual([null, null]);
    expect(listingActionProblem(unlisted, 'unlist')).toBe('This lot is already unlisted.');
    expect(listingActionProblem(listed, 'list')).toBe('This lot is listed already.');
    for (const action of ['unlist', 'list'] as const)
      expect(listingActionProblem({ isApproved: false, unlistedAt: null }, action)).toBe(
        'Only an approved lot can be unlisted or listed again.',
      );
  });

  it('tells the owner why', () => {
    expect(unlistedNote('Permit expired')).toBe('Unlisted by Parkada: Permit expired');
  });
});
