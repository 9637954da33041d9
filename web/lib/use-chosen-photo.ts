import { useState } from 'react';
import { ISSUE_PHOTO_MESSAGES, MAX_ISSUE_PHOTO_BYTES } from '../../core/lot-issues';

/**
 * A picture chosen to go with a form (a report to a lot, a request to support): one over the size
 * limit is refused at once, in the server's words, and not sent.
 */
export function useChosenPhoto() {
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const pick = (file: File | null) => {
    setPhoto(file && file.size <= MAX_ISSUE_PHOTO_BYTES ? file : null);
    setProblem(file && file.size > MAX_ISSUE_PHOTO_BYTES ? ISSUE_PHOTO_MESSAGES.size : undefined);
  };
  return { photo, problem, pick };
}
