// Live moves redraw the grid at most this often: a burst of 50 moves a second shows within a tenth
// of a second without redrawing (and reading back, in software WebGL) the whole yard every frame.
export const REDRAW_MS = 100;
const FRAME_MS = 1000 / 60;

// When the grid's slots canvas draws, for the screen's other work to keep out of those frames: on
// software WebGL a frame that draws the canvas is the page's dearest (the compositor reads the
// canvas back on the main thread), and a frame that also lays out and paints other content (the
// area cards) is the slowest of all. Live moves redraw the grid REDRAW_MS after its last draw, so
// DOM work started in a frame (laid out and painted in the next one) keeps clear of the frames
// around that time.
export class GridFrames {
  private lastDraw = -Infinity;

  // The slots canvas has drawn a frame (at `at`, performance.now()).
  drawn(at: number) {
    this.lastDraw = at;
  }

  // Whether DOM work started in the animation frame at `now` stays clear of the grid's next live
  // redraw: well before it is due, or when it is overdue (no live redraw coming). While the grid
  // draws every frame (a pan or zoom) every frame is clear: none would be better.
  clearOfRedraw(now: number): boolean {
    const since = now - this.lastDraw;
    return since < REDRAW_MS - 2 * FRAME_MS || since > REDRAW_MS + FRAME_MS;
  }
}
