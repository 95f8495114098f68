import { describe, expect, it } from 'vitest';
import { continues, readNumbers, readSizeTypes, type Piece } from './assemble';

const piece = (text: string, left: number, top: number, width: number, height: number, vertical = false): Piece => ({
  text,
  confidences: [...text.replace(/ /g, '')].map(() => 0.95),
  left,
  top,
  right: left + width,
  bottom: top + height,
  vertical,
});

describe('readNumbers', () => {
  it('reads a horizontal number split into owner code, serial and boxed check digit', () => {
    const reads = readNumbers([
      piece('BSIU', 800, 360, 160, 75),
      piece('974198', 1030, 365, 230, 75),
      piece('0', 1270, 362, 70, 78),
      piece('45G1', 1030, 450, 150, 80),
    ]);
    expect(reads[0]).toMatchObject({ number: 'BSIU9741980', valid: true, corrected: false });
  });

  it('reads a number on two lines (owner code above the serial)', () => {
    const reads = readNumbers([piece('TGCU', 812, 0, 150, 68), piece('500082 5', 818, 70, 280, 64)]);
    expect(reads[0]).toMatchObject({ number: 'TGCU5000825', valid: true });
  });

  it('reads a vertical number from column pieces one under another', () => {
    const reads = readNumbers([piece('CRXU', 1076, 246, 46, 246, true), piece('1922067', 1045, 498, 41, 375, true)]);
    expect(reads[0]).toMatchObject({ number: 'CRXU1922067', valid: true });
  });

  it('does not join text that is far apart', () => {
    expect(readNumbers([piece('CRXU', 100, 100, 160, 60), piece('1922067', 1500, 900, 280, 60)])).toEqual([]);
  });

  it('corrects a unique look-alike confusion and says so', () => {
    const reads = readNumbers([piece('CRXU 1922O67', 100, 100, 500, 60)]);
    expect(reads[0]).toMatchObject({ number: 'CRXU1922067', valid: true, corrected: true });
  });

  it('takes no correction on a doubtful check digit: the corrected number is a candidate for the operator', () => {
    // The rarer correction (0 read in the owner code taken as Q) is what the check digit chose.
    const doubtful = {
      ...piece('O0LU 7532900', 100, 100, 500, 60),
      confidences: [...Array<number>(10).fill(0.97), 0.37],
    };
    const reads = readNumbers([doubtful]);
    expect(reads.filter((read) => read.valid)).toEqual([]);
    expect(reads[0]).toMatchObject({ number: 'O0LU7532900', valid: false, corrected: false });
    expect(reads[0]!.candidates).toContain('OQLU7532900');
    // Read confidently, the same correction stands.
    const sure = readNumbers([piece('O0LU 7532900', 100, 100, 500, 60)]);
    expect(sure[0]).toMatchObject({ number: 'OQLU7532900', valid: true, corrected: true });
  });

  it('flags a wrong check digit invalid, with candidates, never as a valid number', () => {
    // The boxed check digit was the doubtful character.
    const read = { ...piece('CRXU 1922068', 100, 100, 500, 60), confidences: [...Array<number>(10).fill(0.97), 0.55] };
    const reads = readNumbers([read]);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ number: 'CRXU1922068', valid: false, corrected: false });
    expect(reads[0]!.candidates[0]).toBe('CRXU1922067');
  });

  it('does not bend the middle of other text into a number', () => {
    // Weights and volumes painted beside the number: digits and letters, but no owner code.
    const reads = readNumbers([
      piece('30 480KG', 1180, 609, 135, 44),
      piece('67 200LB', 1180, 644, 133, 41),
      piece('3 420KG', 1190, 680, 121, 43),
      piece('2 70OCO FT', 1183, 846, 151, 38),
    ]);
    expect(reads.filter((read) => read.valid)).toEqual([]);
  });

  it('a number read whole inside longer text still counts when it is valid as read', () => {
    const reads = readNumbers([piece('XMSCU5006271', 100, 100, 560, 50)]);
    expect(reads[0]).toMatchObject({ number: 'MSCU5006271', valid: true, corrected: false });
  });
});

describe('continues', () => {
  it('follows a line to the right and a column downwards, not backwards', () => {
    const owner = piece('TGHU', 100, 100, 150, 60);
    expect(continues(owner, piece('270336', 270, 102, 220, 60))).toBe(true);
    expect(continues(piece('270336', 270, 102, 220, 60), owner)).toBe(false);
    expect(continues(piece('TGHU', 100, 100, 40, 200, true), piece('2703360', 98, 330, 40, 350, true))).toBe(true);
  });
});

describe('readSizeTypes', () => {
  it('reads size/type codes, with a 6 read for the G', () => {
    expect(
      readSizeTypes([piece('45G1', 0, 0, 100, 50), piece('2261', 0, 100, 100, 50)])
        .map((r) => r.code)
        .sort(),
    ).toEqual(['22G1', '45G1']);
  });

  it('ignores four characters that are no code', () => {
    expect(readSizeTypes([piece('TARE', 0, 0, 100, 50), piece('9 6', 0, 100, 60, 50)])).toEqual([]);
  });
});
