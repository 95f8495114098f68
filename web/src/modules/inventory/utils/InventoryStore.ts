import { igmItemKey, sizeClass, slotSpan, type InventoryContainer, type InventoryGrid } from '@openyard/contracts';
import type { YardGeometry } from './yardGeometry';

export interface LinerEntry {
  name: string;
  color: string | null;
}

export interface AreaSummary {
  areaId: number;
  filledSlots: number;
  occupancy: number;
  containers20: number;
  containers40: number;
  planned: number;
  byLiner: { liner: number; count: number }[];
}

// A container as the grid knows it: enough to draw, filter and find it.
export interface GridContainer {
  index: number;
  containerId: number;
  number: string;
  areaId: number;
  rowIndex: number;
  columnIndex: number;
  tier: number;
  size: number;
  liner: number;
  igmItem: number;
  planned: boolean;
}

const NONE = -1;

// The yard's containers in typed arrays (one entry per container, reused when one leaves), fed by
// the compact snapshot and the live slot messages. Nothing here is React state: the grid redraws
// from these arrays once per animation frame when something changed, so a 20,000-slot yard costs a
// few array fills per frame, not a render per slot.
export class InventoryStore {
  geometry: YardGeometry | null = null;
  version = 0;
  liners: LinerEntry[] = [];
  igmItems: string[] = [];
  // Bumped by every change; the grid and the summaries compare it with what they last drew.
  revision = 0;
  // Bumped by every snapshot loaded (each replaces all figures at once).
  snapshots = 0;
  // The time (`at`) of the newest live message applied; a later snapshot holds it too (the wall's
  // `data-live-at`).
  liveAt: number | null = null;

  private capacity = 0;
  length = 0;
  containerIds = new Int32Array(0);
  areaIds = new Int32Array(0);
  rowIndexes = new Int32Array(0);
  columnIndexes = new Int32Array(0);
  tiers = new Int32Array(0);
  sizes = new Uint8Array(0);
  linerIndexes = new Int32Array(0);
  igmItemIndexes = new Int32Array(0);
  planned = new Uint8Array(0);
  // 1 while the entry holds a container in the yard.
  alive = new Uint8Array(0);
  numbers: string[] = [];

  private readonly indexById = new Map<number, number>();
  private readonly free: number[] = [];
  private readonly linerIndex = new Map<string, number>();
  private readonly igmItemIndex = new Map<string, number>();
  // The latest live messages: a snapshot that arrives after some of them (it was taken before they
  // committed) gets them applied again on top of it.
  private recent: { container: InventoryContainer; version: number }[] = [];
  private snapshotVersion = -1;
  // Containers changed since the grid last drew (for the update→screen figures).
  private changed: number[] = [];
  // When the oldest of those changes arrived (epoch ms).
  private changedSince: number | null = null;
  // Entries changed since the grid last built its buffers; null: everything (a new snapshot).
  private dirty: Set<number> | null = null;
  private readonly listeners = new Set<() => void>();
  private counted: { revision: number; summaries: ReadonlyMap<number, AreaSummary> } | null = null;
  private notifyScheduled = false;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getRevision = (): number => this.revision;

  setGeometry(geometry: YardGeometry): void {
    this.geometry = geometry;
    this.touch();
  }

  // Replaces everything with a snapshot, then reapplies the live messages newer than it. A snapshot
  // older than the one already loaded (two loads crossing) is ignored.
  loadSnapshot(grid: InventoryGrid): boolean {
    if (grid.version < this.snapshotVersion) return false;
    this.snapshotVersion = grid.version;
    this.version = grid.version;
    this.snapshots += 1;
    this.liners = [];
    this.linerIndex.clear();
    this.igmItems = [];
    this.igmItemIndex.clear();
    const liners = grid.liners.map((liner) => this.linerOf(liner.name, liner.color));
    const igmItems = grid.igmItems.map((key) => this.igmItemOf(key));
    const count = grid.containerIds.length;
    this.indexById.clear();
    this.free.length = 0;
    this.length = 0;
    this.ensureCapacity(Math.max(count + 256, Math.ceil(count * 1.1)));
    this.alive.fill(0);
    for (let i = 0; i < count; i += 1) {
      const id = grid.containerIds[i]!;
      this.indexById.set(id, i);
      this.containerIds[i] = id;
      this.numbers[i] = grid.numbers[i]!;
      this.areaIds[i] = grid.areaIds[i]!;
      this.rowIndexes[i] = grid.rowIndexes[i]!;
      this.columnIndexes[i] = grid.columnIndexes[i]!;
      this.tiers[i] = grid.tiers[i]!;
      this.sizes[i] = grid.sizes[i]!;
      const liner = grid.linerIndexes[i]!;
      this.linerIndexes[i] = liner >= 0 ? liners[liner]! : NONE;
      const igmItem = grid.igmItemIndexes[i]!;
      this.igmItemIndexes[i] = igmItem >= 0 ? igmItems[igmItem]! : NONE;
      this.planned[i] = grid.planned[i]!;
      this.alive[i] = 1;
    }
    this.length = count;
    this.recent = this.recent.filter((entry) => entry.version > grid.version);
    for (const entry of this.recent) this.apply(entry.container, entry.version);
    this.changed = [];
    this.changedSince = null;
    this.dirty = null;
    this.touch();
    return true;
  }

  // One container's new state from a live slot message: placed, moved, changed or gone; `at`, the
  // message's time.
  applyMessage(container: InventoryContainer, version: number, at?: number): void {
    if (at !== undefined) this.liveAt = Math.max(this.liveAt ?? at, at);
    this.recent.push({ container, version });
    if (this.recent.length > 5000) this.recent.splice(0, this.recent.length - 4000);
    this.apply(container, version);
    this.touch();
  }

  // Entries changed since the last call, or null when every entry may have (the grid patches its
  // buffers with the first, rebuilds them with the second).
  takeDirty(): Set<number> | null {
    const dirty = this.dirty;
    this.dirty = new Set();
    return dirty;
  }

  // Containers changed since the last call (the grid calls it when it has drawn them).
  takeChanged(): { containerIds: number[]; since: number | null } {
    const changed = { containerIds: this.changed, since: this.changedSince };
    this.changed = [];
    this.changedSince = null;
    return changed;
  }

  indexOf(containerId: number): number | null {
    const index = this.indexById.get(containerId);
    return index === undefined ? null : index;
  }

  container(index: number): GridContainer | null {
    if (index < 0 || index >= this.length || !this.alive[index]) return null;
    return {
      index,
      containerId: this.containerIds[index]!,
      number: this.numbers[index]!,
      areaId: this.areaIds[index]!,
      rowIndex: this.rowIndexes[index]!,
      columnIndex: this.columnIndexes[index]!,
      tier: this.tiers[index]!,
      size: this.sizes[index]!,
      liner: this.linerIndexes[index]!,
      igmItem: this.igmItemIndexes[index]!,
      planned: this.planned[index] === 1,
    };
  }

  // Entries of live containers whose number starts with one of these (upper case, no spaces): a
  // whole number, one without its check digit, or an owner prefix (see containerNumberTerms).
  findNumbers(prefixes: readonly string[]): number[] {
    const found: number[] = [];
    for (let i = 0; i < this.length; i += 1) {
      if (!this.alive[i]) continue;
      const number = this.numbers[i]!;
      if (prefixes.some((prefix) => number.startsWith(prefix))) found.push(i);
    }
    return found;
  }

  // Entries of the IGM (every item) or of one IGM item ('IGM:ITEM').
  findIgm(text: string): number[] {
    const key = text.trim().toUpperCase();
    const matching = new Set<number>();
    this.igmItems.forEach((igmItem, index) => {
      const upper = igmItem.toUpperCase();
      if (upper === key || upper.startsWith(`${key}:`)) matching.add(index);
    });
    const found: number[] = [];
    if (!matching.size) return found;
    for (let i = 0; i < this.length; i += 1) if (this.alive[i] && matching.has(this.igmItemIndexes[i]!)) found.push(i);
    return found;
  }

  // Counted once per revision (the area cards and the occupancy badge both ask).
  summaries(): ReadonlyMap<number, AreaSummary> {
    if (this.counted?.revision === this.revision) return this.counted.summaries;
    const result = new Map<number, AreaSummary>();
    const linerCounts = new Map<number, Map<number, number>>();
    for (const area of this.geometry?.areas ?? []) {
      result.set(area.areaId, {
        areaId: area.areaId,
        filledSlots: 0,
        occupancy: 0,
        containers20: 0,
        containers40: 0,
        planned: 0,
        byLiner: [],
      });
      linerCounts.set(area.areaId, new Map());
    }
    for (let i = 0; i < this.length; i += 1) {
      if (!this.alive[i]) continue;
      const summary = result.get(this.areaIds[i]!);
      if (!summary) continue;
      if (this.planned[i]) {
        summary.planned += 1;
        continue;
      }
      const span = slotSpan(this.sizes[i]!);
      summary.filledSlots += span;
      if (span === 2) summary.containers40 += 1;
      else summary.containers20 += 1;
      const counts = linerCounts.get(summary.areaId)!;
      const liner = this.linerIndexes[i]!;
      counts.set(liner, (counts.get(liner) ?? 0) + 1);
    }
    for (const area of this.geometry?.areas ?? []) {
      const summary = result.get(area.areaId)!;
      summary.occupancy = area.totalSlots > 0 ? Math.floor((100 * summary.filledSlots) / area.totalSlots) : 0;
      summary.byLiner = [...linerCounts.get(area.areaId)!]
        .map(([liner, count]) => ({ liner, count }))
        .sort((a, b) => b.count - a.count);
    }
    this.counted = { revision: this.revision, summaries: result };
    return result;
  }

  private apply(container: InventoryContainer, version: number): void {
    this.version = Math.max(this.version, version);
    const area = container.area ? this.geometry?.areasByName.get(container.area.toUpperCase()) : undefined;
    const inYard =
      !container.dispatched &&
      container.location !== null &&
      area !== undefined &&
      container.rowIndex !== null &&
      container.columnIndex !== null &&
      container.tier !== null;
    let index = this.indexById.get(container.containerId);
    this.changedSince ??= Date.now();
    this.changed.push(container.containerId);
    if (!inYard) {
      if (index === undefined) return;
      this.dirty?.add(index);
      this.alive[index] = 0;
      this.indexById.delete(container.containerId);
      this.free.push(index);
      return;
    }
    if (index === undefined) {
      index = this.free.pop();
      if (index === undefined) {
        this.ensureCapacity(this.length + 1);
        index = this.length;
        this.length += 1;
      }
      this.indexById.set(container.containerId, index);
    }
    this.dirty?.add(index);
    this.containerIds[index] = container.containerId;
    this.numbers[index] = container.number;
    this.areaIds[index] = area.areaId;
    this.rowIndexes[index] = container.rowIndex!;
    this.columnIndexes[index] = container.columnIndex!;
    this.tiers[index] = container.tier!;
    this.sizes[index] = sizeClass(container.size);
    this.linerIndexes[index] = container.liner === null ? NONE : this.linerOf(container.liner, container.linerColor);
    const key = igmItemKey(container.igmNumber, container.itemNumber);
    this.igmItemIndexes[index] = key === null ? NONE : this.igmItemOf(key);
    this.planned[index] = container.planned ? 1 : 0;
    this.alive[index] = 1;
  }

  private linerOf(name: string, color: string | null): number {
    const known = this.linerIndex.get(name);
    if (known !== undefined) {
      if (color && this.liners[known]!.color !== color) this.liners[known] = { name, color };
      return known;
    }
    const index = this.liners.push({ name, color }) - 1;
    this.linerIndex.set(name, index);
    return index;
  }

  private igmItemOf(key: string): number {
    const known = this.igmItemIndex.get(key);
    if (known !== undefined) return known;
    const index = this.igmItems.push(key) - 1;
    this.igmItemIndex.set(key, index);
    return index;
  }

  private ensureCapacity(wanted: number): void {
    if (wanted <= this.capacity) return;
    const capacity = Math.max(wanted, Math.ceil(this.capacity * 1.5), 1024);
    const grow = <T extends Int32Array | Uint8Array>(array: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(array.subarray(0, this.capacity));
      return next;
    };
    this.containerIds = grow(this.containerIds, (n) => new Int32Array(n));
    this.areaIds = grow(this.areaIds, (n) => new Int32Array(n));
    this.rowIndexes = grow(this.rowIndexes, (n) => new Int32Array(n));
    this.columnIndexes = grow(this.columnIndexes, (n) => new Int32Array(n));
    this.tiers = grow(this.tiers, (n) => new Int32Array(n));
    this.sizes = grow(this.sizes, (n) => new Uint8Array(n));
    this.linerIndexes = grow(this.linerIndexes, (n) => new Int32Array(n));
    this.igmItemIndexes = grow(this.igmItemIndexes, (n) => new Int32Array(n));
    this.planned = grow(this.planned, (n) => new Uint8Array(n));
    this.alive = grow(this.alive, (n) => new Uint8Array(n));
    this.capacity = capacity;
  }

  // Listeners hear of changes at most once per animation frame.
  private touch(): void {
    this.revision += 1;
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    const notify = () => {
      this.notifyScheduled = false;
      for (const listener of [...this.listeners]) listener();
    };
    if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden)
      requestAnimationFrame(notify);
    else setTimeout(notify, 16);
  }
}
