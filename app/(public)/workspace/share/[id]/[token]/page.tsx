import type { Metadata } from 'next';
import Link from 'next/link';
import { WorkspaceMapLoader } from '@/components/map/workspace-map-loader';
import { translate, type TMessageKey } from '@/lib/i18n/messages';
import { loadShellState } from '@/lib/server/shell/load-shell-state';
import { isShareTokenValid } from '@/lib/server/workspaces/load-workspace-view';
import { loadViewOr404 } from '@/lib/server/workspaces/load-workspace-page';

export const metadata: Metadata = { title: 'Shared workspace · Mapspace', referrer: 'no-referrer' };

/**
 * /workspace/share/{id}/{token} ([R2.09], [R4.07]): the public map for a
 * share-token holder, anonymous even when a session exists, so only what the
 * token may see is shown. An unknown, revoked or expired token gets a plain
 * explanation instead of an error.
 */
export default async function PublicWorkspacePage({ params }: { params: Promise<{ id: string; token: string }> }) {
  const { id, token } = await params;
  const workspaceId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const shareToken = token;
  if (!workspaceId || !(await isShareTokenValid(workspaceId, shareToken))) return <InvalidShareLink />;
  const view = await loadViewOr404({ userId: null, workspaceId, shareToken });
  return <WorkspaceMapLoader workspace={view.workspace} layers={view.layers} mode="public" shareToken={shareToken} />;
}

async function InvalidShareLink() {
  const { locale } = await loadShellState();
  const t = (key: TMessageKey) => translate(locale, key);
  return (
    <section data-testid="share-invalid" className="mx-4 mt-16 max-w-lg rounded border sm:mx-auto border-[var(--border)] bg-[var(--surface)] p-6 text-center">
      <h1 className="mb-2 text-xl font-semibold">{t('map.shareInvalid')}</h1>
      <p className="mb-4 text-muted">{t('map.shareInvalidText')}</p>
      <Link href="/login" className="inline-block rounded bg-[var(--primary-fill)] px-4 py-2 text-white">
        {t('map.logIn')}
      </Link>
    </section>
  );
}
