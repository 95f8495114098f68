import type { DashboardWidgetId } from '@openyard/contracts';

// A dashboard widget's name in the wall's address: its id in lower case with dashes
// (`gateInOut` → `gate-in-out`, `containerAging` → `container-aging`).
export function wallTileIdOf(widget: DashboardWidgetId): string {
  return widget.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

// How much a dashboard widget is magnified on the wall: its figures laid out in about 420 × 200
// pixels (a dashboard widget's own size) and that drawn over the tile's room, from life size up to
// three times, in steps of a twentieth (a tile that changes size by a pixel keeps its scale).
export function wallWidgetScale(width: number, height: number): number {
  const fit = Math.min(width / 420, height / 200);
  return Math.min(3, Math.max(1, Math.floor(fit * 20) / 20));
}
