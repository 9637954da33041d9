import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A button that shows a panel of links and actions: the platform's own popover (top layer; Escape or
 * a click outside closes it; focus goes back to the button), placed under the button's right edge.
 * A disclosure, as WAI-ARIA advises for site navigation, not an application menu, and no library:
 * the header is on every signed-in screen's first paint (docs/performance.md).
 */
export function PopoverMenu({
  label,
  trigger,
  triggerClassName,
  children,
}: {
  label: string;
  trigger: ReactNode;
  triggerClassName: string;
  children: (close: () => void) => ReactNode;
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = panel.current!;
    const place = (event: Event) => {
      if ((event as ToggleEvent).newState !== 'open') return;
      const anchor = button.current!.getBoundingClientRect();
      element.style.top = `${anchor.bottom + 8}px`;
      element.style.right = `${Math.max(8, document.documentElement.clientWidth - anchor.right)}px`;
    };
    element.addEventListener('beforetoggle', place);
    return () => element.removeEventListener('beforetoggle', place);
  }, []);
  const close = () => panel.current?.hidePopover();
  return (
    <>
      <button ref={button} type="button" popoverTarget={id} aria-label={label} className={triggerClassName}>
        {trigger}
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        className="fixed inset-auto m-0 min-w-48 rounded-xl border border-border bg-card p-1 text-foreground shadow-lg"
      >
        {children(close)}
      </div>
    </>
  );
}

/** A row of a PopoverMenu: a link or a button, the same look. */
export const popoverItem = cn(
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-left text-sm outline-none',
  'hover:bg-muted focus-visible:bg-muted',
);
