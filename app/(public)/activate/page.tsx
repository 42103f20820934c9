import { ActivateNotice } from '@/components/auth/activate-notice';

/** /activate ([R2.06]). */
export default function ActivatePage() {
  return <ActivateNotice />;
}
