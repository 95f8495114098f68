// The orthographic view's arithmetic (y down, `2 ** zoom` pixels per world unit, the target at the
// middle of the canvas), for the keyboard cursor: keep its slot in sight, and put the context menu
// on it.
export interface GridView {
  target: readonly number[];
  zoom: number;
}

export function toScreen(view: GridView, width: number, height: number, x: number, y: number) {
  const scale = 2 ** view.zoom;
  return { x: (x - view.target[0]!) * scale + width / 2, y: (y - view.target[1]!) * scale + height / 2 };
}

// The view that shows the box (left, top, right, bottom) at least `minZoom` close: the same view
// when it shows it already, else one centred on it.
export function viewShowing(
  view: GridView,
  width: number,
  height: number,
  box: readonly [number, number, number, number],
  minZoom: number,
): GridView {
  const zoom = Math.max(view.zoom, minZoom);
  const topLeft = toScreen({ ...view, zoom }, width, height, box[0], box[1]);
  const bottomRight = toScreen({ ...view, zoom }, width, height, box[2], box[3]);
  const inside = topLeft.x >= 0 && topLeft.y >= 0 && bottomRight.x <= width && bottomRight.y <= height;
  if (inside && zoom === view.zoom) return view;
  if (inside) return { target: view.target, zoom };
  return { target: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2, 0], zoom };
}
