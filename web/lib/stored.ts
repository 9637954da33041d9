/** A JSON value kept in `localStorage`, or null when absent or unreadable (written by an older app). */
export function storedJson<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}
