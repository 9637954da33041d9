/**
 * Reading stays wherever they live (docs/gate.md, "Where a stay lives"): D1 holds the open ones and
 * those closed within the hot window, the lot's object those moved out since. A stay may be in both
 * for a while (a move interrupted between the object's write and D1's delete): D1's copy is taken.
 */

/** D1's stays, then the moved ones D1 does not hold: each stay once. */
export function eachStayOnce<T extends { id: string }>(inD1: T[], moved: T[]): T[] {
  const inD1Ids = new Set(inD1.map((stay) => stay.id));
  return [...inD1, ...moved.filter((stay) => !inD1Ids.has(stay.id))];
}
