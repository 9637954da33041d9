import { AlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { Button } from './button';

const overlay = 'fixed inset-0 z-50 bg-black/50';
const panel =
  'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 shadow-xl';

/**
 * Radix returns focus to its own Trigger when a dialog closes, and our dialogs are opened by any
 * control (a button, a card action): without one, focus fell to the page's start. Return it to the
 * control that had it when the dialog opened, if that control is still on the page.
 */
function useReturnFocus() {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) {
        event.preventDefault();
        opener.current.focus();
      }
    },
  };
}

/** A modal with a title; Radix handles focus trapping, Escape and screen-reader labelling, we the return of focus. */
export function Dialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlay} />
        <RadixDialog.Content className={panel} aria-describedby={undefined} {...returnFocus}>
          <RadixDialog.Title className="mb-4 text-lg font-semibold">{title}</RadixDialog.Title>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A form dialog's last row: Cancel, and the form's submit, held while its request is on its way. */
export function DialogButtons({
  onCancel,
  cancelLabel = 'Cancel',
  submitLabel,
  destructive = false,
  pending,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel: string;
  destructive?: boolean;
  pending: boolean;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** Asks before a destructive action. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlay} />
        <AlertDialog.Content className={panel} {...returnFocus}>
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted-foreground">{description}</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
