/**
 * Toasts as spec 9 sets them: at most one visible, 5000 ms on screen, a dismissed toast removed
 * after 1,000,000 ms, swipe right (threshold 50) to dismiss, F8 focuses the viewport, 420 px wide
 * from medium screens up. Built on Radix Toast for focus handling and screen-reader announcements.
 */
import { Toast as RadixToast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cn } from './cn';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

type ToastItem = { id: number; title: string; description?: string; variant?: 'default' | 'destructive'; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function toast(input: Omit<ToastItem, 'id' | 'open'>) {
  items = [{ ...input, id: nextId++, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
}

function dismiss(id: number) {
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => items);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {current.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          className={cn(
            'group rounded-xl border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            item.variant === 'destructive' ? 'border-destructive bg-destructive text-white' : 'border-border bg-card text-foreground',
          )}
        >
          <RadixToast.Title className="font-semibold">{item.title}</RadixToast.Title>
          {item.description && <RadixToast.Description className="mt-1 text-sm opacity-90">{item.description}</RadixToast.Description>}
          <RadixToast.Close aria-label="Close" className="absolute right-2 top-2 rounded px-1 opacity-70 hover:opacity-100">
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </RadixToast.Provider>
  );
}
