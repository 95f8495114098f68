import { parentPort, workerData } from 'node:worker_threads';
import { runClosed, runPaced, type LoadPlan } from './paced';

// A load's thread (see pacedLoad and closedLoad): runs the plan it was given and posts the figures.
const load = workerData as LoadPlan;
parentPort!.postMessage(load.kind === 'paced' ? await runPaced(load.plan) : await runClosed(load.plan));
