/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'standalone',
  poweredByHeader: false,
  reactStrictMode: true,
  // Both `/path` and `/path/` answer directly (the original API's clients use
  // both): the server (scripts/entrypoint.ts) drops the slash instead of redirecting.
  skipTrailingSlashRedirect: true,
  serverExternalPackages: ['@node-rs/argon2', '@electric-sql/pglite', '@electric-sql/pglite-socket', 'pg', 'nodemailer'],
  typescript: { ignoreBuildErrors: true }, // `npm test` runs tsc itself; the build need not do it twice
  async headers() {
    const common = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
      ...(process.env.NODE_ENV === 'production'
        ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }]
        : []),
    ];
    const api = [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'; base-uri 'none'" }];
    return [
      { source: '/:path*', headers: common },
      { source: '/api/:path*', headers: api },
      { source: '/auth/:path*', headers: api },
    ];
  },
};

export default nextConfig;
