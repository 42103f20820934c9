'use client';
import dynamic from 'next/dynamic';
import { useState } from 'react';

type TConfirmProps = { open: boolean; text: string; onConfirm: () => void; onCancel: () => void; busy?: boolean };

const Panel = dynamic(() => import('./confirm-dialog-panel').then((m) => m.ConfirmDialogPanel), { ssr: false });

/**
 * Delete confirmation ([R9.05]). The dialog (Headless UI) loads the first time
 * one opens, keeping it out of the list pages' first-load JavaScript (issue 8);
 * after that it stays mounted, so closing it hands focus back to its opener.
 */
export function ConfirmDialog(props: TConfirmProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  return used ? <Panel {...props} /> : null;
}
