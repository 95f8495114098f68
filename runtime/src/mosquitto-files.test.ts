import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mosquittoPasswordFile, mosquittoPasswordLine } from './mosquitto-files';

describe('the Mosquitto password file', () => {
  it('writes a line in mosquitto_passwd format whose hash is PBKDF2-SHA512 of the password', () => {
    const line = mosquittoPasswordLine('openyard-service', 's3cret', Buffer.alloc(12, 7));
    const [user, hash] = line.split(':');
    expect(user).toBe('openyard-service');
    const [, scheme, iterations, salt, digest] = hash!.split('$');
    expect([scheme, iterations]).toEqual(['7', '101']);
    expect(Buffer.from(salt!, 'base64')).toEqual(Buffer.alloc(12, 7));
    expect(digest).toBe(pbkdf2Sync('s3cret', Buffer.alloc(12, 7), 101, 64, 'sha512').toString('base64'));
  });

  it('keeps the entries of devices that exist, replaces the service entry and drops the rest', () => {
    const existing = ['openyard-service:$7$101$old$old', 'reader-1:$7$101$a$b', 'machine-9:$7$101$c$d', ''].join('\n');
    const file = mosquittoPasswordFile(existing, { username: 'openyard-service', password: 'new' }, [
      'reader-1',
      'camera-2',
    ]);
    const lines = file.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^openyard-service:\$7\$101\$/);
    expect(lines[0]).not.toContain('$old');
    expect(lines[1]).toBe('reader-1:$7$101$a$b');
  });
});
