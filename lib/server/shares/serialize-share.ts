import 'server-only';

export type TShareLinkWire = {
  id: number;
  label: string;
  expires_at: string | null;
  created: string;
  open_count: number;
  last_opened_at: string | null;
  revoked_at: string | null;
  active: boolean;
};

export const SHARE_SELECT = { id: true, label: true, expiresAt: true, createdAt: true, openCount: true, lastOpenedAt: true, revokedAt: true } as const;

type TShareRow = { id: number; label: string; expiresAt: Date | null; createdAt: Date; openCount: number; lastOpenedAt: Date | null; revokedAt: Date | null };

/** A share link as its admin sees it: never the token (only its hash is stored). */
export function serializeShare(s: TShareRow, now = Date.now()): TShareLinkWire {
  return {
    id: s.id,
    label: s.label,
    expires_at: s.expiresAt?.toISOString() ?? null,
    created: s.createdAt.toISOString(),
    open_count: s.openCount,
    last_opened_at: s.lastOpenedAt?.toISOString() ?? null,
    revoked_at: s.revokedAt?.toISOString() ?? null,
    active: !s.revokedAt && (!s.expiresAt || s.expiresAt.getTime() > now),
  };
}
