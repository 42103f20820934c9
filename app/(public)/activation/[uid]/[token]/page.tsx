import { ActivationView } from '@/components/auth/activation-view';

/** /activation/{uid}/{token} ([R2.07]). */
export default async function ActivationPage({ params }: { params: Promise<{ uid: string; token: string }> }) {
  const { uid, token } = await params;
  return <ActivationView uid={uid} token={token} />;
}
