/**
 * Waiting for what a Queue's consumer sends (an e-mail, a push, a webhook): it arrives within a second
 * or so of the change. The wait polls a plain condition and the test asserts once, when it ends: an
 * `expect` failing inside `vi.waitFor` formats the whole list (e-mails with their HTML) on every poll,
 * about 7% of a worker runtime's profile (docs/performance.md, The suite).
 */
import { expect, vi } from 'vitest';

/**
 * Polls `done` every 50 ms until it holds, for at most 15 s. It never fails by itself: the assertion
 * the caller makes next says what arrived instead.
 */
export async function until(done: () => boolean) {
  await vi
    .waitFor(
      () => {
        if (!done()) throw new Error('not yet');
      },
      { timeout: 15_000, interval: 50 },
    )
    .catch(() => undefined);
}

/** What `read` lists once it lists `count` items: exactly `count`, or the test fails showing what it lists. */
export async function arrived<T>(read: () => T[], count = 1): Promise<T[]> {
  await until(() => read().length >= count);
  expect(read()).toHaveLength(count);
  return read();
}
