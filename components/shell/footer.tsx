'use client';
import { usePathname } from 'next/navigation';
import { useAppState } from './app-state';

/** Footer with the support e-mail and the current year, except on paths containing 'workspace' ([R1.03]). */
export function Footer() {
  const pathname = usePathname();
  const { site, t } = useAppState();
  if (pathname.includes('workspace')) return null;
  const email = site?.support_email || 'support@mapspace.local';
  return (
    <footer data-testid="footer" className="border-t border-[var(--border)] bg-[var(--surface)] px-4 py-3 text-center text-sm text-muted">
      {t('shell.support', { email })} · {new Date().getFullYear()}
    </footer>
  );
}
