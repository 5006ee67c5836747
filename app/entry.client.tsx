import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { keepTextTypedBeforeHydration } from "~/utils/keep-typed-text";

const restoreTypedText = keepTextTypedBeforeHydration(document);

/** Its effect runs after every other effect of the first commit: hydration is over. */
function AfterHydration({ children }: { children: ReactNode }) {
  useEffect(restoreTypedText, []);
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
