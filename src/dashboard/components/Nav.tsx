/** The menu of areas: real links (open in a new tab, copy the address), moved through in-page. */
import type { AreaDef } from '../areas';
import { InPageLink } from './InPageLink';

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
