import { describe, expect, it } from 'vitest';
import { mapTileSources } from './map-tile-sources';

describe('map tile sources', () => {
  it('allow the origin of the tile template, a {s} subdomain as a wildcard', () => {
    expect(mapTileSources('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual(['https://*.tile.example.org']);
    expect(mapTileSources('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.jpg?key=abc')).toEqual(['http://127.0.0.1:8080']);
    expect(mapTileSources('HTTPS://Tiles.Example.org/{z}/{x}/{y}')).toEqual(['https://tiles.example.org']);
  });

  it('allow nothing when no tiles are configured or the host is a placeholder', () => {
    expect(mapTileSources('')).toEqual([]);
    expect(mapTileSources('https://{host}/{z}/{x}/{y}')).toEqual([]);
  });
});
