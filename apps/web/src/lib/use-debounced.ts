import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `ms` (compared by its JSON: objects rebuilt per render are equal). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value) as string | undefined;
  useEffect(() => {
    const timer = setTimeout(() => setSettled((key === undefined ? undefined : JSON.parse(key)) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}
