import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { keepTextTypedBeforeHydration } from "~/utils/keep-typed-text";

const restoreTypedText = keepTextTypedBeforeHydration(document);

/**
 * Its effect runs after every other effect of the first commit: hydration is over. It then says
 * so on the document (`<html data-hydrated>`), the one sign that the page's script-only behaviour
 * (a focus trap, a select that saves on change) is live: browser tests wait on it.
 */
function AfterHydration({ children }: { children: ReactNode }) {
  useEffect(() => {
    restoreTypedText();
    document.documentElement.dataset.hydrated = "";
  }, []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <AfterHydration>
        <RemixBrowser />
      </AfterHydration>
    </StrictMode>,
  );
});
