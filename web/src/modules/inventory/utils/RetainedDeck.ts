import { Deck, type Layer, type View, type Viewport } from '@deck.gl/core';

// A layer that can bring a canvas still showing its last frame up to date by drawing over part of
// it (what changed), instead of everything on a cleared canvas.
export interface RetainedLayer {
  // Whether drawing over its last frame will do: nothing but what it knows to redraw has changed.
  canDrawOver(): boolean;
  // Called before every draw of the deck: over the last frame, or on a cleared canvas.
  beginDraw(over: boolean): void;
}

function isRetained(layer: Layer): layer is Layer & RetainedLayer {
  const candidate = layer as Partial<RetainedLayer>;
  return typeof candidate.canDrawOver === 'function' && typeof candidate.beginDraw === 'function';
}

type DrawOptions = Parameters<Deck['_drawLayers']>[1];
// deck.gl's own constraint on a Deck's views (not exported).
type ViewOrViews = View | View[] | null;

// A Deck that leaves its canvas uncleared when every layer can draw over the last frame, the view is
// where it was and the drawing buffer kept that frame (it needs `preserveDrawingBuffer`; without it
// every frame is drawn whole). With software WebGL, drawing a frame costs the page in proportion to
// the pixels its shaders run for: a live move that repaints a few boxes then runs them for those
// boxes only, not for the whole canvas.
export class RetainedDeck<ViewsT extends ViewOrViews = null> extends Deck<ViewsT> {
  // The view and drawing buffer size of the last frame drawn on the canvas; null when unknown.
  private lastFrame: { viewports: Viewport[]; width: number; height: number } | null = null;

  override _drawLayers(redrawReason: string, renderOptions?: DrawOptions) {
    const layers = this.layerManager?.getLayers() ?? [];
    // Only the plain screen draw (what deck.gl's animation loop and its React component call) shows
    // on the canvas; a draw to another target or of a part of the layers leaves nothing known.
    const onCanvas =
      !renderOptions?.target &&
      !renderOptions?.layers &&
      !renderOptions?.viewports &&
      (renderOptions?.pass ?? 'screen') === 'screen';
    const over =
      onCanvas &&
      this.showsLastFrame() &&
      layers.length > 0 &&
      layers.every((layer) => isRetained(layer) && layer.canDrawOver());
    for (const layer of layers) if (isRetained(layer)) layer.beginDraw(over);
    super._drawLayers(redrawReason, over ? { ...renderOptions, clearCanvas: false } : renderOptions);
    this.lastFrame = onCanvas ? this.frame() : null;
  }

  // The view and drawing buffer size the next frame has; null when the canvas would not keep it, or
  // when its drawing buffer is about to be resized (which clears it).
  private frame() {
    const context = this.device?.getDefaultCanvasContext();
    if (!context || !this.device?.props.webgl?.preserveDrawingBuffer) return null;
    const [width, height] = context.getDrawingBufferSize();
    if (context.canvas.width !== width || context.canvas.height !== height) return null;
    return { viewports: this.getViewports(), width, height };
  }

  private showsLastFrame(): boolean {
    const last = this.lastFrame;
    const now = last && this.frame();
    return Boolean(
      last &&
      now &&
      now.width === last.width &&
      now.height === last.height &&
      now.viewports.length === last.viewports.length &&
      now.viewports.every((viewport, i) => viewport.equals(last.viewports[i]!)),
    );
  }
}
