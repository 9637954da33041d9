import { useEffect, useRef, useState } from 'react';

/** How long typing must pause before a search goes to the server. */
const TYPING_PAUSE_MS = 300;

/**
 * A search box bound to a value (in the URL, or the screen's own): it shows what is typed at once
 * and writes the trimmed text (undefined when empty) once typing pauses, so the server is asked once
 * per pause. Only typing writes: going back in history to another value is never undone by a late write.
 */
export function useSearchText(inUrl: string | undefined, write: (value: string | undefined) => void) {
  const [text, setText] = useState(inUrl ?? '');
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const type = (next: string) => {
    setText(next);
    clearTimeout(pending.current);
    pending.current = setTimeout(() => write(next.trim() || undefined), TYPING_PAUSE_MS);
  };
  return [text, type] as const;
}
