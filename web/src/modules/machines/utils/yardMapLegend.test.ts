import { describe, expect, it } from 'vitest';
import type { YardMapPrintObject } from '@openyard/contracts';
import { yardMapLegend } from './yardMapLegend';

describe('the printed legend', () => {
  it('says for each label what the machine is, its colour and when it last sent data, in the yard’s zone', () => {
    const print: YardMapPrintObject = {
      imageName: 'machines-yard-map-2026-11-27-101500.png',
      title: 'Machines on the yard map',
      printedAt: 0,
      areas: [],
      dataprovider: [
        {
          machineId: 1,
          label: 'A',
          markerImageName: 'marker-green',
          machineName: 'RS-01',
          machineTypeName: 'Reach-Stacker',
          machineStatusName: 'Working',
          statusColour: 'green',
          lastDataReceivedTime: Date.UTC(2026, 10, 27, 4, 45, 0),
          position: { latitude: 18.95, longitude: 72.95 },
        },
        {
          machineId: 2,
          label: 'B',
          markerImageName: 'marker-grey',
          machineName: 'FL-01',
          machineTypeName: 'Fork-Lift',
          machineStatusName: 'Working',
          statusColour: 'grey',
          lastDataReceivedTime: null,
          position: null,
        },
      ],
    };
    expect(yardMapLegend(print, 'Asia/Kolkata')).toEqual([
      {
        label: 'A',
        colour: 'green',
        text: 'RS-01 · Reach-Stacker · Working · Data within 5 minutes · last data 2026-11-27 10:15:00',
      },
      {
        label: 'B',
        colour: 'grey',
        text: 'FL-01 · Fork-Lift · Working · No data yet · no position',
      },
    ]);
  });
});
