// Which field of the gate screen a reader's read fills (issue 15 "Tags from the gate's readers"):
// a GATEIN reader reads the boxes coming in (at an OUT gate, the box leaving), a GATEOUT reader
// the box leaving, a TRAILER reader the truck's trailer tag (in or out by the gate's type).
export type TagTarget = 'container' | 'exit' | 'trailer' | 'exitTrailer';

export function tagTargetOf(readerType: string, gateType: 'IN' | 'OUT'): TagTarget | null {
  switch (readerType.trim().toUpperCase()) {
    case 'GATEIN':
      return gateType === 'IN' ? 'container' : 'exit';
    case 'GATEOUT':
      return 'exit';
    case 'TRAILER':
      return gateType === 'IN' ? 'trailer' : 'exitTrailer';
    default:
      return null;
  }
}
