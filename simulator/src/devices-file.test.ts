import { describe, expect, it } from 'vitest';
import { parseDevicesFile } from './devices-file';

describe('devices file', () => {
  it('reads the file the server writes in demo mode', () => {
    const devices = parseDevicesFile({
      readers: [
        { id: 12, gateId: 1, username: 'reader-12', password: 'a' },
        { id: 13, gateId: 1, username: 'reader-13', password: 'b', silent: true },
        { id: 14, gateId: null, username: 'reader-14', password: 'e' },
      ],
      cameras: [{ gateId: 1, username: 'camera-1', password: 'c', cameras: ['Front', 'Rear'] }],
      machines: [{ id: 3, username: 'machine-3', password: 'd' }],
    });
    expect(devices.readers[1]).toEqual({ id: 13, gateId: 1, username: 'reader-13', password: 'b', silent: true });
    expect(devices.cameras[0]!.cameras).toEqual(['Front', 'Rear']);
    expect(devices.readers[2]!.gateId).toBeNull();
    expect(devices.itvs).toEqual([]);
  });

  it('says what is wrong and where', () => {
    expect(() => parseDevicesFile([])).toThrow('the file must be an object');
    expect(() => parseDevicesFile({ readers: [{ id: 0, gateId: 1, username: 'r', password: 'p' }] })).toThrow(
      'readers[0].id must be a positive integer',
    );
    expect(() => parseDevicesFile({ machines: [{ id: 1, username: 'machine-1' }] })).toThrow(
      'machines[0].password must be a non-empty string',
    );
    expect(() =>
      parseDevicesFile({ cameras: [{ gateId: 1, username: 'c', password: 'p', cameras: ['Roof'] }] }),
    ).toThrow('cameras[0].cameras: "Roof" is not one of Front, Rear, Top, Side1, Side2');
  });
});
