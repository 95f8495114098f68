import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DeviceTokenRole, DisplayToken } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { users } from '../../db/schema';
import { displayTokens } from './display-tokens.table';

const createdBy = alias(users, 'created_by');
const account = alias(users, 'account');

function listQuery(db: Database) {
  return db
    .select({ token: displayTokens, createdBy: createdBy.username, lastUsedAt: account.lastAccessAt })
    .from(displayTokens)
    .innerJoin(account, eq(account.id, displayTokens.userId))
    .leftJoin(createdBy, eq(createdBy.id, displayTokens.createdById));
}

type ListRow = Awaited<ReturnType<typeof listQuery>>[number];

function toDisplayToken({ token, createdBy, lastUsedAt }: ListRow): DisplayToken {
  return {
    id: token.id,
    name: token.name,
    role: token.role,
    createdAt: token.createdAt.getTime(),
    createdBy,
    lastUsedAt: lastUsedAt?.getTime() ?? null,
    revokedAt: token.revokedAt?.getTime() ?? null,
  };
}

export const displayTokensRepository = {
  // Those still valid first, newest first.
  async list(db: Database): Promise<DisplayToken[]> {
    const rows = await listQuery(db).orderBy(sql`${displayTokens.revokedAt} is not null`, desc(displayTokens.id));
    return rows.map(toDisplayToken);
  },

  async findById(db: Database, id: number): Promise<DisplayToken | undefined> {
    const [row] = await listQuery(db).where(eq(displayTokens.id, id));
    return row && toDisplayToken(row);
  },

  async insert(
    db: Database,
    values: { name: string; role: DeviceTokenRole; tokenHash: string; userId: number; createdById: number },
  ) {
    const [row] = await db.insert(displayTokens).values(values).returning({ id: displayTokens.id });
    return row!.id;
  },

  // The account a valid token signs in as.
  async accountOf(db: Database, tokenHash: string) {
    const [row] = await db
      .select({ id: displayTokens.id, userId: displayTokens.userId })
      .from(displayTokens)
      .where(and(eq(displayTokens.tokenHash, tokenHash), isNull(displayTokens.revokedAt)));
    return row;
  },

  // The token's account, or undefined when it was revoked already (or never existed).
  async revoke(db: Database, id: number) {
    const [row] = await db
      .update(displayTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(displayTokens.id, id), isNull(displayTokens.revokedAt)))
      .returning({ userId: displayTokens.userId });
    return row;
  },
};
