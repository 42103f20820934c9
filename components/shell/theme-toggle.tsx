'use client';
import { useAppState } from './app-state';

/** Light/dark toggle, remembered in a cookie (so the server renders the right theme) and localStorage. */
export function ThemeToggle() {
  const { t } = useAppState();
  const toggle = () => {
    const dark = !document.documentElement.classList.contains('dark');
    document.documentElement.classList.toggle('dark', dark);
    document.cookie = `theme=${dark ? 'dark' : 'light'}; path=/; max-age=31536000; samesite=lax`;
    try {
      localStorage.setItem('theme', dark ? 'dark' : 'light');
    } catch {
      /* storage unavailable */
    }
  };
  return (
    <button type="button" onClick={toggle} aria-label={t('shell.toggleTheme')} data-testid="theme-toggle" className="rounded p-2 hover:bg-white/20">
      <span aria-hidden>◐</span>
    </button>
  );
}
