'use client';
import { Dialog, DialogPanel } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * The temporary navigation drawer of small screens and the workspace pages, as
 * a Headless UI Dialog: focus moves into it, Tab stays inside, Escape or a tap
 * beside it closes it and focus returns to the menu button. Loaded lazily by
 * the shell (next/dynamic) so Headless UI is not part of every page's first load.
 */
export function TemporaryDrawer({ open, onClose, closeLabel, label, children }: { open: boolean; onClose: () => void; closeLabel: string; label: string; children: ReactNode }) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex" data-testid="temporary-drawer" aria-label={label}>
      <DialogPanel className="h-full">{children}</DialogPanel>
      <button type="button" className="flex-1 bg-black/40" aria-label={closeLabel} onClick={onClose} />
    </Dialog>
  );
}
