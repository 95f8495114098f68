import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

// PGlite runs every query as an unnamed statement: parsed, analysed and planned again each time, in
// six calls into the WebAssembly module. For the short statements this product runs thousands of
// times a second, planning was most of the work (a container lookup: 1.0 of 1.4 ms). PostgreSQL
// over a socket keeps named statements and their plans; PGlite's API cannot, but its wire
// protocol can. This client, handed to Drizzle in PGlite's place, keeps a named statement per query
// text and runs it with one Bind/Describe/Execute/Sync call. PostgreSQL's plan cache then does what
// it does for any client's prepared statement: a few custom plans, then a generic plan where that
// costs no more (plan_cache_mode auto). Statements without parameters that are not plain DML or
// queries (migrations, SET, LISTEN) and COPY-style calls with blobs go through PGlite's own query.
//
// The locks are PGlite's own: outside a transaction a query waits for any running transaction
// (PGlite's transaction lock) and then runs alone (its query lock); inside, it takes the query lock,
// as PGlite's transaction object does.

const { serialize } = protocol;
const MAX_STATEMENTS = 400;
// PostgreSQL's "cached plan must not change result type": a table changed under a kept statement.
const CHANGED_UNDER = '0A000';
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface Statement {
  name: string;
  parameterTypes: number[];
}

type Runner = Pick<PGlite, 'query'>;

export interface PreparedPglite {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PreparedTransaction) => Promise<T>): Promise<T>;
  // Statements kept, for tests.
  readonly statements: number;
}

export interface PreparedTransaction extends Pick<Transaction, 'exec' | 'rollback' | 'closed'> {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

// The error PGlite itself throws, with the query on it.
function withQuery(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined) {
  if (error && typeof error === 'object' && 'severity' in error)
    Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

export function preparedPglite(client: PGlite, { maxStatements = MAX_STATEMENTS } = {}): PreparedPglite {
  // Least recently used first (a Map keeps insertion order; a hit moves to the end).
  const statements = new Map<string, Statement>();
  const unused: string[] = [];
  let counter = 0;

  const cacheable = (text: string, params: unknown[], options: QueryOptions | undefined) =>
    !options?.blob && !options?.paramTypes && (params.length > 0 || CACHEABLE.test(text));

  // Runs under PGlite's query lock.
  async function run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    retried = false,
  ): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else {
      const name = `oy_${(counter += 1).toString(36)}`;
      let described;
      try {
        described = await client.execProtocolStream(
          concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
          { syncToFs: false },
        );
      } catch (error) {
        throw withQuery(error, text, params, options);
      }
      statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
      statements.set(text, statement);
      if (statements.size > maxStatements) {
        const [oldestText, oldest] = statements.entries().next().value!;
        statements.delete(oldestText);
        unused.push(oldest.name);
      }
    }
    // Statements dropped from the cache are closed in this call, before its Bind.
    const closing = unused.splice(0).map((name) => serialize.close({ type: 'S', name }));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      if (serializer) return serializer(value);
      // PGlite's own path calls toString(); an object without a serializer is better sent as JSON.
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return value.toString();
      if (value instanceof Date) return value.toISOString();
      return JSON.stringify(value);
    });
    let messages;
    try {
      messages = await client.execProtocolStream(
        concat([
          ...closing,
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      if ((error as { code?: string }).code !== CHANGED_UNDER) throw withQuery(error, text, params, options);
      // Parsed again, once: outside a transaction nothing has happened yet (inside, it is aborted).
      statements.delete(text);
      unused.push(statement.name);
      if (inTransaction || retried) throw withQuery(error, text, params, options);
      return run<T>(text, params, options, inTransaction, true);
    }
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  function query<T>(runner: Runner, text: string, params: unknown[], options: QueryOptions | undefined, inTx: boolean) {
    if (!cacheable(text, params, options)) return runner.query<T>(text, params, options);
    const exclusive = () => client._runExclusiveQuery(() => run<T>(text, params, options, inTx));
    return inTx ? exclusive() : client._runExclusiveTransaction(exclusive);
  }

  return {
    query: <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
      query<T>(client, text, params, options, false),
    exec: (text, options) => client.exec(text, options),
    transaction: (callback) =>
      client.transaction((tx) =>
        callback({
          query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return query<T>(tx, text, params, options, true);
          },
          exec: (text, options) => tx.exec(text, options),
          rollback: () => tx.rollback(),
          get closed() {
            return tx.closed;
          },
        }),
      ),
    get statements() {
      return statements.size;
    },
  };
}
