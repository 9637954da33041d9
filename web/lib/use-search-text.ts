import { useEffect, useRef, useState } from 'react';
import { TYPING_PAUSE_MS } from './use-debounced';

/**
 * A search box bound to a value in the URL: it shows what is typed at once and writes the trimmed
 * text (undefined when empty) once typing pauses, so the server is asked once per pause. Only typing
 * writes: going back in history to another value is never undone by a late write.
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
