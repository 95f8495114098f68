import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Paper, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconArrowsMaximize, IconArrowsMinimize, IconMaximize, IconMinimize, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { WIDGET_CHART_TYPES, type DashboardChartType, type DashboardWidgetId } from '@openyard/contracts';
import { dashboardQueryKeys } from '../utils/dashboardQueryKeys';
import { DashboardWidgetCanvas } from './DashboardWidgetCanvas';
import { dashboardWidgets } from './dashboardWidgets';

// The class of a widget's title bar: the grid drags widgets by it only.
export const WIDGET_DRAG_HANDLE = 'dashboard-widget-handle';

const CHART_LABELS: Record<DashboardChartType, string> = { column: 'Column', line: 'Line', pie: 'Pie' };

// A widget in its frame (spec 1 §4 Dashboard widget: normal, maximised or full screen): the title
// to drag it by, the chart types it has, refresh, maximise and full screen; the widget gets the
// room left below.
export function DashboardWidgetFrame({
  widget,
  chartType,
  onChartType,
  maximised,
  onMaximise,
}: {
  widget: DashboardWidgetId;
  chartType: DashboardChartType;
  onChartType?: (chartType: DashboardChartType) => void;
  maximised?: boolean;
  onMaximise?: (maximised: boolean) => void;
}) {
  const definition = dashboardWidgets[widget];
  const queryClient = useQueryClient();
  const frame = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const changed = () =>
      setFullScreen(document.fullscreenElement !== null && document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggleFullScreen = () => {
    if (fullScreen) void document.exitFullscreen();
    else void frame.current?.requestFullscreen();
  };
  const chartTypes = WIDGET_CHART_TYPES[widget];
  const mode = fullScreen ? 'fullscreen' : maximised ? 'maximised' : 'normal';
  return (
    <Paper
      ref={frame}
      withBorder
      p={6}
      h="100%"
      bg="dark.7"
      style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
      data-testid={`dashboard-widget-${widget}`}
      data-mode={mode}
      data-chart-type={chartType}
    >
      <Group gap={4} wrap="nowrap" mb={4}>
        <Text
          className={WIDGET_DRAG_HANDLE}
          size="sm"
          fw={600}
          truncate
          flex={1}
          style={{ cursor: maximised || fullScreen ? 'default' : 'move' }}
          data-testid={`dashboard-widget-${widget}-title`}
        >
          {definition.title}
        </Text>
        {chartTypes.length > 1 && onChartType && (
          <SegmentedControl
            size="xs"
            value={chartType}
            onChange={(value) => onChartType(value as DashboardChartType)}
            data={chartTypes.map((value) => ({ value, label: CHART_LABELS[value] }))}
            data-testid={`dashboard-widget-${widget}-chart-type`}
          />
        )}
        <Tooltip label="Refresh">
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label="Refresh"
            onClick={() => void queryClient.invalidateQueries({ queryKey: dashboardQueryKeys.widget(widget) })}
            data-testid={`dashboard-widget-${widget}-refresh`}
          >
            <IconRefresh size={15} />
          </ActionIcon>
        </Tooltip>
        {onMaximise && !fullScreen && (
          <Tooltip label={maximised ? 'Restore' : 'Maximise'}>
            <ActionIcon
              variant="subtle"
              size="sm"
              aria-label={maximised ? 'Restore' : 'Maximise'}
              onClick={() => onMaximise(!maximised)}
              data-testid={`dashboard-widget-${widget}-maximise`}
            >
              {maximised ? <IconArrowsMinimize size={15} /> : <IconArrowsMaximize size={15} />}
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={fullScreen ? 'Leave full screen' : 'Full screen'}>
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={fullScreen ? 'Leave full screen' : 'Full screen'}
            onClick={toggleFullScreen}
            data-testid={`dashboard-widget-${widget}-fullscreen`}
          >
            {fullScreen ? <IconMinimize size={15} /> : <IconMaximize size={15} />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <DashboardWidgetCanvas widget={widget} chartType={chartType} />
    </Paper>
  );
}
