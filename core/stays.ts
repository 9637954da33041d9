/**
 * A stay lives in D1 while open and for the hot window after, then in its lot's object (docs/gate.md,
 * "Where a stay lives"). A move interrupted between the object's write and D1's delete leaves it in both.
 */

/** D1's stays, then the moved ones D1 does not hold: each stay once, D1's copy taken. */
export function eachStayOnce<T extends { id: string }>(inD1: T[], moved: T[]): T[] {
  const inD1Ids = new Set(inD1.map((stay) => stay.id));
  return [...inD1, ...moved.filter((stay) => !inD1Ids.has(stay.id))];
}
