import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '@openyard/server/config';
import { startOpenyard } from './process';

// The process entry: configuration, logger, startOpenyard, and signals for a graceful shutdown.
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = pino(
    process.stdout.isTTY && config.logLevel !== 'silent'
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } }
      : { level: config.logLevel },
  );
  let openyard: Awaited<ReturnType<typeof startOpenyard>>;
  try {
    openyard = await startOpenyard(config, logger);
  } catch (error) {
    logger.fatal(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof ConfigError ? 2 : 1);
  }

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await openyard.stop();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
