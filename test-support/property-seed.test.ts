import fc from 'fast-check';
import { expect, it } from 'vitest';

// Run by the worker and the web projects, each with test-support/property-seed.ts as a setup file.
it('draws the same cases for a property on every run', () => {
  const draw = () => fc.sample(fc.record({ cents: fc.nat(), plate: fc.string() }), 20);
  expect(draw()).toEqual(draw());
});
