/**
 * The toast queue: at most one toast at a time (the newest, the outcome of the latest act), a dismissed toast
 * kept (closed) for 1,000,000 ms before removal. Plain state with subscribers, so the rule is tested
 * without a DOM; `Toaster` renders it.
 */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastItem = { id: number; title: string; description?: string; variant?: 'default' | 'destructive'; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function toast(input: Omit<ToastItem, 'id' | 'open'>) {
  items = [{ ...input, id: nextId++, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
}

/** An `onError` that tells a failure as a destructive toast under this title, with the server's message. */
export const toastFailure = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

export function dismissToast(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

export const currentToasts = () => items;

/** Whether any toast was raised yet: the toaster's code loads only then (web/routes/__root.tsx). */
export const anyToastRaised = () => nextId > 1;

export const subscribeToToasts = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
