import { PasswordResetForm } from '@/components/auth/password-reset-form';

/** /password-reset/{uid}/{token} ([R2.05]). */
export default async function PasswordResetPage({ params }: { params: Promise<{ uid: string; token: string }> }) {
  const { uid, token } = await params;
  return <PasswordResetForm uid={uid} token={token} />;
}
