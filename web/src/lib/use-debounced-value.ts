import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 500;

export function useDebouncedValue<Value>(value: Value, delay: number = SEARCH_DEBOUNCE_MS): Value {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
