import { useState } from 'react';
import { Stack } from '@mantine/core';
import ReactGridLayout, { useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { DASHBOARD_GRID, type DashboardLayoutItem, type DashboardWidgetId } from '@openyard/contracts';
import { LiveUnavailableNotice } from '../../../live/components/LiveUnavailableNotice';
import { ListState } from '../../../ui/ListState';
import { errorMessageOf } from '../../../ui/errorMessageOf';
import { useDashboardLayout } from '../hooks/useDashboardLayout';
import { useDashboardLive } from '../hooks/useDashboardLive';
import { chartTypeOf, fromGridItems, layoutToShow, sameLayout, toGridItems, withChartType } from '../utils/gridLayout';
import { DashboardWidgetFrame, WIDGET_DRAG_HANDLE } from './DashboardWidgetFrame';

const MAXIMISED = 'dashboard-item-maximised';
// A maximised widget covers the screen region (below the header, beside the side menu) without
// being mounted again, so it keeps what it shows (a month opened, a grouping chosen).
const DASHBOARD_CSS = `
.react-grid-item.${MAXIMISED} {
  position: fixed !important;
  top: calc(var(--app-shell-header-offset, 52px) + 12px) !important;
  left: calc(var(--app-shell-navbar-offset, 0px) + 12px) !important;
  right: 12px !important;
  bottom: 12px !important;
  width: auto !important;
  height: auto !important;
  transform: none !important;
  z-index: 150;
}
.react-grid-item.react-grid-placeholder { background: var(--mantine-color-harbour-8); }
`;

// /dashboard (spec 1 §2 Dashboard): the widgets of the registry on a grid the user arranges by
// dragging titles and resizing corners; the arrangement and each widget's chart type are kept per
// user on the server. Figures follow the yard live (useDashboardLive), without polling.
export function DashboardPage() {
  const { layout, save } = useDashboardLayout();
  const liveRefusal = useDashboardLive();
  const [edited, setEdited] = useState<DashboardLayoutItem[] | null>(null);
  const [maximised, setMaximised] = useState<DashboardWidgetId | null>(null);
  const { width, containerRef, mounted } = useContainerWidth();
  const items = edited ?? (layout.data ? layoutToShow(layout.data.layout) : null);

  const commit = (next: DashboardLayoutItem[]) => {
    if (items && sameLayout(next, items)) return;
    setEdited(next);
    save.mutate({ items: next });
  };
  const arranged = (grid: Layout) => {
    if (items) commit(fromGridItems(grid, items));
  };

  return (
    <Stack gap="xs" data-testid="dashboard-page">
      <style>{DASHBOARD_CSS}</style>
      <LiveUnavailableNotice refusal={liveRefusal} />
      <ListState
        loading={layout.isPending}
        error={layout.error ? errorMessageOf(layout.error) : null}
        count={items ? 1 : 0}
        onRetry={() => void layout.refetch()}
        testId="dashboard-layout"
      />
      <div ref={containerRef}>
        {mounted && items && (
          <ReactGridLayout
            width={width}
            layout={toGridItems(items)}
            gridConfig={{
              cols: DASHBOARD_GRID.columns,
              rowHeight: DASHBOARD_GRID.rowHeight,
              margin: [DASHBOARD_GRID.margin, DASHBOARD_GRID.margin],
              maxRows: DASHBOARD_GRID.maxRows,
            }}
            dragConfig={{ enabled: maximised === null, handle: `.${WIDGET_DRAG_HANDLE}` }}
            resizeConfig={{ enabled: maximised === null, handles: ['se'] }}
            compactor={verticalCompactor}
            onDragStop={arranged}
            onResizeStop={arranged}
          >
            {items.map((item) => (
              <div
                key={item.widget}
                className={maximised === item.widget ? MAXIMISED : undefined}
                data-testid={`dashboard-item-${item.widget}`}
              >
                <DashboardWidgetFrame
                  widget={item.widget}
                  chartType={chartTypeOf(items, item.widget)}
                  onChartType={(chartType) => commit(withChartType(items, item.widget, chartType))}
                  maximised={maximised === item.widget}
                  onMaximise={(on) => setMaximised(on ? item.widget : null)}
                />
              </div>
            ))}
          </ReactGridLayout>
        )}
      </div>
    </Stack>
  );
}
