import { defineJob } from '../job';

// An archive run (spec 3 §4, docs/archive.md): the archive service moves what left the yard before
// the run's cut-off to the archive, batch by batch, telling its progress on the websocket.
export const archiveRunJob = defineJob({
  name: 'ArchiveRun',
  async run({ runId }, { services }) {
    await services.archive.runArchive(runId);
  },
});
