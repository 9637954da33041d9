/**
 * Toasts that stay long enough to read and go with a swipe: 5000 ms on screen, swipe right (threshold 50)
 * to dismiss, F8 focuses the viewport, 420 px wide from medium screens up (the queue rule is in
 * toast-store.ts). Built on Radix Toast for focus handling and screen-reader announcements.
 */
import { Toast as RadixToast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cn } from './cn';
import { currentToasts, dismissToast, subscribeToToasts, TOAST_DURATION_MS } from './toast-store';

export function Toaster() {
  const current = useSyncExternalStore(subscribeToToasts, currentToasts);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50}>
      {current.map((item) => (
        <RadixToast.Root
          key={item.id}
          // Read out by a live region: politely, or at once when something failed.
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          open={item.open}
          onOpenChange={(open) => !open && dismissToast(item.id)}
          className={cn(
            'group rounded-xl border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-foreground',
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
