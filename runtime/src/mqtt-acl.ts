import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deviceUsername, mosquittoAcl } from '@openyard/contracts';
import { SERVICE_USERNAME } from '@openyard/server/adapters/broker';
import { openDatabase } from '@openyard/server/adapters/db';
import { ConfigError, loadConfig } from '@openyard/server/config';
import { devicesRepository } from '@openyard/server/modules/device-logins';
import { mosquittoPasswordFile } from './mosquitto-files';

// `npm run mqtt:acl`: prints the Mosquitto ACL (acl_file) of the yard's devices as they are in the
// database now (README, "An external broker"): run it again after adding a gate, reader, machine or
// ITV, and send Mosquitto a SIGHUP to read it.
// `npm run mqtt:acl -- --write DIR` (the compose file's `mqtt-config` step): writes DIR/openyard.acl
// and DIR/openyard.passwd instead: the service account's entry (MQTT_SERVICE_USERNAME and
// MQTT_SERVICE_PASSWORD) and the device entries already in the file whose device still exists.
async function main() {
  const config = loadConfig();
  const writeAt = process.argv.indexOf('--write');
  const folder = writeAt >= 0 ? process.argv[writeAt + 1] : undefined;
  if (writeAt >= 0 && !folder) throw new ConfigError('--write', 'needs the folder to write to');
  const database = await openDatabase(config);
  try {
    const devices = await devicesRepository.all(database.db);
    const service = config.mqttServiceUsername ?? SERVICE_USERNAME;
    const acl = mosquittoAcl(service, devices);
    if (!folder) {
      process.stdout.write(acl);
      return;
    }
    if (!config.mqttServicePassword)
      throw new ConfigError('MQTT_SERVICE_PASSWORD', 'must be set to write the password file');
    const passwdPath = join(folder, 'openyard.passwd');
    const existing = existsSync(passwdPath) ? readFileSync(passwdPath, 'utf8') : '';
    const passwd = mosquittoPasswordFile(
      existing,
      { username: service, password: config.mqttServicePassword },
      devices.map(({ kind, id }) => deviceUsername(kind, id)),
    );
    // Written beside and renamed, so Mosquitto never reads half a file.
    for (const [name, text, mode] of [
      ['openyard.acl', acl, 0o644],
      ['openyard.passwd', passwd, 0o600],
    ] as const) {
      writeFileSync(join(folder, `${name}.new`), text, { mode });
      renameSync(join(folder, `${name}.new`), join(folder, name));
    }
    console.log(`Wrote ${folder}/openyard.acl and openyard.passwd for ${devices.length} devices`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 2 : 1);
});
