// WebGL renderers that draw on the CPU (Chromium without a GPU, or with --disable-gpu: SwiftShader;
// Mesa's llvmpipe/softpipe; Windows' fallback adapter).
const SOFTWARE_RENDERER = /SwiftShader|llvmpipe|softpipe|software rasterizer|Microsoft Basic Render/i;

// Share of the device pixels (per axis) the slots canvas gets on a software renderer: 0.75, about
// half the pixels. Measured on the 2-core machine (20,000 slots, 50 moves/s, 1920×1080), main-thread
// p99 per frame: every pixel 56 ms, 0.75 29 ms, 0.5 26–28 ms; at 0.5 the gaps between boxes blur
// when the whole yard is shown and single boxes are hard to tell apart, at 0.75 they stay clear.
export const SOFTWARE_SLOTS_SCALE = 0.75;

// Canvas pixels per CSS pixel for the grid's slots canvas (deck.gl's `useDevicePixels`), from the
// WebGL renderer's name (null until the canvas has its context). With software compositing Chromium
// waits for the renderer and reads the whole drawing buffer back on the main thread after every
// redraw, so a live move costs the page in proportion to the canvas's pixels: the slots, flat
// rectangles redrawn on every live revision, are drawn at a reduced resolution there (the browser
// scales them up), while the labels and fine lines, on a canvas of their own that live moves do
// not redraw, keep every device pixel. A GPU draws every device pixel.
export function slotsPixelRatio(renderer: string | null, devicePixelRatio: number): number {
  return renderer !== null && SOFTWARE_RENDERER.test(renderer)
    ? devicePixelRatio * SOFTWARE_SLOTS_SCALE
    : devicePixelRatio;
}
