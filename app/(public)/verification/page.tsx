import { VerificationForm } from '@/components/auth/verification-form';

/** /verification ([R2.02]). */
export default function VerificationPage() {
  return <VerificationForm />;
}
