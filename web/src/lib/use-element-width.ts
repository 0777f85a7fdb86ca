import { useCallback, useState } from 'react';

/**
 * The width in CSS pixels of the element the returned ref is attached to, following
 * resizes; `fallback` until it is measured (and where there is no ResizeObserver, as in
 * jsdom). A callback ref, so it also works for an element that mounts later.
 */
export function useElementWidth<T extends Element>(fallback: number): [(element: T | null) => void, number] {
  const [width, setWidth] = useState(fallback);
  const [observer] = useState(() =>
    typeof ResizeObserver === 'function'
      ? new ResizeObserver((entries) => {
          const measured = Math.round(entries[0]?.contentRect.width ?? 0);
          if (measured > 0) setWidth(measured);
        })
      : null,
  );
  const ref = useCallback(
    (element: T | null) => {
      observer?.disconnect();
      if (element) observer?.observe(element);
    },
    [observer],
  );
  return [ref, width];
}
