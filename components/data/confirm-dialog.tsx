'use client';
import dynamic from 'next/dynamic';

type TConfirmProps = { open: boolean; text: string; onConfirm: () => void; onCancel: () => void; busy?: boolean };

const Panel = dynamic(() => import('./confirm-dialog-panel').then((m) => m.ConfirmDialogPanel), { ssr: false });

/**
 * Delete confirmation ([R9.05]). The dialog (Headless UI) loads the first time
 * one opens, keeping it out of the list pages' first-load JavaScript (issue 8).
 */
export function ConfirmDialog(props: TConfirmProps) {
  return props.open ? <Panel {...props} /> : null;
}
