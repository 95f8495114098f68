// The Content-Security-Policy sources the satellite basemap needs: the origin of the tile URL
// template (MAP_TILE_URL), with a {s} subdomain written as a wildcard. None when no tiles are set.
export function mapTileSources(template: string): string[] {
  if (!template) return [];
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!match) return [];
  const host = match[2]!.replace(/\{s\}/g, '*');
  if (/[{}]/.test(host)) return [];
  return [`${match[1]!.toLowerCase()}://${host.toLowerCase()}`];
}
