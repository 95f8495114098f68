import { genericPlanHandles, type Database } from '../adapters/db';

// Drizzle builds a query's SQL text from its objects on every call: for the reads every request
// makes (who is calling, one container) that cost the server more CPU than PostgreSQL spent running
// them (two thirds of the API process's time under load, in `is()` and `buildQueryFromSourceParams`).
// A prepared query is built once per database handle and then only executed with its placeholders'
// values. A transaction is a handle of its own, so there it is built once per transaction. Outside
// transactions on PostgreSQL they run on the connections that keep generic plans (openPostgres).
export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(genericPlanHandles.get(db) ?? db)));
    return query;
  };
}
