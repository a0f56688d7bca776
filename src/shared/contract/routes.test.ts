import { describe, expect, it } from 'vitest';
import { contract, routes, type RouteDef } from './routes';
import { endpointOf, mergeAreas } from './merge-areas';

const entries = Object.entries(routes) as [string, RouteDef][];
const areaEntries = Object.values(contract).flatMap(
  (area) => Object.entries(area) as [string, RouteDef][],
);

const def = (method: RouteDef['method'], path: string): RouteDef => ({
  method,
  path,
  summary: path,
  tag: 'Test',
  auth: 'public',
  status: 200,
  response: null,
  errors: [],
});

describe('the merged route table', () => {
  it('gives every endpoint (method and path) to one operation only', () => {
    const byEndpoint = new Map<string, string[]>();
    for (const [name, route] of entries)
      byEndpoint.set(endpointOf(route), [...(byEndpoint.get(endpointOf(route)) ?? []), name]);
    const shared = [...byEndpoint].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('holds every operation of every area once, under its own name', () => {
    const names = areaEntries.map(([name]) => name);
    expect(new Set(names).size).toBe(names.length);
    expect(entries.map(([name]) => name)).toEqual(names);
    for (const [name, route] of areaEntries)
      expect(routes[name as keyof typeof routes]).toBe(route);
  });

  it('refuses an operation name two areas both define', () => {
    const areas = {
      payments: { getThing: def('get', '/api/things/{id}') },
      refunds: { getThing: def('get', '/api/other/{id}') },
    };
    // @ts-expect-error the name clash is a compile error too, naming getThing
    expect(() => mergeAreas(areas)).toThrow(/getThing is defined by both payments and refunds/);
  });

  it('refuses one endpoint under two names, whatever its path parameters are called', () => {
    const areas = {
      payments: { getThing: def('get', '/api/things/{thingId}') },
      refunds: { readThing: def('get', '/api/things/{id}') },
    };
    expect(() => mergeAreas(areas)).toThrow(
      /GET \/api\/things\/\{\} is both getThing and readThing/,
    );
    const otherMethod = { ...areas, refunds: { dropThing: def('delete', '/api/things/{id}') } };
    expect(Object.keys(mergeAreas(otherMethod))).toEqual(['getThing', 'dropThing']);
  });
});
