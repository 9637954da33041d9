import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentToasts,
  dismissToast,
  subscribeToToasts,
  toast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
} from './toast-store';

describe('toast queue (spec 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec constants', () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS]).toEqual([1, 5000, 1_000_000]);
  });

  it('shows at most one toast, the newest, and tells subscribers', () => {
    const seen = vi.fn();
    const unsubscribe = subscribeToToasts(seen);
    toast({ title: 'Profile Updated' });
    toast({ title: 'Top-up Failed', variant: 'destructive' });
    expect(currentToasts().map((t) => t.title)).toEqual(['Top-up Failed']);
    expect(seen).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    toast({ title: 'Preferences Updated' });
    const [{ id }] = currentToasts();
    dismissToast(id);
    expect(currentToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(currentToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(currentToasts()).toEqual([]);
  });
});
