import { describe, expect, it } from 'vitest';
import { basketRoom } from './DisplayBasket';

describe('how many basket lines a display shows', () => {
  it('gives a screen of its own more lines than the column beside the code', () => {
    for (const [width, height] of [
      [1024, 768],
      [1920, 1080],
      [1280, 800],
    ] as const)
      expect(basketRoom(width, height, true)).toBeGreaterThan(basketRoom(width, height, false));
  });

  it('keeps two lines where the code stands under the amount (portrait, narrow)', () => {
    expect(basketRoom(768, 1024, false)).toBe(2);
    expect(basketRoom(800, 600, false)).toBe(2);
  });

  it('grows with the height of a landscape screen', () => {
    expect(basketRoom(1024, 768, false)).toBeLessThan(basketRoom(1920, 1080, false));
  });
});
