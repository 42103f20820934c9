import { RegisterForm } from '@/components/auth/register-form';

/** /register ([R2.03]). */
export default function RegisterPage() {
  return <RegisterForm />;
}
