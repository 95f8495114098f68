// A record's or a report row's image path as the frame route serves it (frames/<gate>/<day>/<name>.jpg):
// the records list them with or without the prefix.
export function framePathOf(path: string): string {
  return path.startsWith('frames/') ? path : `frames/${path}`;
}
