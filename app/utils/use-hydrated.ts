import { useEffect, useState } from "react";

let hydrating = true;

/**
 * False in the server's HTML and during hydration, true once JavaScript runs: for controls that
 * only make sense without script (a "Save" button beside a select that saves on change).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => !hydrating);
  useEffect(() => {
    hydrating = false;
    setHydrated(true);
  }, []);
  return hydrated;
}
