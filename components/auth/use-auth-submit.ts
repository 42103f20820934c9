'use client';
import { useCallback, useState } from 'react';
import { useAppState } from '@/components/shell/app-state';

/**
 * What every auth form does around its request: the button is disabled while
 * it runs (and, with `overlay`, the app's loading overlay is shown); a thrown
 * error (network) becomes an error snackbar with its message. The work itself
 * shows the answers it understands.
 */
export function useAuthSubmit({ overlay = true }: { overlay?: boolean } = {}) {
  const { showSnackbar, setLoading } = useAppState();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (work: () => Promise<void>, onThrow?: () => void) => {
      setBusy(true);
      if (overlay) setLoading(true);
      try {
        await work();
      } catch (err) {
        onThrow?.();
        showSnackbar((err as Error).message, 'error');
      } finally {
        setBusy(false);
        if (overlay) setLoading(false);
      }
    },
    [overlay, setLoading, showSnackbar],
  );
  return { busy, run };
}
