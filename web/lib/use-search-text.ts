import { useEffect, useState } from 'react';
import { useDebounced } from './use-debounced';

/**
 * A search box bound to a value in the URL: it shows what is typed at once and writes the trimmed
 * text (undefined when empty) to the URL once typing pauses, so the server is asked once per pause.
 * Only a pause in typing writes: going back in history to another value is not undone.
 */
export function useSearchText(inUrl: string | undefined, write: (value: string | undefined) => void) {
  const [text, setText] = useState(inUrl ?? '');
  const settled = useDebounced(text).trim() || undefined;
  useEffect(() => {
    if (settled !== inUrl) write(settled);
    // Reacts to typing only; `inUrl` and `write` are read as they are at that moment.
  }, [settled]);
  return [text, setText] as const;
}
