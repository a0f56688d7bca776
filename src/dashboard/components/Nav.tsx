/** The menu of areas: real links (open in a new tab, copy the address), moved through in-page. */
import type { ComponentType } from 'react';
import { InPageLink } from './InPageLink';

/** One area of the dashboard: its page in the menu (areas/index.ts lists them). */
export interface AreaDef {
  id: string;
  title: string;
  Component: ComponentType;
}

export function Nav({ areas, current }: { areas: readonly AreaDef[]; current: string | null }) {
  return (
    <nav aria-label="Dashboard">
      <ul className="nav">
        {areas.map((area) => (
          <li key={area.id}>
            <InPageLink area={area.id} current={area.id === current}>
              {area.title}
            </InPageLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
