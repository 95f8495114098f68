import { masterDataQueryKeys } from '../../../api/masterDataQueryKeys';
// One root so that a live resync or a change reloads every gate list of the screen at once.
export const gatesQueryKeys = {
  all: ['gates'] as const,
  gates: ['gates', 'gates'] as const,
  readers: ['gates', 'readers'] as const,
  unusedReaders: ['gates', 'unused-readers'] as const,
  readerTypes: masterDataQueryKeys.list('readerTypes'),
};
