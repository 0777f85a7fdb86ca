import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';

export interface Tab {
  to: string;
  label: string;
  /** Active only on exactly this path (not on the paths below it). */
  end?: boolean;
}

/**
 * The sub-pages of one record or area as a row of links (`<nav>` named by `label`). On a
 * phone the row scrolls sideways; the active tab is scrolled into view so the user sees
 * where they are, also when it is the last one.
 */
export function Tabs({ label, tabs }: { label: string; tabs: Tab[] }) {
  const navigation = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const bar = navigation.current;
    const active = bar?.querySelector<HTMLElement>('.tabs__link.active');
    if (!bar || !active) return;
    // Only the bar scrolls (scrollIntoView would also scroll the window).
    const left = active.offsetLeft - bar.offsetLeft;
    if (left < bar.scrollLeft || left + active.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = left - (bar.clientWidth - active.offsetWidth) / 2;
    }
  }, [pathname]);
  return (
    <nav className="tabs" aria-label={label} ref={navigation}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} end={tab.end} className="tabs__link" to={tab.to}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
