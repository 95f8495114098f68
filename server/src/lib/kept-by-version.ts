import type { Database } from '../adapters/db';

// What `read` gives through a database handle, kept per handle with the version it was read after,
// and read again only when the version moved. The version (a row that every change of what `read`
// reads bumps in the changing transaction, such as master_data_state) must be read before `read`
// runs, by the caller: a value read after its version is never older than it. A transaction's own
// handle keeps its own entry, so what it read of its own uncommitted changes never reaches another
// caller. A failed read is not kept.
export function keptByVersion<T>(read: (database: Database) => Promise<T>) {
  const kept = new WeakMap<Database, { version: string | number; value: Promise<T> }>();
  return (database: Database, version: string | number): Promise<T> => {
    const entry = kept.get(database);
    if (entry?.version === version) return entry.value;
    const value = read(database);
    kept.set(database, { version, value });
    value.catch(() => {
      if (kept.get(database)?.value === value) kept.delete(database);
    });
    return value;
  };
}
