/**
 * A real link to a dashboard page (open it in a new tab, copy its address) that a plain click
 * follows in-page, moving the focus to the page's content as a page load would.
 */
import type { MouseEvent, ReactNode } from 'react';
import { useRouter } from '../context';
import { pathOf } from '../store/router';

export function InPageLink({
  area,
  sub = '',
  current,
  className,
  ariaLabel,
  children,
}: {
  area: string;
  /** The page within the area, such as a customer's id. */
  sub?: string;
  /** This link is the page shown (the menu marks it). */
  current?: boolean;
  className?: string;
  /** What a screen reader says when the text alone is ambiguous ("Details of ORD-1"). */
  ariaLabel?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  return (
    <a
      href={pathOf(area, sub)}
      className={className}
      aria-label={ariaLabel}
      aria-current={current ? 'page' : undefined}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // A modified click (new tab, new window) is the browser's to handle.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return;
        event.preventDefault();
        router.navigate(area, sub);
        document.getElementById('main')?.focus();
      }}
    >
      {children}
    </a>
  );
}
