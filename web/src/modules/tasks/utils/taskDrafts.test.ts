import { describe, expect, it } from 'vitest';
import { ALL_MACHINES, taskLocationsOf, taskProblem } from '@openyard/contracts';
import { draftForContainer } from './draftForContainer';
import { taskInputOf } from './taskInputOf';
import { emptyTaskDraft } from './TaskFormDraft';
import { withTaskType } from './withTaskType';

const modes = ['Export Out', 'Empty Out', 'Labour', 'ForkLift', 'Crane', 'Manual', 'Loaded', 'Crane de-stuff'];
const locations = taskLocationsOf(['Export Zone', 'Import Zone', 'LCL Shed', 'Chasis 10', 'Chasis 2', 'Export Zone']);

describe('the locations a task offers', () => {
  it('are Trailer, Slot and the yard zones, each once', () => {
    expect(locations).toEqual(['Trailer', 'Slot', 'Export Zone', 'Import Zone', 'LCL Shed', 'Chasis 10', 'Chasis 2']);
  });
});

describe('choosing a task type (spec 3 §5 task type rules)', () => {
  it('export loading: mode Export Out and the trailer, nothing else', () => {
    const draft = withTaskType(
      { ...emptyTaskDraft('MSCU1234565'), deliveryMode: 'Crane', toLocation: 'Export Zone' },
      'Export Loading',
      modes,
      locations,
    );
    expect(draft).toMatchObject({ taskType: 'Export Loading', deliveryMode: 'Export Out', toLocation: 'Trailer' });
  });

  it('empty placement keeps an allowed mode and target, clears what the type refuses', () => {
    const kept = withTaskType(
      { ...emptyTaskDraft(), deliveryMode: 'Crane', toLocation: 'Chasis 2' },
      'Empty Placement',
      modes,
      locations,
    );
    expect(kept).toMatchObject({ deliveryMode: 'Crane', toLocation: 'Chasis 2' });
    const cleared = withTaskType(
      { ...emptyTaskDraft(), deliveryMode: 'Loaded', toLocation: 'Slot', toLocationDetails: 'A_01_01_1' },
      'Empty Placement',
      modes,
      locations,
    );
    expect(cleared).toMatchObject({ deliveryMode: '', toLocation: '', toLocationDetails: '' });
  });

  it('others allow every mode and location', () => {
    const draft = withTaskType(
      { ...emptyTaskDraft(), deliveryMode: 'Crane de-stuff', toLocation: 'Import Zone' },
      'Others',
      modes,
      locations,
    );
    expect(draft).toMatchObject({ deliveryMode: 'Crane de-stuff', toLocation: 'Import Zone' });
  });
});

describe('the form once a container is chosen (spec 3 §5 defaults)', () => {
  it('a planned container goes Offloading, Loaded, from Trailer to its slot, on the given machine', () => {
    const draft = draftForContainer(
      emptyTaskDraft(),
      { containerId: 7, containerNumber: 'MSCU1234565', planned: true, location: 'B_02_03_1' },
      'RS-02',
      modes,
      locations,
    );
    expect(draft).toMatchObject({
      containerId: 7,
      taskType: 'Offloading',
      deliveryMode: 'Loaded',
      fromLocation: 'Trailer',
      toLocation: 'Slot',
      toLocationDetails: 'B_02_03_1',
      assignedToMachine: 'RS-02',
    });
    expect(taskProblem(draft)).toBeNull();
  });

  it('a container without a location goes Offloading from Trailer, the target to be chosen', () => {
    const draft = draftForContainer(
      emptyTaskDraft(),
      { containerId: 8, containerNumber: 'MSCU1234565', planned: false, location: null },
      ALL_MACHINES,
      modes,
      locations,
    );
    expect(draft).toMatchObject({ taskType: 'Offloading', fromLocation: 'Trailer', toLocation: '' });
  });

  it('a container in the yard starts from its slot and keeps the type chosen', () => {
    const draft = draftForContainer(
      { ...emptyTaskDraft(), taskType: 'Export Loading' },
      { containerId: 9, containerNumber: 'MSCU1234565', planned: false, location: 'C_01_04_2' },
      'RS-01',
      modes,
      locations,
    );
    expect(draft).toMatchObject({
      taskType: 'Export Loading',
      deliveryMode: 'Export Out',
      fromLocation: 'C_01_04_2',
      toLocation: 'Trailer',
    });
  });
});

describe('what a form sends', () => {
  it('saves the first 11 characters of the number, upper case, and blanks as null', () => {
    const input = taskInputOf({ ...emptyTaskDraft(' mscu1234565xyz '), taskType: 'Others', deliveryMode: 'Crane' });
    expect(input.containerNumber).toBe('MSCU1234565');
    expect(input.fromLocation).toBeNull();
    expect(input).not.toHaveProperty('taskId');
    expect(taskInputOf({ ...emptyTaskDraft('X'), taskId: 4 }).taskId).toBe(4);
  });
});
