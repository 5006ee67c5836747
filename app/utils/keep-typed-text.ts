/**
 * React 18 writes a `<textarea>`'s server-rendered text back into it when it hydrates it (it
 * spares `<input>`s), so whatever a visitor typed into a prefilled textarea before the scripts
 * ran would silently vanish, and be the text that gets saved. This remembers such text from
 * before hydration and puts it back once hydration has committed.
 *
 * Call it before hydrating; call what it returns after the first commit (an effect of the root).
 */
export function keepTextTypedBeforeHydration(doc: Document): () => void {
  const typed = new Map<HTMLTextAreaElement, string>();
  const remember = (textarea: HTMLTextAreaElement) => {
    if (textarea.value !== textarea.defaultValue) typed.set(textarea, textarea.value);
    else typed.delete(textarea);
  };
  doc.querySelectorAll("textarea").forEach(remember);
  // Typing goes on while React hydrates; React's own reset fires no input event.
  const onInput = (event: Event) => {
    if (event.target instanceof HTMLTextAreaElement) remember(event.target);
  };
  doc.addEventListener("input", onInput, true);

  return function restoreTypedText() {
    doc.removeEventListener("input", onInput, true);
    for (const [textarea, value] of typed) {
      // Only where React put the server's text back: never over what was typed since.
      if (textarea.isConnected && textarea.value === textarea.defaultValue) textarea.value = value;
    }
    typed.clear();
  };
}
