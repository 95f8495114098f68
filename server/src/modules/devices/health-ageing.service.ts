import { machineColour, readerHealth, type HealthThresholds } from '@openyard/contracts';
import type { Database } from '../../adapters/db';
import { gatesRepository } from '../gates';
import { machinesRepository } from '../machines';
import { machines, itvs } from '../../db/schema';
import { outboxRepository, type AfterCommit, type NewEvent } from '../outbox';
import { gateHealthEvent } from './device-messages.service';
import { eq } from 'drizzle-orm';

// Health changes with time alone: a reader nobody hears from turns Idle, then NOK; a machine turns
// orange. This runs on a timer, stores the new state and publishes only the transitions.
export function createHealthAgeingService(
  db: Database,
  deps: { thresholds: HealthThresholds; afterCommit: AfterCommit },
) {
  const { thresholds } = deps;
  return {
    async age(now = Date.now()) {
      const transitions = await db.transaction(async (tx) => {
        const events: NewEvent[] = [];
        const readers = await gatesRepository.readers(tx);
        const changedGates = new Set<number | null>();
        const readerChanges = [];
        for (const reader of readers) {
          const health = readerHealth(reader.statusLastReceived?.getTime() ?? null, now, thresholds);
          if (health !== reader.healthStatus) {
            readerChanges.push({ id: reader.id, health });
            changedGates.add(reader.gateId);
          }
        }
        await gatesRepository.setHealth(tx, readerChanges, []);
        for (const gateId of changedGates) events.push(await gateHealthEvent(tx, gateId, now));

        for (const machine of await machinesRepository.machines(tx)) {
          const colour = machineColour(
            machine.machineStatus,
            machine.lastDataReceived?.getTime() ?? null,
            now,
            thresholds,
          );
          if (colour === machine.statusColour) continue;
          await tx.update(machines).set({ statusColour: colour }).where(eq(machines.id, machine.id));
          events.push({
            type: 'machine.statusChanged',
            data: { machineId: machine.id, machineStatus: machine.machineStatus, status: colour },
          });
        }
        for (const itv of await machinesRepository.allItvs(tx)) {
          const colour = machineColour(null, itv.lastDataReceived?.getTime() ?? null, now, thresholds);
          if (colour !== itv.statusColour)
            await tx.update(itvs).set({ statusColour: colour }).where(eq(itvs.id, itv.id));
        }
        await outboxRepository.add(tx, events);
        return events.length;
      });
      if (transitions) deps.afterCommit();
      return transitions;
    },
  };
}

export type HealthAgeingService = ReturnType<typeof createHealthAgeingService>;
