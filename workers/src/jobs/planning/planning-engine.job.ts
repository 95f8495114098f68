import { defineJob } from '../job';

// A planning engine run (issue 19): the planning service places the run's queued containers, tells
// its progress on the websocket and stores the result (applied as a plan when asked).
export const planningEngineJob = defineJob({
  name: 'PlanningEngine',
  async run({ runId }, { services }) {
    await services.planning.runEngine(runId);
  },
});
