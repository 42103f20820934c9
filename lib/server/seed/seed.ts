import 'server-only';
import { config } from '../config';
import { db } from '../db';
import { hashPassword } from '../auth/password';
import { DATASOURCE_TYPES, DEMO, PLANS } from './data';

/**
 * Development and first-start data ([D.07]): the default site, plans, data
 * source types, and a demo user with an account, three workspaces with layers
 * on sample data sources and a user group. Every step is keyed on a unique
 * column, so running it twice changes nothing.
 */
export async function seed(): Promise<void> {
  const client = db();
  const origin = new URL(config().APP_URL).origin;
  // INSERT … ON CONFLICT DO NOTHING: safe when two processes seed at once.
  await client.site.createMany({
    data: [{ origin, title: 'Mapspace', supportEmail: 'support@mapspace.local', isDefault: true }],
    skipDuplicates: true,
  });
  await client.plan.createMany({ data: PLANS, skipDuplicates: true });
  await client.dataSourceType.createMany({ data: DATASOURCE_TYPES, skipDuplicates: true });
  try {
    await seedDemo();
  } catch (err) {
    // Another process created the demo user between our check and our insert: nothing left to do.
    if ((err as { code?: string }).code !== 'P2002') throw err;
  }
}

async function seedDemo() {
  const client = db();
  const existing = await client.user.findUnique({ where: { username: DEMO.username }, select: { id: true } });
  if (existing) return;
  const trial = await client.plan.findUniqueOrThrow({ where: { slug: 'trial' } });
  const types = new Map((await client.dataSourceType.findMany()).map((t) => [t.code, t.id]));
  const passwordHash = await hashPassword(DEMO.password);
  await client.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: { username: DEMO.username, email: DEMO.email, passwordHash, isActive: true, profile: { create: { company: 'Mapspace demo' } } },
    });
    const account = await tx.account.create({
      data: {
        name: DEMO.account.name,
        slug: DEMO.account.slug,
        description: DEMO.account.description,
        adminId: user.id,
        planId: trial.id,
        trialEndsAt: new Date(Date.now() + 30 * 86400_000),
        members: { create: { userId: user.id, role: 'admin' } },
      },
    });
    const sources = new Map<string, number>();
    for (const ds of DEMO.dataSources) {
      const row = await tx.dataSource.create({
        data: { accountId: account.id, name: ds.name, typeId: types.get(ds.type) ?? null, settings: ds.settings as object, createdById: user.id },
      });
      sources.set(ds.name, row.id);
    }
    const group = await tx.userGroup.create({ data: { accountId: account.id, name: DEMO.group, members: { create: { userId: user.id } } } });
    for (const ws of DEMO.workspaces) {
      const workspace = await tx.workspace.create({
        data: {
          name: ws.name,
          description: ws.description,
          adminId: user.id,
          accountId: account.id,
          planId: trial.id,
          camera: JSON.stringify(ws.camera),
          workspacePlugins: JSON.stringify(DEMO.plugins),
        },
      });
      let position = 0;
      for (const layer of ws.layers) {
        const created = await tx.layer.create({
          data: {
            workspaceId: workspace.id,
            name: layer.name,
            visible: layer.visible,
            dataSourceId: sources.get(layer.source) ?? null,
            template: JSON.stringify(layer.template ?? {}),
            position: position++,
          },
        });
        if (layer.restricted) await tx.layerUserGroup.create({ data: { layerId: created.id, userGroupId: group.id } });
      }
    }
  });
}

/** Seeds only a database that has never been seeded (no site yet). Returns whether it ran. */
export async function seedIfEmpty(): Promise<boolean> {
  const sites = await db().site.count();
  if (sites > 0) return false;
  await seed();
  return true;
}
