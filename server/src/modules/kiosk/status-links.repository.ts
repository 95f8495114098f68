import { and, eq, isNull, sql } from 'drizzle-orm';
import type { StatusLink } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { containers, users } from '../../db/schema';
import { containerStatusLinks } from './status-links.table';

function linkQuery(db: Database) {
  return db
    .select({
      link: containerStatusLinks,
      containerNumber: containers.containerNumber,
      createdBy: users.username,
    })
    .from(containerStatusLinks)
    .innerJoin(containers, eq(containers.id, containerStatusLinks.containerId))
    .leftJoin(users, eq(users.id, containerStatusLinks.createdById));
}

type LinkRow = Awaited<ReturnType<typeof linkQuery>>[number];

function toStatusLink({ link, containerNumber, createdBy }: LinkRow): StatusLink {
  return {
    token: link.token,
    containerId: link.containerId,
    containerNumber,
    createdAt: link.createdAt.getTime(),
    createdBy,
    revokedAt: link.revokedAt?.getTime() ?? null,
  };
}

export const statusLinksRepository = {
  async validOf(db: Database, containerId: number): Promise<StatusLink | undefined> {
    const [row] = await linkQuery(db).where(
      and(eq(containerStatusLinks.containerId, containerId), isNull(containerStatusLinks.revokedAt)),
    );
    return row && toStatusLink(row);
  },

  async byToken(db: Database, token: string): Promise<StatusLink | undefined> {
    const [row] = await linkQuery(db).where(eq(containerStatusLinks.token, token));
    return row && toStatusLink(row);
  },

  // A new valid link, or nothing when the visit has one already (another clerk's at the same moment).
  async insert(db: Database, values: { token: string; containerId: number; createdById: number }) {
    const rows = await db
      .insert(containerStatusLinks)
      .values(values)
      .onConflictDoNothing({
        target: containerStatusLinks.containerId,
        where: sql`${containerStatusLinks.revokedAt} is null`,
      })
      .returning({ id: containerStatusLinks.id });
    return rows.length > 0;
  },

  async revoke(db: Database, token: string) {
    await db
      .update(containerStatusLinks)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(containerStatusLinks.token, token), isNull(containerStatusLinks.revokedAt)));
  },
};
