import { ResetForm } from '@/components/auth/reset-form';

/** /reset ([R2.04]). */
export default function ResetPage() {
  return <ResetForm />;
}
