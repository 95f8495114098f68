import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// CPU figures over an interval: call to start, call the returned function to read. Linux /proc for
// the machine and the services; null where it is not available.

// Whole-machine CPU use, 0–100 % of all cores.
export function machineCpu() {
  const read = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
      return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
    } catch {
      return null;
    }
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return null;
    return (1 - (end.idle - start.idle) / (end.total - start.total)) * 100;
  };
}

// This process, in % of one core.
export function processCpu() {
  const start = process.cpuUsage();
  const at = performance.now();
  return () => {
    const used = process.cpuUsage(start);
    return ((used.user + used.system) / 1000 / (performance.now() - at)) * 100;
  };
}

// CPU used by processes other than Openyard and the bench, in % of one core.
export function otherCpu(machinePercent: number | null, serverPercent: number, benchPercent: number) {
  if (machinePercent === null) return null;
  return Math.max(0, machinePercent * availableParallelism() - serverPercent - benchPercent);
}

const SERVICES = ['postgres', 'redis-server', 'mosquitto'] as const;
const TICKS_PER_SECOND = 100;

function serviceTicks(): Map<string, { name: string; ticks: number }> | null {
  const result = new Map<string, { name: string; ticks: number }>();
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!(SERVICES as readonly string[]).includes(name)) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      result.set(pid, { name, ticks: Number(fields[11]) + Number(fields[12]) });
    }
  } catch {
    return null;
  }
  return result;
}

// PostgreSQL (all backends), Redis and Mosquitto, each in % of one core.
export function servicesCpu() {
  const start = serviceTicks();
  const at = performance.now();
  return (): Record<(typeof SERVICES)[number], number> | null => {
    const end = serviceTicks();
    if (!start || !end) return null;
    const seconds = (performance.now() - at) / 1000;
    const used = { postgres: 0, 'redis-server': 0, mosquitto: 0 };
    for (const [pid, { name, ticks }] of end)
      used[name as keyof typeof used] += ticks - (start.get(pid)?.ticks ?? ticks);
    for (const name of SERVICES) used[name] = (used[name] / TICKS_PER_SECOND / seconds) * 100;
    return used;
  };
}

function processTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

// Named processes (Openyard's servers and workers), each in % of one core; null for one that
// ended or where /proc is not available.
export function processesCpu(processes: { name: string; pid: number }[]) {
  const start = processes.map(({ pid }) => processTicks(pid));
  const at = performance.now();
  return (): { name: string; pid: number; cpuPercent: number | null }[] => {
    const seconds = (performance.now() - at) / 1000;
    return processes.map(({ name, pid }, index) => {
      const end = processTicks(pid);
      const begin = start[index];
      return {
        name,
        pid,
        cpuPercent:
          end === null || begin === null || begin === undefined
            ? null
            : ((end - begin) / TICKS_PER_SECOND / seconds) * 100,
      };
    });
  };
}
