import { Form, useFetcher, useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import type { loader as searchLoader } from "~/routes/admin.search";
import type { SearchGroup, SearchHit } from "~/services/admin-search.server";
import { useHydrated } from "~/utils/use-hydrated";
import { SearchIcon } from "./icons";

const SEARCH_PATH = "/admin/search";
/** How long typing must pause before the box asks: one request per word, not per key. */
const TYPING_PAUSE_MS = 150;

const searchUrl = (text: string) => `${SEARCH_PATH}?${new URLSearchParams({ q: text })}`;

/**
 * The admin header's search: a GET form to /admin/search (Enter shows the results page, with or
 * without JavaScript). With JavaScript it is also a combobox: results appear under it while
 * typing, only the answer to the text now in the box is shown (a late answer to earlier text is
 * dropped), arrows move through them, Enter opens one, Escape closes the list, and a live region
 * says how many were found.
 */
export function AdminSearchBox() {
  const location = useLocation();
  const onResultsPage = location.pathname === SEARCH_PATH;
  const searched = onResultsPage ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  const [text, setText] = useState(searched);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hydrated = useHydrated();
  const fetcher = useFetcher<typeof searchLoader>();
  const { load } = fetcher;
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;

  // A new page (a result opened, the results page shown, Back) closes the list and shows its
  // search: state adjusted while rendering, as React advises for state that follows a prop.
  const [pageKey, setPageKey] = useState(location.key);
  if (pageKey !== location.key) {
    setPageKey(location.key);
    setOpen(false);
    setActive(-1);
    if (searched) setText(searched);
  }

  useEffect(() => {
    if (!open || text.trim() === "") return;
    const timer = setTimeout(() => load(searchUrl(text)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [open, text, load]);

  // Only the answer to the text in the box now: an earlier request's answer may arrive after it.
  const answer = fetcher.data?.q === text ? fetcher.data.loaded : null;
  const outcome = answer?.data ?? null;
  const groups = outcome?.found ? outcome.groups.filter((group) => group.total > 0) : [];
  const options = groups.flatMap((group) => group.hits);
  const expanded = hydrated && open && text.trim() !== "";
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const openHit = (hit: SearchHit) => {
    close();
    navigate(hit.href);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Escape" && expanded) {
      event.preventDefault();
      close();
    } else if (event.key === "ArrowDown" && options.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((current) => (expanded ? Math.min(current + 1, options.length - 1) : 0));
    } else if (event.key === "ArrowUp" && expanded && options.length > 0) {
      event.preventDefault();
      setActive((current) => Math.max(current - 1, -1));
    } else if (event.key === "Enter" && expanded && options[active]) {
      event.preventDefault();
      openHit(options[active]);
    }
  }

  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      aria-label="Search records"
      className="relative order-last w-full md:order-none md:w-auto md:max-w-md md:flex-1"
      onSubmit={close}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <label htmlFor="admin-search" className="sr-only">
        Search
      </label>
      <SearchIcon className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-ink-soft" />
      <input
        id="admin-search"
        type="search"
        name="q"
        value={text}
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        {...(hydrated
          ? {
              role: "combobox",
              "aria-expanded": expanded,
              "aria-controls": listId,
              "aria-autocomplete": "list" as const,
              "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
            }
          : {})}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        className="block w-full rounded-full border-2 border-navy/15 bg-sun-50 py-2 pl-11 pr-4 text-ink placeholder:text-ink-soft focus:border-navy focus:outline-none focus-visible:outline-[3px] focus-visible:outline-offset-0 focus-visible:outline-coral"
      />
      <p role="status" className="sr-only">
        {expanded && answer ? announcement(answer) : ""}
      </p>
      <div
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-40 mt-2 max-h-[70vh] overflow-y-auto rounded-3xl border-2 border-navy/10 bg-white p-2 shadow-xl md:min-w-[28rem]"
      >
        {answer === null ? (
          <p className="px-3 py-2 text-ink-soft">Searching…</p>
        ) : !outcome ? (
          <p className="px-3 py-2 font-semibold text-coral-dark">{answer.error}</p>
        ) : !outcome.found ? (
          <p className="px-3 py-2 font-semibold text-ink">{outcome.message}</p>
        ) : groups.length === 0 ? (
          <p className="px-3 py-2 text-ink">Nothing matches your search.</p>
        ) : null}
        <div role="listbox" id={listId} aria-label="Search results">
          {groups.map((group) => (
            <ResultGroup
              key={group.kind}
              group={group}
              firstIndex={options.indexOf(group.hits[0]!)}
              active={active}
              optionId={optionId}
              onOpen={openHit}
            />
          ))}
        </div>
        {outcome?.found && outcome.total > 0 ? (
          <a
            href={searchUrl(text)}
            onClick={(event) => {
              event.preventDefault();
              close();
              navigate(searchUrl(text));
            }}
            className="mt-1 block rounded-2xl px-3 py-2 font-bold text-navy underline underline-offset-2 hover:bg-navy-50"
          >
            Open the results page
          </a>
        ) : null}
      </div>
    </Form>
  );
}

function announcement(
  answer: NonNullable<ReturnType<typeof useFetcher<typeof searchLoader>>["data"]>["loaded"],
) {
  if (answer.error !== null) return answer.error;
  const outcome = answer.data;
  if (!outcome.found) return outcome.message;
  if (outcome.total === 0) return "No results.";
  return `${outcome.total.toLocaleString("en-IN")} ${outcome.total === 1 ? "result" : "results"}.`;
}

/** One kind's results in the list: its name and count (read out as the group's label), then its options. */
function ResultGroup({
  group,
  firstIndex,
  active,
  optionId,
  onOpen,
}: {
  group: SearchGroup;
  firstIndex: number;
  active: number;
  optionId: (index: number) => string;
  onOpen: (hit: SearchHit) => void;
}) {
  return (
    <div role="group" aria-label={`${group.label}: ${group.total} found`} className="py-1">
      <div
        aria-hidden="true"
        className="px-3 pb-1 pt-2 text-xs font-bold uppercase tracking-wider text-ink-soft"
      >
        {group.label} · {group.total.toLocaleString("en-IN")}
      </div>
      {group.hits.map((hit, offset) => {
        const index = firstIndex + offset;
        const selected = index === active;
        return (
          // The input keeps focus (aria-activedescendant); the keyboard path is its onKeyDown.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <div
            key={hit.id}
            id={optionId(index)}
            role="option"
            aria-selected={selected}
            tabIndex={-1}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onOpen(hit)}
            className={`cursor-pointer rounded-2xl px-3 py-2 ${selected ? "bg-navy text-white" : "hover:bg-navy-50"}`}
          >
            <span className="block break-words font-bold">{hit.title}</span>
            {hit.details.length > 0 ? (
              <span className={`block break-words text-sm ${selected ? "text-white" : "text-ink-soft"}`}>
                {hit.details.join(" · ")}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
