/** Random operations on bookings for the property tests, each test adding its own faults and operations. */
import fc from 'fast-check';

/** When a booking or a change starts, in minutes from now (10: inside the free-cancellation window). */
const startMinutes = fc.constantFrom(10, 60, 90, 180, 300);
const hours = (max: number) => fc.integer({ min: 1, max });

/** A new booking of 1–3 hours by one of the test's drivers (`who`), with the test's fault. */
export const bookOp = <F>(fault: fc.Arbitrary<F>, who: fc.Arbitrary<number>) =>
  fc.record({ kind: fc.constant('book' as const), who, startMinutes, hours: hours(3), fault });

/** Changes of one of the reservations booked so far (`pick` chooses which), weighted for `fc.oneof`. */
export const changeOps = <F>(fault: fc.Arbitrary<F>) =>
  [
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('modify' as const), pick: fc.nat(), startMinutes, hours: hours(3), fault }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('extend' as const), pick: fc.nat(), hours: hours(2), fault }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  ] as const;
