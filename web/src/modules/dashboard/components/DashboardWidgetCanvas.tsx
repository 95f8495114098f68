import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { DashboardChartType, DashboardWidgetId } from '@openyard/contracts';
import { dashboardWidgets } from './dashboardWidgets';

// A widget drawn in the room its parent gives it (measured), at the scale `scaleOf` gives for that
// room: the widget lays itself out in the room divided by the scale and is then magnified as a whole
// (type, lines and bars alike), so that a wall display shows the dashboard's own widget in large
// type. Without it (the dashboard) the widget is drawn as it is.
export function DashboardWidgetCanvas({
  widget,
  chartType,
  scaleOf,
  controls,
}: {
  widget: DashboardWidgetId;
  chartType: DashboardChartType;
  scaleOf?: (width: number, height: number) => number;
  controls?: boolean;
}) {
  const Widget = dashboardWidgets[widget].component;
  const { ref, width, height } = useElementSize();
  const scale = scaleOf && width > 0 && height > 0 ? scaleOf(width, height) : 1;
  const room = { width: Math.floor(width / scale), height: Math.floor(height / scale) };
  const drawn = room.width > 0 && room.height > 0 && (
    <Widget chartType={chartType} width={room.width} height={room.height} controls={controls} />
  );
  return (
    <Box ref={ref} flex={1} mih={0} pos="relative">
      {scale === 1 ? (
        drawn
      ) : (
        <Box
          pos="absolute"
          top={0}
          left={0}
          w={room.width}
          h={room.height}
          style={{ transform: `scale(${scale})`, transformOrigin: 'top left' }}
          data-scale={scale}
        >
          {drawn}
        </Box>
      )}
    </Box>
  );
}
