import argon2 from 'argon2';

// argon2id with the OWASP minimum profile (19 MiB, 2 passes): ~20 ms a hash on this class of machine.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when a username does not exist keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('openyard-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
