import { useRef, useState, type PointerEvent } from 'react';
import type { AllocationPeriod } from '@openyard/contracts';
import { draggedPeriod, pixelsToMs, type DayScale, type DragMode } from '../utils/ganttScale';

// A drag under way: which bar, how (moved whole, or an edge), how far in time, and the row the
// pointer is over (a move may change the bar's machine or area, applied when the move ends: spec 2 §4).
export interface GanttDrag {
  id: number;
  mode: DragMode;
  period: AllocationPeriod;
  rowIndex: number;
}

interface Pressed {
  id: number;
  mode: DragMode;
  pointerId: number;
  startX: number;
  startY: number;
  period: AllocationPeriod;
  rowIndex: number;
  moved: boolean;
}

// Below this many pixels a press is a click (it selects), not a drag.
const CLICK_SLOP = 3;

// The Gantt's pointer handling, with pointer capture on the chart: press on a bar's body or edge,
// move (the bar follows, snapped to the magnet, inside the day), release (the change is handed on).
export function useGanttDrag(options: {
  scale: DayScale;
  rowIndexAt: (clientY: number) => number;
  canWrite: boolean;
  onDrop: (id: number, period: AllocationPeriod, rowIndex: number) => void;
  onClick: (id: number, additive: boolean) => void;
}) {
  const [drag, setDrag] = useState<GanttDrag | null>(null);
  const pressed = useRef<Pressed | null>(null);

  const previewOf = (current: Pressed, clientX: number, clientY: number): GanttDrag => ({
    id: current.id,
    mode: current.mode,
    period: draggedPeriod(
      current.period,
      current.mode,
      pixelsToMs(clientX - current.startX, options.scale),
      options.scale,
    ),
    rowIndex: current.mode === 'move' ? options.rowIndexAt(clientY) : current.rowIndex,
  });

  return {
    drag,
    // On a bar's body ('move') or edge ('start', 'end').
    press: (event: PointerEvent<Element>, id: number, mode: DragMode, period: AllocationPeriod, rowIndex: number) => {
      if (event.button !== 0) return;
      event.preventDefault();
      const chart = event.currentTarget.closest('svg');
      chart?.setPointerCapture(event.pointerId);
      pressed.current = {
        id,
        mode: options.canWrite ? mode : 'move',
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        period,
        rowIndex,
        moved: false,
      };
    },
    // On the chart (it has the capture).
    move: (event: PointerEvent<SVGSVGElement>) => {
      const current = pressed.current;
      if (!current || current.pointerId !== event.pointerId || !options.canWrite) return;
      if (!current.moved && Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < CLICK_SLOP)
        return;
      current.moved = true;
      setDrag(previewOf(current, event.clientX, event.clientY));
    },
    release: (event: PointerEvent<SVGSVGElement>) => {
      const current = pressed.current;
      if (!current || current.pointerId !== event.pointerId) return;
      pressed.current = null;
      setDrag(null);
      if (event.currentTarget.hasPointerCapture(event.pointerId))
        event.currentTarget.releasePointerCapture(event.pointerId);
      if (!current.moved) {
        options.onClick(current.id, event.shiftKey || event.ctrlKey || event.metaKey);
        return;
      }
      const dropped = previewOf(current, event.clientX, event.clientY);
      options.onDrop(current.id, dropped.period, dropped.rowIndex);
    },
    cancel: () => {
      pressed.current = null;
      setDrag(null);
    },
  };
}
