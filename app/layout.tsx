import type { Metadata, Viewport } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { Analytics } from '@/components/shell/analytics';
import { AppShell } from '@/components/shell/app-shell';
import { AppStateProvider } from '@/components/shell/app-state';
import { loadShellState } from '@/lib/server/shell/load-shell-state';
import { roboto } from './fonts';
import './globals.css';

export const metadata: Metadata = { title: 'Mapspace', description: 'Map workspaces, data sources and teams' };
export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#f76430' };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const shell = await loadShellState();
  const nonce = (await headers()).get('x-nonce') ?? undefined;
  const pathname = (await headers()).get('x-pathname') ?? '';
  const { analytics, theme, ...initial } = shell;
  return (
    <html lang={shell.locale} className={`${roboto.variable} ${theme === 'dark' ? 'dark' : ''}`} suppressHydrationWarning>
      <body>
        <AppStateProvider initial={{ ...initial, userGroupsFlag: !pathname.includes('usergroups') }}>
          <AppShell>{children}</AppShell>
        </AppStateProvider>
        {analytics && <Analytics config={analytics} nonce={nonce} />}
      </body>
    </html>
  );
}
