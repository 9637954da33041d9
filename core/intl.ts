/**
 * An Intl formatter made on first use rather than when its module loads: each costs a phone several
 * milliseconds to build, and the first screen's modules declare many it never uses (docs/performance.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
