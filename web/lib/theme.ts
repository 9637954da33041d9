import { useSyncExternalStore } from 'react';
import type { Theme } from '../../core/account';

/** Light/dark theme, persisted in localStorage and applied as the `dark` class on <html>. */
const STORAGE_KEY = 'parkada-theme';

const listeners = new Set<() => void>();
const readTheme = (): Theme => {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return saved === 'light' || saved === 'dark' ? saved : 'system';
};

const resolvedDark = (theme: Theme) =>
  theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);

export function applyTheme(theme: Theme) {
  if (theme === 'system') localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, theme);
  document.documentElement.classList.toggle('dark', resolvedDark(theme));
  for (const listener of listeners) listener();
}

export function useTheme() {
  const theme = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readTheme,
    () => 'system' as Theme,
  );
  return { theme, isDark: typeof window !== 'undefined' && resolvedDark(theme) };
}
