/**
 * Merges the areas' sub-contracts into the one flat table every caller reads by operation name
 * (`routes.createCustomer`). An operation name two areas both define fails to compile, naming it;
 * a name or an endpoint (method and path) defined twice throws when the table is built, so a
 * clash never reaches the server, the clients or the OpenAPI document.
 */
import type { RouteDef } from './route-def';

export type Areas = Record<string, Record<string, RouteDef>>;

/** The operation names defined by more than one area: `never` when there is none. */
type SharedNames<C extends Areas> = {
  [A in keyof C]: keyof C[A] & { [B in Exclude<keyof C, A>]: keyof C[B] }[Exclude<keyof C, A>];
}[keyof C];

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every area's operations, by name, in one object type. */
export type Merged<C extends Areas> = {
  readonly [N in keyof Intersection<C[keyof C]>]: Intersection<C[keyof C]>[N];
};

type NoSharedNames<C extends Areas> = [SharedNames<C>] extends [never]
  ? unknown
  : { operationNameInTwoAreas: SharedNames<C> };

/** `/api/terminal/{id}` and `/api/terminal/{terminalId}` are one endpoint to the router. */
export const endpointOf = (def: RouteDef): string =>
  `${def.method.toUpperCase()} ${def.path.replace(/\{\w+\}/g, '{}')}`;

/** The areas' operations in one table, in area order and each area's own order. */
export function mergeAreas<const C extends Areas>(areas: C & NoSharedNames<C>): Merged<C> {
  const merged: Record<string, RouteDef> = {};
  const areaOf = new Map<string, string>();
  const nameAt = new Map<string, string>();
  for (const [area, defs] of Object.entries(areas as C)) {
    for (const [name, def] of Object.entries(defs)) {
      const first = areaOf.get(name);
      if (first !== undefined)
        throw new Error(`contract: operation ${name} is defined by both ${first} and ${area}`);
      const endpoint = endpointOf(def);
      const taken = nameAt.get(endpoint);
      if (taken !== undefined)
        throw new Error(`contract: ${endpoint} is both ${taken} and ${name} (${area})`);
      areaOf.set(name, area);
      nameAt.set(endpoint, name);
      merged[name] = def;
    }
  }
  return merged as Merged<C>;
}
