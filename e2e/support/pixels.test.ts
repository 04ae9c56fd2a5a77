import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { visibleDifferences } from './pixels';

type Rgb = [number, number, number];
const WHITE: Rgb = [255, 255, 255];
const SLATE_300: Rgb = [202, 213, 226];

/** A white 40×40 picture with a one-pixel slate border box, painted further by `paint`. */
function picture(paint: (set: (x: number, y: number, rgb: Rgb) => void) => void = () => {}): Buffer {
  const png = new PNG({ width: 40, height: 40 });
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    const at = (y * 40 + x) * 4;
    png.data[at] = r;
    png.data[at + 1] = g;
    png.data[at + 2] = b;
    png.data[at + 3] = 255;
  };
  for (let y = 0; y < 40; y++) for (let x = 0; x < 40; x++) set(x, y, WHITE);
  for (let i = 8; i < 32; i++) {
    set(i, 8, SLATE_300);
    set(i, 31, SLATE_300);
    set(8, i, SLATE_300);
    set(31, i, SLATE_300);
  }
  // The rounded corner's anti-aliased pixel, half way between the border and the white.
  set(32, 8, [229, 234, 240]);
  paint(set);
  return PNG.sync.write(png);
}

describe('visibleDifferences', () => {
  it('finds none between a picture and itself', () => {
    expect(visibleDifferences(picture(), picture())).toBe(0);
  });

  it('leaves out an anti-aliased edge pixel rasterised one level off', () => {
    expect(
      visibleDifferences(
        picture(),
        picture((set) => set(32, 8, [228, 233, 239])),
      ),
    ).toBe(0);
  });

  it('counts text drawn in the neighbouring grey of the palette (slate-600 for slate-700)', () => {
    const text = (rgb: Rgb) => (set: (x: number, y: number, rgb: Rgb) => void) => {
      for (let y = 14; y < 18; y++) for (let x = 12; x < 28; x++) set(x, y, rgb);
    };
    expect(visibleDifferences(picture(text([51, 65, 85])), picture(text([71, 85, 105])))).toBeGreaterThan(0);
  });

  it('counts a border that is missing', () => {
    const noBorder = picture((set) => {
      for (let i = 8; i < 32; i++) set(31, i, WHITE);
    });
    expect(visibleDifferences(picture(), noBorder)).toBeGreaterThan(0);
  });

  it('counts pictures of different sizes as wholly different', () => {
    const taller = new PNG({ width: 40, height: 41 });
    expect(visibleDifferences(picture(), PNG.sync.write(taller))).toBeGreaterThan(0);
  });
});
