// Raster tiles (z/x/y, Web Mercator) covering a map view, for the satellite tab's basemap.
export interface MapTile {
  key: string;
  url: string;
  bounds: [west: number, south: number, east: number, north: number];
}

const MAX_TILES = 64;
const MAX_ZOOM = 19;

const longitudeOf = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const latitudeOf = (y: number, z: number) => {
  const n = Math.PI - (2 * Math.PI * y) / 2 ** z;
  return (180 / Math.PI) * Math.atan(0.5 * (Math.exp(n) - Math.exp(-n)));
};
const tileX = (longitude: number, z: number) => Math.floor(((longitude + 180) / 360) * 2 ** z);
const tileY = (latitude: number, z: number) => {
  const radians = (latitude * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(radians) + 1 / Math.cos(radians)) / Math.PI) / 2) * 2 ** z);
};

// `template` holds {z}, {x} and {y} (and optionally {s}, a subdomain).
export function mapTiles(
  template: string,
  bounds: [west: number, south: number, east: number, north: number],
  zoom: number,
): MapTile[] {
  const z = Math.max(0, Math.min(MAX_ZOOM, Math.round(zoom)));
  const last = 2 ** z - 1;
  const clamp = (value: number) => Math.max(0, Math.min(last, value));
  const [west, south, east, north] = bounds;
  const x0 = clamp(tileX(west, z));
  const x1 = clamp(tileX(east, z));
  const y0 = clamp(tileY(north, z));
  const y1 = clamp(tileY(south, z));
  const tiles: MapTile[] = [];
  for (let x = x0; x <= x1; x++) {
    for (let y = y0; y <= y1; y++) {
      if (tiles.length >= MAX_TILES) return tiles;
      tiles.push({
        key: `${z}/${x}/${y}`,
        url: template
          .replace('{z}', String(z))
          .replace('{x}', String(x))
          .replace('{y}', String(y))
          .replace('{s}', 'abc'[(x + y) % 3]!),
        bounds: [longitudeOf(x, z), latitudeOf(y + 1, z), longitudeOf(x + 1, z), latitudeOf(y, z)],
      });
    }
  }
  return tiles;
}
