import { mosquittoAcl } from '@openyard/contracts';
import { SERVICE_USERNAME } from '@openyard/server/adapters/broker';
import { openDatabase } from '@openyard/server/adapters/db';
import { ConfigError, loadConfig } from '@openyard/server/config';
import { devicesRepository } from '@openyard/server/modules/device-logins';

// `npm run mqtt:acl`: prints the Mosquitto ACL (acl_file) of the yard's devices as they are in the
// database now (README, "An external broker"): run it again after adding a gate, reader, machine or
// ITV, and send Mosquitto a SIGHUP to read it.
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const devices = await devicesRepository.all(database.db);
    process.stdout.write(mosquittoAcl(config.mqttServiceUsername ?? SERVICE_USERNAME, devices));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
