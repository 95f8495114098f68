import { Layer, picking, project32, type DefaultProps, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import type { RenderPass, Texture } from '@luma.gl/core';
import { Model, type ModelProps } from '@luma.gl/engine';
import type { RetainedLayer } from './RetainedDeck';
import { slotScissorRect } from './slotScissor';
import type { SlotTexture } from './SlotTexels';
import type { SlotTextureLayout } from './slotTextureLayout';
import { rowStripTop, SLOT_GAP, SLOT_HEIGHT, SLOT_WIDTH, type YardGeometry } from './yardGeometry';

const float = (value: number) => value.toFixed(4);
// Beyond this many repainted slots a frame is drawn whole: each slot is a draw call (about 0.1 ms
// of script on the 2-core machine), a whole frame costs software WebGL a few milliseconds more
// than a few slots do.
const MAX_PATCHES = 64;

const vs = `\
#version 300 es
#define SHADER_NAME yard-slots-layer-vertex-shader

in vec3 positions;
in vec3 positions64Low;
in vec2 texelPositions;
in vec4 texelBounds;
in vec2 textureScales;

out vec2 vTexel;
flat out vec4 vTexelBounds;
flat out vec2 vTextureScale;
flat out float vPixelsPerUnit;

void main(void) {
  geometry.worldPosition = positions;
  geometry.pickingColor = vec3(0.0);
  gl_Position = project_position_to_clipspace(positions, positions64Low, vec3(0.0), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  vTexel = texelPositions;
  vTexelBounds = texelBounds;
  vTextureScale = textureScales;
  // Device pixels per world unit (the view is orthographic: one scale for the whole canvas).
  vPixelsPerUnit = project.scale * project.devicePixelRatio;
  vec4 color = vec4(0.0);
  DECKGL_FILTER_COLOR(color, geometry);
}
`;

// Per fragment: the slot's texel and the fragment's place in the slot, both from the interpolated
// texel position (the texture is laid out like the rows, one texel per slot, so that they always
// agree), then the slot's box (a 40 ft box across the gap between its two slots) weighed by how
// much of the pixel it covers. The texel stays within the row's own: a pixel on the row's edge
// whose interpolated position rounds past it would take its fringe's colour from a box of the next
// row or of another area (the next texels), which a live move of that box would change outside
// the cells the layer redraws for it. Software WebGL runs this for every pixel of the yard on every
// full redraw and pays for every line of it, taken or not: it is short, straight-line code, and
// what is rare (planned boxes' borders, colour rules' bars) is drawn by layers of their own.
const fs = `\
#version 300 es
#define SHADER_NAME yard-slots-layer-fragment-shader
precision highp float;

uniform sampler2D slotTexels;

in vec2 vTexel;
flat in vec4 vTexelBounds;
flat in vec2 vTextureScale;
flat in float vPixelsPerUnit;

out vec4 fragColor;

const vec2 SLOT = vec2(${float(SLOT_WIDTH)}, ${float(SLOT_HEIGHT)});
const float GAP = ${float(SLOT_GAP)};

// The share of the pixel around p inside [start, end] (world units).
float cover(float p, float start, float end) {
  return clamp(min(p - start, end - p) * vPixelsPerUnit + 0.5, 0.0, 1.0);
}

void main(void) {
  vec2 texel = clamp(floor(vTexel), vTexelBounds.xy, vTexelBounds.zw);
  vec4 box = texture(slotTexels, (texel + 0.5) * vTextureScale);
  vec2 inSlot = (vTexel - texel) * SLOT;
  float alphaByte = box.a * 255.0;
  float joins = mod(alphaByte, 4.0);
  float alpha = floor(alphaByte * 0.25 + 0.01) * (1.0 / 63.0);
  // A 40 ft box spans its two slots and the gap between them (SLOT_JOIN_LEFT 1, SLOT_JOIN_RIGHT 2).
  float left = mod(joins, 2.0) > 0.5 ? -SLOT.x : GAP / 2.0;
  float right = joins > 1.5 ? 2.0 * SLOT.x : SLOT.x - GAP / 2.0;
  float coverage = alpha * cover(inSlot.x, left, right) * cover(inSlot.y, GAP / 2.0, SLOT.y - GAP / 2.0);
  // Premultiplied, written without blending (no discard either: both cost software WebGL): the
  // layer is drawn first on the cleared canvas and its rows never overlap. No DECKGL_FILTER_COLOR
  // hook: the layer is not pickable and takes no extensions, and software WebGL would run the
  // picking module's colour filters for every pixel.
  fragColor = vec4(box.rgb * coverage, coverage);
}
`;

interface YardSlotsMesh {
  vertexCount: number;
  positions: Float64Array;
  texelPositions: Float32Array;
  // The first and last texel of the vertex's row: left, top, right, bottom.
  texelBounds: Float32Array;
  textureScales: Float32Array;
}

// One rectangle (two triangles) per row of each area, over its stacks (not the gap under them);
// each vertex carries its place in the slot texture, in texels (a texel per column and tier).
function rowMesh(geometry: YardGeometry, layout: SlotTextureLayout): YardSlotsMesh {
  const corners = [0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1];
  const vertexCount = geometry.areas.reduce((sum, area) => sum + area.rows, 0) * 6;
  const positions = new Float64Array(vertexCount * 3);
  const texelPositions = new Float32Array(vertexCount * 2);
  const texelBounds = new Float32Array(vertexCount * 4);
  const textureScales = new Float32Array(vertexCount * 2);
  let vertex = 0;
  for (const area of geometry.areas) {
    const texel = layout.areaCorners.get(area.areaId)!;
    for (let row = 0; row < area.rows; row += 1) {
      const top = rowStripTop(area, row);
      const rowTexelTop = texel.y + row * area.maxHeight;
      const bounds = [texel.x, rowTexelTop, texel.x + area.columns - 1, rowTexelTop + area.maxHeight - 1];
      for (let corner = 0; corner < 6; corner += 1) {
        const [columns, tiers] = [corners[corner * 2]! * area.columns, corners[corner * 2 + 1]! * area.maxHeight];
        positions.set([area.originX + columns * SLOT_WIDTH, top + tiers * SLOT_HEIGHT, 0], vertex * 3);
        texelPositions.set([texel.x + columns, rowTexelTop + tiers], vertex * 2);
        texelBounds.set(bounds, vertex * 4);
        textureScales.set([1 / layout.width, 1 / layout.height], vertex * 2);
        vertex += 1;
      }
    }
  }
  return { vertexCount, positions, texelPositions, texelBounds, textureScales };
}

interface YardSlotsLayerOwnProps {
  geometry: YardGeometry;
  slots: SlotTexture;
}

export type YardSlotsLayerProps = YardSlotsLayerOwnProps & LayerProps;

const defaultProps: DefaultProps<YardSlotsLayerProps> = {
  geometry: { type: 'object', value: null as unknown as YardGeometry },
  slots: { type: 'object', value: null as unknown as SlotTexture },
  // Every pixel is written once: no depth test, no blending (the canvas holds premultiplied colour).
  parameters: { depthCompare: 'always', depthWriteEnabled: false, blend: false },
};

// Every slot of the yard and the container in it, drawn from a texture of one texel per slot by one
// rectangle per row of each area. The line layers it replaces drew one instance per slot and per
// container: fine on a GPU, but software WebGL (SwiftShader) pays per instance, about a second a
// frame for the 35,000 boxes of a large yard. A live move rewrites the texture (80 kB for 20,000
// slots); the geometry changes only with the layout. Not pickable: the grid finds slots by
// arithmetic. On a RetainedDeck whose canvas still shows the last frame, a live move redraws only
// the slots it repainted: the same mesh, clipped (scissor) to each slot's cell, so that every pixel
// drawn is the one a whole frame would have drawn there.
export class YardSlotsLayer extends Layer<Required<YardSlotsLayerOwnProps> & LayerProps> implements RetainedLayer {
  static override layerName = 'YardSlotsLayer';
  static override defaultProps = defaultProps;

  declare state: {
    model?: Model;
    texture?: Texture;
    mesh?: YardSlotsMesh;
    // Slots whose texels the canvas does not show yet; null: every slot (nothing drawn yet, or the
    // mesh or texture replaced).
    undrawn: Set<number> | null;
    // Whether this draw goes over the last frame (see RetainedDeck).
    over: boolean;
  };

  canDrawOver(): boolean {
    const { undrawn } = this.state;
    return undrawn !== null && undrawn.size <= MAX_PATCHES;
  }

  beginDraw(over: boolean) {
    this.state.over = over;
  }

  override getShaders(): Pick<ModelProps, 'vs' | 'fs' | 'modules'> {
    // deck.gl types what it adds to the shaders (extensions' code) as any. The picking module is
    // there because deck.gl sets its props on every layer; the fragment shader never calls it.
    return super.getShaders({ vs, fs, modules: [project32, picking] }) as Pick<ModelProps, 'vs' | 'fs' | 'modules'>;
  }

  override initializeState() {
    this.state.undrawn = null;
    this.state.over = false;
    const mesh = () => this.state.mesh!;
    this.getAttributeManager()!.add({
      positions: {
        size: 3,
        type: 'float64',
        fp64: this.use64bitPositions(),
        update: (attribute) => (attribute.value = mesh().positions),
        noAlloc: true,
      },
      texelPositions: { size: 2, update: (attribute) => (attribute.value = mesh().texelPositions), noAlloc: true },
      texelBounds: { size: 4, update: (attribute) => (attribute.value = mesh().texelBounds), noAlloc: true },
      textureScales: { size: 2, update: (attribute) => (attribute.value = mesh().textureScales), noAlloc: true },
    });
  }

  override updateState({ props, oldProps, changeFlags }: UpdateParameters<this>) {
    if (changeFlags.extensionsChanged) {
      this.state.model?.destroy();
      this.state.model = new Model(this.context.device, {
        ...this.getShaders(),
        id: this.props.id,
        bufferLayout: this.getAttributeManager()!.getBufferLayouts(),
        topology: 'triangle-list',
        isInstanced: false,
      });
      if (this.state.texture) this.state.model.setBindings({ slotTexels: this.state.texture });
      this.getAttributeManager()!.invalidateAll();
      this.state.undrawn = null;
    }
    if (
      props.geometry !== oldProps.geometry ||
      props.slots.layout !== oldProps.slots?.layout ||
      changeFlags.extensionsChanged
    ) {
      const mesh = rowMesh(props.geometry, props.slots.layout);
      this.state.mesh = mesh;
      this.state.model?.setVertexCount(mesh.vertexCount);
      this.getAttributeManager()!.invalidateAll();
      this.state.undrawn = null;
    }
    if (props.slots !== oldProps.slots) this.upload(props.slots);
  }

  override finalizeState(context: Parameters<Layer['finalizeState']>[0]) {
    super.finalizeState(context);
    this.state.texture?.destroy();
  }

  override draw() {
    const { model, texture, undrawn, over } = this.state;
    this.state.over = false;
    if (!model || !texture) return;
    const drawn =
      over && undrawn ? this.drawSlots(model, this.context.renderPass, undrawn) : model.draw(this.context.renderPass);
    // A draw luma.gl put off (a shader still linking) leaves the canvas without part of the frame.
    this.state.undrawn = drawn ? new Set() : null;
  }

  // Draws the mesh once per slot, clipped to the slot's cell.
  private drawSlots(model: Model, renderPass: RenderPass, slots: ReadonlySet<number>): boolean {
    const { viewport, device } = this.context;
    const canvas = device.getDefaultCanvasContext();
    const [width, height] = canvas.getDrawingBufferSize();
    const pixelRatio = canvas.cssToDeviceRatio();
    let drawn = true;
    for (const slot of slots) {
      const scissorRect = slotScissorRect(this.props.geometry, slot, viewport, pixelRatio, width, height);
      if (!scissorRect) continue;
      renderPass.setParameters({ scissorRect });
      drawn = model.draw(renderPass) && drawn;
    }
    // The whole buffer again (the render pass keeps its scissor for whatever draws next).
    renderPass.setParameters({ scissorRect: [0, 0, width, height] });
    return drawn;
  }

  private upload(slots: SlotTexture) {
    const { texture } = this.state;
    const { width, height } = slots.layout;
    // The texture takes every repainted texel so far: the slots named since the last upload are
    // the ones the canvas lacks.
    const changed = slots.changes.take();
    if (texture && texture.width === width && texture.height === height) {
      texture.writeData(slots.texels);
      if (changed === null) this.state.undrawn = null;
      else for (const slot of changed) this.state.undrawn?.add(slot);
      return;
    }
    this.state.undrawn = null;
    texture?.destroy();
    this.state.texture = this.context.device.createTexture({
      format: 'rgba8unorm',
      width,
      height,
      data: slots.texels,
      mipLevels: 1,
      sampler: { minFilter: 'nearest', magFilter: 'nearest' },
    });
    this.state.model?.setBindings({ slotTexels: this.state.texture });
  }
}
