import { describe, expect, it } from 'vitest';
import { SOFTWARE_SLOTS_SCALE, slotsPixelRatio } from './slotsPixelRatio';

describe('slotsPixelRatio', () => {
  it('keeps every device pixel on a GPU', () => {
    expect(slotsPixelRatio('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)', 1)).toBe(1);
    expect(slotsPixelRatio('Apple M2', 2)).toBe(2);
    expect(slotsPixelRatio('ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)', 1.5)).toBe(1.5);
  });

  it('keeps every device pixel until the renderer is known', () => {
    expect(slotsPixelRatio(null, 2)).toBe(2);
  });

  it('reduces the slots canvas on software renderers', () => {
    for (const renderer of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'ANGLE (Mesa, softpipe, OpenGL 4.5)',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ]) {
      expect(slotsPixelRatio(renderer, 1)).toBe(SOFTWARE_SLOTS_SCALE);
      expect(slotsPixelRatio(renderer, 2)).toBe(2 * SOFTWARE_SLOTS_SCALE);
    }
  });
});
