import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/**
 * How many pixels of two same-sized PNG screenshots differ in a way a person could see.
 *
 * Chromium does not rasterise an anti-aliased edge identically every time: the rounded corner of
 * a control can come out one level lighter or darker from one load of a page to the next, with
 * nothing about the page changed. pixelmatch tells such edge pixels apart from drawn content and
 * leaves them out, and the small threshold lets through only differences of a level or two per
 * channel; a colour from a neighbouring step of the palette, a moved line of text or a missing
 * border still counts.
 */
export function visibleDifferences(a: Buffer, b: Buffer): number {
  const first = PNG.sync.read(a);
  const second = PNG.sync.read(b);
  if (first.width !== second.width || first.height !== second.height)
    return Math.max(first.width * first.height, second.width * second.height);
  return pixelmatch(first.data, second.data, undefined, first.width, first.height, { threshold: 0.01 });
}
