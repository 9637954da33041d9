import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

const HAS_POPOVER = typeof HTMLElement !== 'undefined' && 'showPopover' in HTMLElement.prototype;

/**
 * A button that shows a panel of links and actions: the platform's own popover (top layer; Escape or
 * a click outside closes it; focus goes back to the button), placed under the button's right edge.
 * A disclosure, as WAI-ARIA advises for site navigation, not an application menu, and no library:
 * the header is on every signed-in screen's first paint (docs/performance.md). A browser without
 * popovers (before Chrome 114, Safari 17) gets the same panel shown and hidden by the button.
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
  const [openWithoutPopover, setOpenWithoutPopover] = useState(false);
  const close = () => (HAS_POPOVER ? panel.current?.hidePopover() : setOpenWithoutPopover(false));
  useEffect(() => {
    if (!openWithoutPopover) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenWithoutPopover(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [openWithoutPopover]);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={label}
        className={triggerClassName}
        {...(HAS_POPOVER
          ? { popoverTarget: id }
          : { 'aria-expanded': openWithoutPopover, onClick: () => setOpenWithoutPopover((open) => !open) })}
      >
        {trigger}
      </button>
      <div
        ref={panel}
        id={id}
        {...(HAS_POPOVER ? { popover: 'auto' } : { hidden: !openWithoutPopover })}
        className="fixed inset-auto top-16 right-2 z-50 m-0 min-w-48 rounded-xl border border-border bg-card p-1 text-foreground shadow-lg"
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
