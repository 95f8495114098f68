export type Rgba = [number, number, number, number];

const FALLBACK: Rgba = [138, 150, 163, 255];

// '#RGB', '#RRGGBB' or '#RRGGBBAA' as RGBA bytes; anything else is a neutral grey.
export function parseColor(text: string | null | undefined, fallback: Rgba = FALLBACK): Rgba {
  const value = text?.trim().replace(/^#/, '') ?? '';
  if (/^[0-9a-f]{3}$/i.test(value)) {
    const [r, g, b] = [...value].map((digit) => parseInt(digit + digit, 16)) as [number, number, number];
    return [r, g, b, 255];
  }
  if (/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(value)) {
    const byte = (at: number) => parseInt(value.slice(at, at + 2), 16);
    return [byte(0), byte(2), byte(4), value.length === 8 ? byte(6) : 255];
  }
  return fallback;
}
