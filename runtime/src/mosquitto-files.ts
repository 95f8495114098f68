import { pbkdf2Sync, randomBytes } from 'node:crypto';

// Mosquitto 2's password file (`mosquitto_passwd`'s format): `user:$7$<iterations>$<salt>$<hash>`,
// PBKDF2-SHA512 of the password with a 12-byte salt, both base64. Openyard keeps only argon2 hashes
// of the devices' passwords, from which no Mosquitto hash can be made: the file keeps the device
// entries an operator added with `mosquitto_passwd` and gets the service account's entry from here.
const ITERATIONS = 101;

export function mosquittoPasswordLine(username: string, password: string, salt = randomBytes(12)): string {
  const hash = pbkdf2Sync(password, salt, ITERATIONS, 64, 'sha512');
  return `${username}:$7$${ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

// The password file anew: the service account's line, then the lines of `existing` whose user is
// one of `devices` (a removed device loses its entry; lines of other users are dropped).
export function mosquittoPasswordFile(
  existing: string,
  service: { username: string; password: string },
  devices: readonly string[],
): string {
  const keep = new Set(devices);
  const kept = existing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => {
      const user = line.slice(0, line.indexOf(':'));
      return line.includes(':') && user !== service.username && keep.has(user);
    });
  return `${[mosquittoPasswordLine(service.username, service.password), ...kept].join('\n')}\n`;
}
