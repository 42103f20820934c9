#!/bin/sh
# Stand-in for Prisma's native schema engine on machines that cannot download it.
# `prisma generate` and `prisma db seed` only need the file to exist. Migrations
# are applied by the app at start (lib/server/db/migrate.ts), or by
# `prisma migrate deploy` where the real engine is installed.
echo "schema engine not installed: migrations are applied by the app at start (see README, 'Migrations')" >&2
exit 1
