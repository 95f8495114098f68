import { describe, expect, it } from 'vitest';
import { isFramePath } from '../ocr';
import { mayWatchTopic } from './live-topics';
import { defaultPermissions, systemRoleOf } from './permissions';

// The seeded role of this name (a name that is none of them: a role an admin created).
const system = (name: string) => systemRoleOf({ name, adminCreated: false });

const as = (role: string) => ({
  role,
  systemRole: system(role),
  landingPage: '/gate',
  permissions: defaultPermissions(system(role)),
});

describe('the OCR queue topic', () => {
  it('is for the users of the gate screens, one gate per topic', () => {
    expect(mayWatchTopic(as('gatein'), 'ocr:3')).toBe(true);
    expect(mayWatchTopic(as('gateout'), 'ocr:12')).toBe(true);
    expect(mayWatchTopic(as('operator'), 'ocr:3')).toBe(false);
    for (const topic of ['ocr', 'ocr:', 'ocr:0', 'ocr:abc', 'ocr:3:4', 'ocr:-1'])
      expect(mayWatchTopic(as('superadmin'), topic), topic).toBe(false);
  });
});

describe('frame image paths', () => {
  it('admit stored frames only', () => {
    expect(isFramePath('frames/3/2026-11-22/Front-0123456789abcdef01234567.jpg')).toBe(true);
    for (const path of [
      'frames/../jwt-secret',
      'frames/3/2026-11-22/../../../jwt-secret',
      'frames/3/2026-11-22/a.jpg/../b.jpg',
      'frames/0/2026-11-22/a.jpg',
      'frames/3/2026-11-22/a.png',
      '/frames/3/2026-11-22/a.jpg',
      'exports/3/2026-11-22/a.jpg',
    ])
      expect(isFramePath(path), path).toBe(false);
  });
});
