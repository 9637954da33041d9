/** Find Parking's page and heading, shared by the screen and its prerendered shell. */
export const FIND_PARKING_MAIN = 'mx-auto max-w-6xl px-4 py-6';

export const FindParkingHeading = () => <h1 className="mb-4 text-3xl font-bold">Find Parking</h1>;

/**
 * Find Parking before its code has run (web/prerender.tsx): the heading, and the search card's place,
 * about its height, until the form that fills it can be used.
 */
export function FindParkingShell() {
  return (
    <main className={FIND_PARKING_MAIN}>
      <FindParkingHeading />
      <div role="status" aria-label="Loading search" className="h-[25rem] animate-pulse rounded-xl bg-muted md:h-40" />
    </main>
  );
}
