import { LoginForm } from '@/components/auth/login-form';

export const metadata = { title: 'Login' };

/** / and /login ([R2.01]). */
export default function LoginPage() {
  return <LoginForm />;
}
