import { Layer, picking, project32, type DefaultProps, type LayerProps, type UpdateParameters } from '@deck.gl/core';
import { Model, type ModelProps } from '@luma.gl/engine';

const vs = `\
#version 300 es
#define SHADER_NAME planned-slots-layer-vertex-shader

in vec3 positions;
in vec3 positions64Low;
in vec2 corners;
in vec2 boxSizes;

out vec2 vBox;
flat out vec2 vSize;
flat out float vPixelsPerUnit;

void main(void) {
  geometry.worldPosition = positions;
  geometry.pickingColor = vec3(0.0);
  // Two pixels out from the box, for the half of the border that lies outside it.
  vec2 outwards = (corners * 2.0 - 1.0) * project_pixel_size(2.0);
  gl_Position = project_position_to_clipspace(positions, positions64Low, vec3(outwards, 0.0), geometry.position);
  DECKGL_FILTER_GL_POSITION(gl_Position, geometry);
  vBox = corners * boxSizes + outwards;
  vSize = boxSizes;
  vPixelsPerUnit = project.scale * project.devicePixelRatio;
  vec4 color = vec4(0.0);
  DECKGL_FILTER_COLOR(color, geometry);
}
`;

// The dashed border (dashes of 1.1, gaps of 0.7 world units from each edge's start, clockwise from
// the top left, whole periods only) and the strike-through of a planned box, 1.5 pixels wide.
const fs = `\
#version 300 es
#define SHADER_NAME planned-slots-layer-fragment-shader
precision highp float;

in vec2 vBox;
flat in vec2 vSize;
flat in float vPixelsPerUnit;

out vec4 fragColor;

const vec3 PLANNED_LINE = vec3(250.0, 204.0, 21.0) / 255.0;
const float DASH = 1.1;
const float DASH_PERIOD = 1.8;

// The share of the pixel around p inside [start, end] (world units).
float cover(float p, float start, float end) {
  return clamp(min(p - start, end - p) * vPixelsPerUnit + 0.5, 0.0, 1.0);
}

// The dash at distance d along an edge of this length.
float dash(float d, float edgeLength) {
  float dashes = max(1.0, floor(edgeLength / DASH_PERIOD));
  float index = floor(d / DASH_PERIOD);
  if (index < 0.0 || index >= dashes) return 0.0;
  return cover(d, index * DASH_PERIOD, min(edgeLength, index * DASH_PERIOD + DASH));
}

void main(void) {
  float x = vBox.x;
  float y = vBox.y;
  float width = vSize.x;
  float height = vSize.y;
  float line = 0.75 / vPixelsPerUnit;
  // Clockwise from the top left: top, right, bottom (right to left), left (bottom to top).
  float top = cover(y, -line, line) * dash(x, width);
  float right = cover(x, width - line, width + line) * dash(y, height);
  float bottom = cover(y, height - line, height + line) * dash(width - x, width);
  float left = cover(x, -line, line) * dash(height - y, height);
  float border = max(max(top, right), max(bottom, left));
  float strike = cover(y, height / 2.0 - line, height / 2.0 + line) * cover(x, 0.0, width);
  float alpha = max(border, strike);
  if (alpha <= 0.0) discard;
  fragColor = vec4(PLANNED_LINE, alpha);
  geometry.uv = vBox;
  DECKGL_FILTER_COLOR(fragColor, geometry);
}
`;

interface PlannedSlotsMesh {
  vertexCount: number;
  positions: Float64Array;
  corners: Float32Array;
  boxSizes: Float32Array;
}

// A rectangle (two triangles) per box: [left, top, right, bottom] in world units, four numbers each.
function boxMesh(boxes: Float32Array): PlannedSlotsMesh {
  const unit = [0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1];
  const vertexCount = (boxes.length / 4) * 6;
  const positions = new Float64Array(vertexCount * 3);
  const corners = new Float32Array(vertexCount * 2);
  const boxSizes = new Float32Array(vertexCount * 2);
  for (let box = 0; box < boxes.length / 4; box += 1) {
    const [x0, y0, x1, y1] = [boxes[box * 4]!, boxes[box * 4 + 1]!, boxes[box * 4 + 2]!, boxes[box * 4 + 3]!];
    for (let corner = 0; corner < 6; corner += 1) {
      const vertex = box * 6 + corner;
      const [u, v] = [unit[corner * 2]!, unit[corner * 2 + 1]!];
      positions.set([x0 + u * (x1 - x0), y0 + v * (y1 - y0), 0], vertex * 3);
      corners.set([u, v], vertex * 2);
      boxSizes.set([x1 - x0, y1 - y0], vertex * 2);
    }
  }
  return { vertexCount, positions, corners, boxSizes };
}

interface PlannedSlotsLayerOwnProps {
  // [left, top, right, bottom] of every planned box, in world units.
  boxes: Float32Array;
}

export type PlannedSlotsLayerProps = PlannedSlotsLayerOwnProps & LayerProps;

const defaultProps: DefaultProps<PlannedSlotsLayerProps> = {
  boxes: { type: 'object', value: new Float32Array(0) },
  parameters: { depthCompare: 'always', depthWriteEnabled: false },
};

// Planned slots' dashed yellow borders and strike-throughs: one rectangle per planned box whose
// fragment shader draws the dashes (software WebGL pays per instance, so not a line instance per
// dash), over the slots layer that fills them yellow.
export class PlannedSlotsLayer extends Layer<Required<PlannedSlotsLayerOwnProps> & LayerProps> {
  static override layerName = 'PlannedSlotsLayer';
  static override defaultProps = defaultProps;

  declare state: {
    model?: Model;
    mesh?: PlannedSlotsMesh;
  };

  override getShaders(): Pick<ModelProps, 'vs' | 'fs' | 'modules'> {
    // deck.gl types what it adds to the shaders (extensions' code) as any.
    return super.getShaders({ vs, fs, modules: [project32, picking] }) as Pick<ModelProps, 'vs' | 'fs' | 'modules'>;
  }

  override initializeState() {
    const mesh = () => this.state.mesh!;
    this.getAttributeManager()!.add({
      positions: {
        size: 3,
        type: 'float64',
        fp64: this.use64bitPositions(),
        update: (attribute) => (attribute.value = mesh().positions),
        noAlloc: true,
      },
      corners: { size: 2, update: (attribute) => (attribute.value = mesh().corners), noAlloc: true },
      boxSizes: { size: 2, update: (attribute) => (attribute.value = mesh().boxSizes), noAlloc: true },
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
    }
    if (props.boxes !== oldProps.boxes || changeFlags.extensionsChanged) {
      const mesh = boxMesh(props.boxes);
      this.state.mesh = mesh;
      this.state.model?.setVertexCount(mesh.vertexCount);
      this.getAttributeManager()!.invalidateAll();
    }
  }

  override draw() {
    const { model, mesh } = this.state;
    if (model && mesh?.vertexCount) model.draw(this.context.renderPass);
  }
}
