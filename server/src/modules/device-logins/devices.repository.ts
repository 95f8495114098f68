import { eq } from 'drizzle-orm';
import type { DeviceKind } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { gateReaders, gates } from '../../db/schema';
import { itvs, machines } from '../../db/schema';

export const devicesRepository = {
  // Every device login of the yard (the Mosquitto ACL is written from them: mosquittoAcl).
  async all(db: Database): Promise<{ kind: DeviceKind; id: number }[]> {
    const [readers, cameras, machineRows, itvRows] = await Promise.all([
      db.select({ id: gateReaders.id }).from(gateReaders).orderBy(gateReaders.id),
      db.select({ id: gates.id }).from(gates).orderBy(gates.id),
      db.select({ id: machines.id }).from(machines).orderBy(machines.id),
      db.select({ id: itvs.id }).from(itvs).orderBy(itvs.id),
    ]);
    const of = (kind: DeviceKind, rows: { id: number }[]) => rows.map(({ id }) => ({ kind, id }));
    return [...of('reader', readers), ...of('camera', cameras), ...of('machine', machineRows), ...of('itv', itvRows)];
  },

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
  // Stores a device login's hash where its kind keeps it; false when there is no such device.
  async setSecretHash(db: Database, kind: DeviceKind, id: number, hash: string): Promise<boolean> {
    const updated = await (() => {
      switch (kind) {
        case 'reader':
          return db
            .update(gateReaders)
            .set({ secretHash: hash })
            .where(eq(gateReaders.id, id))
            .returning({ id: gateReaders.id });
        case 'camera':
          return db.update(gates).set({ cameraSecretHash: hash }).where(eq(gates.id, id)).returning({ id: gates.id });
        case 'machine':
          return db
            .update(machines)
            .set({ secretHash: hash })
            .where(eq(machines.id, id))
            .returning({ id: machines.id });
        case 'itv':
          return db.update(itvs).set({ secretHash: hash }).where(eq(itvs.id, id)).returning({ id: itvs.id });
      }
    })();
    return updated.length > 0;
  },
};
