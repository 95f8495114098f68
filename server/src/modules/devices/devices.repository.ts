import { eq } from 'drizzle-orm';
import type { DeviceKind } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { gateReaders, gates } from '../../db/schema';
import { itvs, machines } from '../../db/schema';

export const devicesRepository = {
  async secretHash(db: Database, kind: DeviceKind, id: number): Promise<string | undefined> {
    switch (kind) {
      case 'reader': {
        const [row] = await db.select({ hash: gateReaders.secretHash }).from(gateReaders).where(eq(gateReaders.id, id));
        return row?.hash;
      }
      case 'camera': {
        const [row] = await db.select({ hash: gates.cameraSecretHash }).from(gates).where(eq(gates.id, id));
        return row?.hash;
      }
      case 'machine': {
        const [row] = await db.select({ hash: machines.secretHash }).from(machines).where(eq(machines.id, id));
        return row?.hash;
      }
      case 'itv': {
        const [row] = await db.select({ hash: itvs.secretHash }).from(itvs).where(eq(itvs.id, id));
        return row?.hash;
      }
    }
  },
};
