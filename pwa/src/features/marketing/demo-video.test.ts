import { describe, expect, it } from 'vitest';
import { demoEmbedUrl } from './demo-video';

describe('demoEmbedUrl', () => {
  it.each([
    ['https://www.youtube-nocookie.com/embed/abcDEF12345', 'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0'],
    ['https://www.youtube.com/watch?v=abcDEF12345&t=42s', 'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0&start=42'],
    ['https://youtu.be/abcDEF12345', 'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0'],
    ['https://www.youtube.com/embed/abcDEF12345?start=10', 'https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1&rel=0&start=10'],
  ])('%s → %s', (raw, expected) => {
    expect(demoEmbedUrl(raw)).toBe(expected);
  });

  it.each([
    [undefined],
    [''],
    ['  '],
    ['not a url'],
    ['http://www.youtube.com/watch?v=abcDEF12345'],
    ['https://vimeo.com/123456'],
    ['https://www.youtube.com/watch?v=<script>'],
  ])('%s → no video', (raw) => {
    expect(demoEmbedUrl(raw)).toBeUndefined();
  });
});
