/**
 * The bridge contract merged from its areas: every command of every area reaches the one
 * contract, and no two areas name the same command (merging would silently keep only one).
 */
import { describe, expect, it } from 'vitest';
import { bridgeAreas, bridgeCommands } from './bridge';

describe('the bridge contract', () => {
  it('holds every command of every area, each from exactly one area', () => {
    const byArea = Object.values(bridgeAreas).flatMap((area) => Object.keys(area));
    expect(new Set(byArea).size).toBe(byArea.length);
    expect([...byArea].sort()).toEqual(Object.keys(bridgeCommands).sort());
  });
});
