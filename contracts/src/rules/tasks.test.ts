import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { joinSearchTerms, searchTerms } from './search-terms';
import { deliveryModesFor, locationsFor } from './task-types';
import {
  bulkTaskRowState,
  defaultTaskFor,
  futureTaskProblem,
  greatCircleKm,
  igmQueryProblem,
  inMachineQueue,
  itvTaskProblem,
  joinIdList,
  machineQueueOrder,
  nearestMachine,
  parseIdList,
  sameTaskKey,
  taskContainerNumber,
  taskLocationsOf,
  taskPageWindow,
  taskPlaceNames,
  taskProblem,
  taskSaveEnabled,
  taskStatusOf,
  transferProblem,
} from './tasks';

const complete = {
  containerNumber: 'MSCU1234565',
  taskType: 'Grounding',
  deliveryMode: 'Loaded',
  assignedToMachine: 'ALL',
  fromLocation: 'Trailer',
  toLocation: 'Import Zone',
};

describe('search terms', () => {
  it('travel joined by &* and come back as they were, empty ones left out', () => {
    const joined = joinSearchTerms(['MSCU', ' RS-1 ', '', 'Grounding']);
    expect(joined).toBe('MSCU&*RS-1&*Grounding');
    expect(searchTerms(joined)).toEqual(['MSCU', 'RS-1', 'Grounding']);
  });
});

describe('the container number a task saves', () => {
  it('is its first 11 characters, trimmed and in upper case', () => {
    expect(taskContainerNumber('  mscu1234565XYZ ')).toBe('MSCU1234565');
    expect(taskContainerNumber('ABC')).toBe('ABC');
  });
});

describe('task save (spec 3 §5)', () => {
  it('is enabled only when the six fields are filled', () => {
    expect(taskSaveEnabled(complete)).toBe(true);
    for (const field of Object.keys(complete) as (keyof typeof complete)[]) {
      expect(taskSaveEnabled({ ...complete, [field]: '' }), field).toBe(false);
      expect(taskSaveEnabled({ ...complete, [field]: '   ' }), field).toBe(false);
      expect(taskProblem({ ...complete, [field]: null }), field).toBe(messages.taskIncomplete);
    }
    expect(taskProblem(complete)).toBeNull();
  });

  it('lets weighbridge go without a delivery mode, and nothing else', () => {
    expect(taskProblem({ ...complete, taskType: 'Weighbridge', deliveryMode: '' })).toBeNull();
    expect(taskProblem({ ...complete, taskType: 'Others', deliveryMode: '' })).toBe(messages.taskIncomplete);
  });

  it('needs a slot title when the target is Slot', () => {
    expect(taskProblem({ ...complete, toLocation: 'Slot' })).toBe(messages.taskSlotTitleRequired);
    expect(taskProblem({ ...complete, toLocation: 'Slot', toLocationDetails: 'A_01_02_1' })).toBeNull();
  });

  it('keeps the task type rules table', () => {
    const exportLoading = {
      ...complete,
      taskType: 'Export Loading',
      deliveryMode: 'Export Out',
      toLocation: 'Trailer',
    };
    expect(taskProblem(exportLoading)).toBeNull();
    expect(taskProblem({ ...exportLoading, deliveryMode: 'Labour' })).toBe(messages.gateTaskTypeRule('Export Loading'));
    expect(taskProblem({ ...exportLoading, toLocation: 'Export Zone' })).toBe(
      messages.gateTaskTypeRule('Export Loading'),
    );
    const emptyLoading = { ...complete, taskType: 'empty loading', deliveryMode: 'Empty Out', toLocation: 'Trailer' };
    expect(taskProblem(emptyLoading)).toBeNull();
    expect(taskProblem({ ...emptyLoading, deliveryMode: 'Export Out' })).not.toBeNull();
    const placement = { ...complete, taskType: 'Empty Placement', deliveryMode: 'Crane', toLocation: 'Chasis 2' };
    expect(taskProblem(placement)).toBeNull();
    expect(taskProblem({ ...placement, toLocation: 'Export Zone' })).toBeNull();
    expect(taskProblem({ ...placement, toLocation: 'Import Zone' })).not.toBeNull();
    expect(taskProblem({ ...placement, deliveryMode: 'Loaded' })).not.toBeNull();
    const lcl = { ...complete, taskType: 'LCL Placement', deliveryMode: 'Manual', toLocation: 'LCL Shed' };
    expect(taskProblem(lcl)).toBeNull();
    expect(taskProblem({ ...lcl, toLocation: 'Chasis 1' })).toBeNull();
    expect(taskProblem({ ...lcl, toLocation: 'Export Zone' })).not.toBeNull();
    expect(taskProblem({ ...complete, taskType: 'Weighbridge', deliveryMode: 'Crane' })).not.toBeNull();
    // Others: every mode, every location.
    expect(
      taskProblem({ ...complete, taskType: 'Examination', deliveryMode: 'Crane', toLocation: 'Anywhere' }),
    ).toBeNull();
    expect(deliveryModesFor('Empty Placement', ['Loaded'])).toEqual(['Labour', 'ForkLift', 'Crane', 'Manual']);
    expect(locationsFor('Empty Placement', ['Chasis 10', 'Import Zone', 'Chasis 2', 'Export Zone'])).toEqual([
      'Export Zone',
      'Chasis 2',
      'Chasis 10',
    ]);
  });

  it('offers Trailer, Slot and the yard locations (zones, then task places) as places, each once', () => {
    const drawn = [
      { name: 'Export Zone', type: 'TASK_TO_LOCATION' },
      { name: 'South Stacks', type: 'YARD_ZONE' },
      { name: ' LCL Shed ', type: 'TASK_TO_LOCATION' },
      { name: 'North Stacks', type: 'YARD_ZONE' },
      { name: 'Quay', type: 'OTHER' },
    ];
    expect(taskPlaceNames(drawn)).toEqual(['South Stacks', 'North Stacks', 'Export Zone', ' LCL Shed ']);
    expect(taskLocationsOf(taskPlaceNames(drawn))).toEqual([
      'Trailer',
      'Slot',
      'South Stacks',
      'North Stacks',
      'Export Zone',
      'LCL Shed',
    ]);
  });

  it('skips bulk rows with nothing filled, and tells incomplete from complete ones', () => {
    expect(bulkTaskRowState({ assignedToMachine: 'ALL' })).toBe('empty');
    expect(bulkTaskRowState({ containerNumber: 'MSCU1234565', assignedToMachine: 'ALL' })).toBe('incomplete');
    expect(bulkTaskRowState(complete)).toBe('complete');
  });
});

describe('the IGM tab and future tasks', () => {
  it('needs a colon in the IGM query', () => {
    expect(igmQueryProblem('IGM123')).toBe(messages.taskIgmQueryNeedsColon);
    expect(igmQueryProblem('IGM123:4')).toBeNull();
  });

  it('takes 4 letters and 7 digits, with the spec messages (spec 1 §5)', () => {
    expect(futureTaskProblem({ ...complete, containerNumber: 'MSCU1234565' })).toBeNull();
    for (const number of ['MSC1234565', 'mscu1234565', 'MSCU123456', 'MSCU12345655', 'MSCUX234565'])
      expect(futureTaskProblem({ ...complete, containerNumber: number }), number).toBe(
        messages.futureTaskNumberInvalid,
      );
    expect(futureTaskProblem({ ...complete, deliveryMode: '' })).toBe(messages.futureTaskDataInvalid);
    expect(messages.futureTaskNumberInvalid).toBe(
      'The container number you provided is not valid, please try again with an accurate container number.',
    );
  });
});

describe('ITV tasks (spec 3 §5)', () => {
  it('need containerNumber, taskType, trailer, fromLocation and toLocation', () => {
    const itv = {
      containerNumber: 'MSCU1234565',
      taskType: 'Shifting',
      trailer: 'TR-1',
      fromLocation: 'A',
      toLocation: 'B',
    };
    expect(itvTaskProblem(itv)).toBeNull();
    for (const field of Object.keys(itv) as (keyof typeof itv)[])
      expect(itvTaskProblem({ ...itv, [field]: ' ' }), field).toBe(messages.itvTaskIncomplete);
  });
});

describe('the duplicate check key', () => {
  it('is type, number, from and to, without case, on the saved number', () => {
    const a = { containerNumber: 'mscu1234565x', taskType: 'Grounding', fromLocation: 'Trailer', toLocation: 'A' };
    expect(sameTaskKey(a)).toBe(
      sameTaskKey({ containerNumber: 'MSCU1234565', taskType: 'grounding', fromLocation: 'trailer', toLocation: 'a' }),
    );
    expect(sameTaskKey(a)).not.toBe(sameTaskKey({ ...a, toLocation: 'B' }));
    expect(sameTaskKey(a)).not.toBe(sameTaskKey({ ...a, taskType: 'Offloading' }));
  });
});

describe('defaults (spec 3 §5 Defaults and selection)', () => {
  it('sends a planned container, or one with no location, Offloading from Trailer to its slot', () => {
    expect(defaultTaskFor({ planned: true, location: 'A_01_02_1' })).toEqual({
      taskType: 'Offloading',
      fromLocation: 'Trailer',
      toLocation: 'Slot',
      toLocationDetails: 'A_01_02_1',
    });
    expect(defaultTaskFor({ planned: false, location: null })).toEqual({
      taskType: 'Offloading',
      fromLocation: 'Trailer',
      toLocation: null,
      toLocationDetails: null,
    });
  });

  it('starts from the current location otherwise', () => {
    expect(defaultTaskFor({ planned: false, location: 'B_02_03_2' })).toEqual({
      taskType: null,
      fromLocation: 'B_02_03_2',
      toLocation: null,
      toLocationDetails: null,
    });
  });
});

describe('the nearest machine', () => {
  it('measures great circles on a 6,371 km sphere', () => {
    // A quarter of the equator.
    expect(greatCircleKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(
      (Math.PI / 2) * 6371,
      6,
    );
    // One degree of latitude is 111.19 km on that sphere.
    expect(greatCircleKm({ latitude: 10, longitude: 20 }, { latitude: 11, longitude: 20 })).toBeCloseTo(111.195, 2);
    expect(greatCircleKm({ latitude: 1, longitude: 2 }, { latitude: 1, longitude: 2 })).toBe(0);
  });

  it('skips broken-down machines and machines with no position, else ALL', () => {
    const box = { latitude: 19.0, longitude: 72.9 };
    const machines = [
      { machineName: 'RS-1', machineStatus: 'Working', position: { latitude: 19.01, longitude: 72.9 } },
      { machineName: 'RS-2', machineStatus: 'Break-Down', position: { latitude: 19.0001, longitude: 72.9 } },
      { machineName: 'RS-3', machineStatus: 'Idle', position: { latitude: 19.002, longitude: 72.9 } },
      { machineName: 'RS-4', machineStatus: 'Working', position: null },
    ];
    expect(nearestMachine(box, machines)).toBe('RS-3');
    expect(nearestMachine(box, machines.slice(1, 2))).toBe('ALL');
    expect(nearestMachine(box, [])).toBe('ALL');
    expect(nearestMachine(null, machines)).toBe('ALL');
    expect(nearestMachine(box, [{ ...machines[1]!, machineStatus: 'break-down' }])).toBe('ALL');
  });
});

describe('moving tasks (spec 3 §5)', () => {
  it('refuses a target that is a task’s own machine', () => {
    expect(transferProblem([{ assignedToMachine: 'RS-1' }, { assignedToMachine: 'ALL' }], 'rs-1')).toBe(
      messages.taskSameMachine,
    );
    expect(transferProblem([{ assignedToMachine: 'RS-1' }], 'RS-2')).toBeNull();
    expect(transferProblem([{ assignedToMachine: 'ALL' }], 'ALL')).toBe(messages.taskSameMachine);
  });
});

describe('list windows and id lists', () => {
  it('reads skip -1 and limit -1 as all', () => {
    expect(taskPageWindow(-1, 15)).toEqual({ offset: 0, limit: null });
    expect(taskPageWindow(30, -1)).toEqual({ offset: 0, limit: null });
    expect(taskPageWindow(30, 15)).toEqual({ offset: 30, limit: 15 });
    expect(taskPageWindow(undefined, undefined)).toEqual({ offset: 0, limit: null });
  });

  it('joins and parses comma-joined ids, each once', () => {
    expect(joinIdList([3, 1, 2])).toBe('3,1,2');
    expect(parseIdList('3,1,3, 2')).toEqual([3, 1, 2]);
    expect(parseIdList('0,x,4')).toEqual([4]);
  });
});

describe('task status and the machine queue', () => {
  const task = (over: Partial<Parameters<typeof machineQueueOrder>[0]> & { completionDate?: number | null } = {}) => ({
    taskId: 1,
    startedAt: null,
    onPriority: false,
    assignedToMachine: 'RS-1',
    generationDate: 1000,
    completionDate: null,
    ...over,
  });

  it('reads completed, problem, started and pending', () => {
    expect(taskStatusOf({ completionDate: 5, startedAt: 4, problem: 'x' })).toBe('completed');
    expect(taskStatusOf({ completionDate: null, startedAt: 4, problem: 'x' })).toBe('problem');
    expect(taskStatusOf({ completionDate: null, startedAt: 4, problem: null })).toBe('started');
    expect(taskStatusOf({ completionDate: null, startedAt: null, problem: null })).toBe('pending');
  });

  it('holds the machine’s open tasks and ALL’s', () => {
    expect(inMachineQueue(task(), 'rs-1')).toBe(true);
    expect(inMachineQueue(task({ assignedToMachine: 'ALL' }), 'RS-1')).toBe(true);
    expect(inMachineQueue(task({ assignedToMachine: 'RS-2' }), 'RS-1')).toBe(false);
    expect(inMachineQueue(task({ completionDate: 5 }), 'RS-1')).toBe(false);
  });

  it('orders started, then priority, then own before ALL, then oldest', () => {
    const list = [
      task({ taskId: 1, generationDate: 1, assignedToMachine: 'ALL' }),
      task({ taskId: 2, generationDate: 2 }),
      task({ taskId: 3, generationDate: 3, onPriority: true }),
      task({ taskId: 4, generationDate: 4, startedAt: 10 }),
      task({ taskId: 5, generationDate: 0 }),
    ];
    expect([...list].sort(machineQueueOrder).map((item) => item.taskId)).toEqual([4, 3, 5, 2, 1]);
  });
});
