// One search of the containers screen: what its closable tab shows. `texts` are sent joined with
// '&*' (every text must match); the dates bound the gate-in date (epoch ms).
export interface ContainerSearch {
  id: string;
  texts: string[];
  fromDate: number;
  toDate: number;
}
