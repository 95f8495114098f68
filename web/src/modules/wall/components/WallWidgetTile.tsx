import type { CSSProperties } from 'react';
import { WIDGET_CHART_TYPES, type DashboardWidgetId } from '@openyard/contracts';
import { DashboardWidgetCanvas, dashboardWidgets, useDashboardWidgetAsOf } from '../../dashboard';
import { wallTileIdOf, wallWidgetScale } from '../utils/wallWidgetTiles';
import { WallTileFrame } from './WallTileFrame';

// Wall colours for the widgets' axes, legends and notes, which the dashboard draws in the theme's
// greys: lighter on the wall, for a room's distance (the dashboard itself keeps its look).
const WALL_WIDGET_COLOURS = {
  '--mantine-color-dark-0': '#f8f9fa',
  '--mantine-color-dark-1': '#e9ecef',
  '--mantine-color-dark-2': '#ced4da',
  '--mantine-color-dimmed': '#adb5bd',
} as CSSProperties;

// A dashboard widget on the wall: the dashboard's own widget (its registry's component, its data and
// chart), magnified to the tile, in the chart type the address asks for (`?tiles=customer-inventory:pie`)
// or else its first, without its choices (nobody clicks a wall). Kept live by the wall's one
// useDashboardLive; `data-live-at` is when its figures were read.
export function WallWidgetTile({ widget, variant }: { widget: DashboardWidgetId; variant?: string }) {
  const asOf = useDashboardWidgetAsOf(widget);
  const chartTypes = WIDGET_CHART_TYPES[widget];
  const chartType = chartTypes.find((type) => type === variant) ?? chartTypes[0]!;
  return (
    <WallTileFrame title={dashboardWidgets[widget].title} testId={`wall-tile-${wallTileIdOf(widget)}`} liveAt={asOf}>
      <div style={{ ...WALL_WIDGET_COLOURS, display: 'flex', flexDirection: 'column', height: '100%' }}>
        <DashboardWidgetCanvas widget={widget} chartType={chartType} scaleOf={wallWidgetScale} controls={false} />
      </div>
    </WallTileFrame>
  );
}
