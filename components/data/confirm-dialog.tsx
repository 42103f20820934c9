'use client';
import dynamic from 'next/dynamic';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

type TConfirmProps = { open: boolean; text: string; onConfirm: () => void; onCancel: () => void; busy?: boolean };

const Panel = dynamic(() => import('./confirm-dialog-panel').then((m) => m.ConfirmDialogPanel), { ssr: false });

/**
 * Delete confirmation ([R9.05]). The dialog (Headless UI) loads the first time
 * one opens, keeping it out of the list pages' first-load JavaScript (issue 8),
 * and stays mounted after that. Headless UI only knows the elements focused
 * after its module loaded, so this wrapper remembers the opener itself and
 * gives focus back to it when the dialog closes.
 */
export function ConfirmDialog(props: TConfirmProps) {
  const [used, setUsed] = useState(props.open);
  const opener = useRef<HTMLElement | null>(null);
  if (props.open && !used) setUsed(true);

  // Layout effects run before Headless UI moves focus into the panel (it does so in a passive effect).
  useLayoutEffect(() => {
    if (props.open && !opener.current && document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
  }, [props.open]);
  useEffect(() => {
    if (props.open || !opener.current) return;
    const el = opener.current;
    opener.current = null;
    const timer = setTimeout(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && el.isConnected) el.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [props.open]);

  return used ? <Panel {...props} /> : null;
}
