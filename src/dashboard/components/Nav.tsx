/** The menu of areas: real links (open in a new tab, copy the address), moved through in-page. */
import type { MouseEvent } from 'react';
import type { AreaDef } from '../areas';
import { useRouter } from '../context';
import { pathOf } from '../store/router';

export function Nav({ areas, current }: { areas: readonly AreaDef[]; current: string | null }) {
  const router = useRouter();
  const follow = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    // A modified click (new tab, new window) is the browser's to handle.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    router.navigate(id);
    document.getElementById('main')?.focus();
  };
  return (
    <nav aria-label="Dashboard">
      <ul className="nav">
        {areas.map((area) => (
          <li key={area.id}>
            <a
              href={pathOf(area.id)}
              aria-current={area.id === current ? 'page' : undefined}
              onClick={(event) => follow(event, area.id)}
            >
              {area.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
