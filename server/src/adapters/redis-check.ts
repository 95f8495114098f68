import { Redis } from 'ioredis';
import type { Logger } from 'pino';

// Redis carries the queue: an evicting or memory-only Redis can lose jobs. Say so loudly at start.
export async function checkRedisDurability(url: string, logger: Pick<Logger, 'warn' | 'error'>) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    const [, policy] = (await redis.config('GET', 'maxmemory-policy')) as [string, string];
    const [, appendonly] = (await redis.config('GET', 'appendonly')) as [string, string];
    if (policy !== 'noeviction') {
      logger.warn(`REDIS: maxmemory-policy is "${policy}": Redis may evict queued jobs. Set it to "noeviction".`);
    }
    if (appendonly !== 'yes') {
      logger.warn(
        'REDIS: appendonly is off: queued jobs are lost if Redis restarts. Turn on the append-only log (appendonly yes).',
      );
    }
  } catch (error) {
    logger.warn(
      { err: error },
      'REDIS: could not read its configuration (CONFIG GET refused?); check eviction and persistence by hand',
    );
  } finally {
    redis.disconnect();
  }
}
