import { parseColor, type Rgba } from './parseColor';

// A liner without a configured colour gets a stable one from its name (golden-angle hues).
export function linerColor(name: string, configured: string | null): Rgba {
  if (configured) return parseColor(configured);
  let hash = 0;
  for (const character of name) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  const hue = (hash * 137.508) % 360;
  const [r, g, b] = hslToRgb(hue, 0.55, 0.55);
  return [r, g, b, 255];
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const [r, g, b] =
    hue < 60
      ? [chroma, x, 0]
      : hue < 120
        ? [x, chroma, 0]
        : hue < 180
          ? [0, chroma, x]
          : hue < 240
            ? [0, x, chroma]
            : hue < 300
              ? [x, 0, chroma]
              : [chroma, 0, x];
  return [Math.round((r + m) * 255), Math.round((g + m) * 255), Math.round((b + m) * 255)];
}

export const rgbaCss = ([r, g, b, a]: Rgba) => `rgba(${r}, ${g}, ${b}, ${(a / 255).toFixed(2)})`;
