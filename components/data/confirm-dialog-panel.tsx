'use client';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useAppState } from '@/components/shell/app-state';

/** Confirmation on a Headless UI Dialog, max width 500px ([R9.05]), buttons "Delete!" and "Cancel" (loaded by confirm-dialog.tsx). */
export function ConfirmDialogPanel({ open, text, onConfirm, onCancel, busy }: { open: boolean; text: string; onConfirm: () => void; onCancel: () => void; busy?: boolean }) {
  const { t } = useAppState();
  return (
    <Dialog open={open} onClose={onCancel} className="relative z-50">
      <div className="fixed inset-0 bg-black/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="card w-full p-6 shadow-xl" style={{ maxWidth: 500 }}>
          <DialogTitle className="mb-6 text-lg">{text}</DialogTitle>
          <div className="flex justify-end gap-2">
            <button type="button" className="rounded bg-red-600 px-4 py-2 font-medium text-white disabled:opacity-50" disabled={busy} onClick={onConfirm}>
              {t('common.delete')}
            </button>
            <button type="button" className="rounded border border-[var(--border)] px-4 py-2" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
