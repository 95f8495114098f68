import { describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGET_IDS } from '@openyard/contracts';
import { wallTileIdOf, wallWidgetScale } from './wallWidgetTiles';

describe('wallTileIdOf', () => {
  it('names each widget in lower case with dashes, each once', () => {
    expect(wallTileIdOf('gateInOut')).toBe('gate-in-out');
    expect(wallTileIdOf('containerAging')).toBe('container-aging');
    const ids = DASHBOARD_WIDGET_IDS.map(wallTileIdOf);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toBe(id.toLowerCase());
  });
});

describe('wallWidgetScale', () => {
  it('magnifies a widget to its tile, between life size and three times', () => {
    // Four tiles on 1920 × 1080.
    expect(wallWidgetScale(920, 420)).toBe(2.1);
    // One tile alone.
    expect(wallWidgetScale(1880, 960)).toBe(3);
    // A small tile stays life size.
    expect(wallWidgetScale(300, 150)).toBe(1);
  });
});
