import NextAuth from 'next-auth';
import { authOptions } from '@/lib/server/auth/next-auth';

// GET|POST /api/auth/* – next-auth (csrf, session, callback/credentials, signout); anyone
const handler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => NextAuth(authOptions())(req, ctx);

export { handler as GET, handler as POST };
