import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Box, Text } from '@mantine/core';
import type { Rule } from '@openyard/contracts';
import { useInView } from '../hooks/useInView';
import type { CellMetrics } from '../utils/CellMetrics';
import { cellsToSelect } from '../utils/cellsToSelect';
import { drawAreaGrid, drawPreview } from '../utils/drawAreaGrid';
import type { SelectBy } from '../utils/SelectBy';
import type { AreaGrid, GridCell } from '../utils/yardGridOf';

interface AreaCanvasProps {
  grid: AreaGrid;
  metrics: CellMetrics;
  ruleOfCell: (cellId: number) => Rule | null;
  selection: ReadonlySet<number>;
  editing: boolean;
  selectBy: SelectBy;
  selectable: (cellId: number) => boolean;
  focusedCellId: number | null;
  onCellClick: (cell: GridCell) => void;
}

// Sizes a canvas bitmap for the device pixel ratio (a bitmap of 0 x 0 while off screen) and
// returns its context, scaled to CSS pixels; null when there is nothing to draw on.
function prepare(canvas: HTMLCanvasElement | null, width: number, height: number, inView: boolean) {
  if (!canvas) return null;
  const ratio = inView ? window.devicePixelRatio || 1 : 0;
  const bitmapWidth = Math.ceil(width * ratio);
  const bitmapHeight = Math.ceil(height * ratio);
  if (canvas.width !== bitmapWidth) canvas.width = bitmapWidth;
  if (canvas.height !== bitmapHeight) canvas.height = bitmapHeight;
  if (!inView) return null;
  const context = canvas.getContext('2d');
  context?.setTransform(ratio, 0, 0, ratio, 0, 0);
  return context;
}

// The cells of one area on a canvas: one element however many cells, drawn only while on screen.
// The pointer's preview sits on a second canvas on top, so that hovering redraws only that.
export function AreaCanvas(props: AreaCanvasProps) {
  const { grid, metrics, ruleOfCell, selection, editing, selectBy, selectable, focusedCellId, onCellClick } = props;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const inView = useInView(canvasRef);
  const [hovered, setHovered] = useState<GridCell | null>(null);
  const width = grid.columns.length * (metrics.width + metrics.gap);
  const height = grid.rows.length * (metrics.height + metrics.gap);

  const preview = useMemo(() => {
    if (!hovered) return [];
    if (!editing) return [hovered];
    return cellsToSelect(grid, hovered, selectBy).filter((cell) => selectable(cell.id));
  }, [hovered, editing, grid, selectBy, selectable]);

  useEffect(() => {
    const context = prepare(canvasRef.current, width, height, inView);
    if (!context) return;
    drawAreaGrid(context, grid, metrics, {
      ruleColourOf: (cellId) => ruleOfCell(cellId)?.color ?? null,
      selection,
      editing,
      selectable,
      focusedCellId,
    });
  }, [inView, grid, metrics, width, height, ruleOfCell, selection, editing, selectable, focusedCellId]);

  useEffect(() => {
    const context = prepare(overlayRef.current, width, height, inView);
    if (context) drawPreview(context, preview, metrics);
  }, [inView, preview, metrics, width, height]);

  const cellAt = (event: MouseEvent<HTMLCanvasElement>): GridCell | null => {
    const bounds = event.currentTarget.getBoundingClientRect();
    const x = Math.floor((event.clientX - bounds.left) / (metrics.width + metrics.gap));
    const y = Math.floor((event.clientY - bounds.top) / (metrics.height + metrics.gap));
    return grid.cells[y]?.[x] ?? null;
  };

  const hoveredRule = hovered ? ruleOfCell(hovered.id) : null;
  return (
    <Box pos="relative" w={width} h={height}>
      <canvas
        ref={canvasRef}
        role="grid"
        aria-label={`Area ${grid.area.name} cells`}
        data-testid={`configure-area-canvas-${grid.area.name}`}
        data-cell-width={metrics.width}
        data-cell-height={metrics.height}
        data-cell-gap={metrics.gap}
        style={{ width, height, display: 'block', cursor: hovered ? 'pointer' : 'default' }}
        onMouseMove={(event) => {
          const cell = cellAt(event);
          if (cell?.id !== hovered?.id) setHovered(cell);
        }}
        onMouseLeave={() => setHovered(null)}
        onClick={(event) => {
          const cell = cellAt(event);
          if (cell) onCellClick(cell);
        }}
      />
      <canvas
        ref={overlayRef}
        aria-hidden
        style={{ position: 'absolute', left: 0, top: 0, width, height, pointerEvents: 'none' }}
      />
      {hovered && (
        <Box
          pos="absolute"
          left={Math.min(hovered.x * (metrics.width + metrics.gap), Math.max(width - 180, 0))}
          top={(hovered.y + 1) * (metrics.height + metrics.gap) + 2}
          px={8}
          py={4}
          bg="dark.8"
          style={{
            pointerEvents: 'none',
            zIndex: 2,
            whiteSpace: 'nowrap',
            border: '1px solid var(--mantine-color-dark-4)',
            borderRadius: 4,
            boxShadow: '0 4px 12px rgba(0,0,0,0.4)',
          }}
        >
          <Text size="xs" ff="monospace" fw={600}>
            {hovered.fullName}
          </Text>
          <Text size="xs" c={hoveredRule ? undefined : 'dimmed'}>
            {hoveredRule ? `Rule ${hoveredRule.name}` : 'No rule'}
            {editing && hoveredRule && !selectable(hovered.id) ? ' · not selectable' : ''}
          </Text>
        </Box>
      )}
    </Box>
  );
}
