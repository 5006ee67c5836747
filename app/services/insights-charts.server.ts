import type * as PlotLibrary from "@observablehq/plot";
import type { parseHTML as ParseHtml } from "linkedom";
import { formatLongDay } from "~/domain/format";
import { FUNNEL_STEPS, STEP_TEXTS, type FunnelCounts } from "~/domain/insights";

/**
 * The insights' charts (issue 40 point 2), drawn on the server as SVG with Observable Plot over a
 * linkedom document: they show without JavaScript, and nothing is drawn in the browser. Each is an
 * `<svg role="img">` with a `<title>` and a `<desc>` that says in words what it shows; the page puts
 * its numbers in a table beside it. Plot's own `<style>` element is dropped (the Content Security
 * Policy allows no inline style; app/tailwind.css sizes `.chart svg` instead). Colours keep 3:1
 * against white (navy 8.9:1, teal 5.5:1, ink-soft 6.1:1).
 */
const COLOURS = { navy: "#2E4A7D", teal: "#0F766E", soft: "#52607A" } as const;
const FONT = "system-ui, sans-serif";

export type Chart = { svg: string };

type Described = { id: string; title: string; description: string };

/** Plot's figure with its title and description inside, and without its inline style. */
function described(svg: Element, document: Document, { id, title, description }: Described): Chart {
  svg.querySelector("style")?.remove();
  svg.removeAttribute("class");
  svg.removeAttribute("style");
  // The figure is one image named by its title and description: Plot's labels of its parts
  // ("bar", "x-axis tick") would be ARIA on elements with no role (axe: aria-prohibited-attr).
  for (const part of svg.querySelectorAll("[aria-label], [aria-hidden], [aria-description]")) {
    part.removeAttribute("aria-label");
    part.removeAttribute("aria-hidden");
    part.removeAttribute("aria-description");
  }
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-labelledby", `${id}-title`);
  svg.setAttribute("aria-describedby", `${id}-desc`);
  const desc = document.createElementNS("http://www.w3.org/2000/svg", "desc");
  desc.setAttribute("id", `${id}-desc`);
  desc.textContent = description;
  const heading = document.createElementNS("http://www.w3.org/2000/svg", "title");
  heading.setAttribute("id", `${id}-title`);
  heading.textContent = title;
  svg.prepend(heading, desc);
  return { svg: svg.outerHTML };
}

/**
 * The chart drawers over the two libraries, loaded when a chart is first drawn rather than when
 * the server starts (they are half a second of start-up, paid by every instance and every test
 * server, for a page only staff open).
 */
export function loadCharts() {
  charts ??= Promise.all([import("@observablehq/plot"), import("linkedom")]).then(([plot, dom]) =>
    chartsOver(plot, dom.parseHTML),
  );
  return charts;
}
let charts: Promise<ReturnType<typeof chartsOver>> | undefined;

function chartsOver(Plot: typeof PlotLibrary, parseHTML: typeof ParseHtml) {
  function plotted(options: PlotLibrary.PlotOptions, what: Described): Chart {
    const { document } = parseHTML("<!doctype html><html><body></body></html>");
    const svg = Plot.plot({ document, ...options }) as unknown as Element;
    svg.setAttribute("font-family", FONT);
    svg.setAttribute("font-size", "12");
    return described(svg, document, what);
  }

  const count = (value: number) => value.toLocaleString("en-IN");
  const weekLabel = (week: string) => formatLongDay(week).replace(/ \d{4}$/, "");

  /** The funnel: one bar a step, its count at its end. */
  function funnelChart(totals: FunnelCounts): Chart {
    const steps = FUNNEL_STEPS.map((step) => ({ step: STEP_TEXTS[step].label, families: totals[step] }));
    return plotted(
      {
        width: 640,
        height: 230,
        marginLeft: 120,
        marginRight: 56,
        x: { label: "Families", grid: true, tickFormat: count },
        y: { label: null, domain: steps.map((row) => row.step) },
        marks: [
          Plot.barX(steps, { x: "families", y: "step", fill: COLOURS.navy }),
          Plot.text(steps, {
            x: "families",
            y: "step",
            text: (row: (typeof steps)[number]) => count(row.families),
            textAnchor: "start",
            dx: 6,
            fill: "#1F2A44",
          }),
          Plot.ruleX([0]),
        ],
      },
      {
        id: "funnel-chart",
        title: "Admissions funnel",
        description: `From ${count(totals.enquiries)} enquiries: ${count(totals.applications)} applications, ${count(
          totals.contacted,
        )} contacted, ${count(totals.offered)} offered a seat, ${count(totals.admitted)} paid and admitted.`,
      },
    );
  }

  /** Enquiries and admissions a week, as two lines with their names at their ends. */
  function weeklyChart(weeks: { week: string; counts: FunnelCounts }[]): Chart {
    const series = [
      { name: "Enquiries", colour: COLOURS.navy, of: (counts: FunnelCounts) => counts.enquiries },
      { name: "Paid / admitted", colour: COLOURS.teal, of: (counts: FunnelCounts) => counts.admitted },
    ];
    const points = series.flatMap(({ name, of }) =>
      weeks.map(({ week, counts }) => ({ name, week: new Date(`${week}T00:00:00Z`), families: of(counts) })),
    );
    const busiest = weeks.reduce((most, { counts }) => Math.max(most, counts.enquiries), 0);
    const last = weeks.at(-1);
    return plotted(
      {
        width: 640,
        height: 240,
        marginRight: 110,
        x: {
          label: null,
          type: "utc",
          ticks: Math.min(weeks.length, 6),
          tickFormat: (day: Date) => weekLabel(day.toISOString().slice(0, 10)),
        },
        y: { label: "Families a week", grid: true, domain: [0, Math.max(busiest, 1)], tickFormat: count },
        color: { domain: series.map(({ name }) => name), range: series.map(({ colour }) => colour) },
        marks: [
          // z named, not implied by stroke: a range of one week has as many series as points, which
          // Plot would otherwise warn about on the server's console at every page.
          Plot.lineY(points, { x: "week", y: "families", stroke: "name", z: "name", strokeWidth: 2.5 }),
          Plot.dot(points, { x: "week", y: "families", fill: "name", r: 3 }),
          Plot.text(
            points,
            Plot.selectLast({
              x: "week",
              y: "families",
              z: "name",
              text: "name",
              fill: "name",
              dx: 8,
              textAnchor: "start",
            }),
          ),
        ],
      },
      {
        id: "weekly-chart",
        title: "Enquiries and admissions by week",
        description: last
          ? `${weeks.length} weeks from the week of ${formatLongDay(weeks[0]!.week)}. The busiest week had ${count(
              busiest,
            )} enquiries; the last, the week of ${formatLongDay(last.week)}, had ${count(last.counts.enquiries)} enquiries and ${count(
              last.counts.admitted,
            )} admissions.`
          : "No week in the range.",
      },
    );
  }

  /** Enquiries of each group (a source, a grade) as a bar, its admissions as a darker bar over it. */
  function groupChart(id: string, title: string, groups: { name: string; counts: FunnelCounts }[]): Chart {
    const rows = groups.map(({ name, counts }) => ({
      name,
      enquiries: counts.enquiries,
      admitted: counts.admitted,
    }));
    const top = [...rows].sort((a, b) => b.enquiries - a.enquiries)[0];
    return plotted(
      {
        width: 640,
        height: Math.max(120, 40 + rows.length * 28),
        marginLeft: 140,
        marginRight: 90,
        x: { label: "Enquiries (teal: paid / admitted)", grid: true, tickFormat: count },
        y: { label: null, domain: rows.map((row) => row.name) },
        marks: [
          Plot.barX(rows, { x: "enquiries", y: "name", fill: COLOURS.navy }),
          Plot.barX(rows, { x: "admitted", y: "name", fill: COLOURS.teal, insetTop: 6, insetBottom: 6 }),
          Plot.text(rows, {
            x: "enquiries",
            y: "name",
            text: (row: (typeof rows)[number]) => `${count(row.enquiries)} / ${count(row.admitted)}`,
            textAnchor: "start",
            dx: 6,
            fill: "#1F2A44",
          }),
          Plot.ruleX([0]),
        ],
      },
      {
        id,
        title,
        description: top
          ? `${rows.length} groups; the most enquiries came from ${top.name}: ${count(top.enquiries)}, of whom ${count(
              top.admitted,
            )} were admitted.`
          : "No enquiry in the range.",
      },
    );
  }

  /**
   * The last trend line drawn, by what it was drawn from. /admin draws it on every visit and the
   * weeks' counts seldom change between two; drawing it (Plot over a fresh document) was a tenth
   * of the page's time on the event loop (docs/performance.md, issue 41). A drawing depends on its
   * points alone, so every instance draws the same SVG from the same counts: nothing to agree on.
   */
  let lastTrend: { drawnFrom: string; chart: Chart } | undefined;

  /** The dashboard's small trend line: enquiries a week, no axes (the figures beside it say the numbers). */
  function trendLine(weeks: { week: string; counts: FunnelCounts }[]): Chart {
    const points = weeks.map(({ week, counts }, index) => ({ index, enquiries: counts.enquiries, week }));
    const drawnFrom = JSON.stringify(points);
    if (lastTrend?.drawnFrom !== drawnFrom) lastTrend = { drawnFrom, chart: drawTrendLine(weeks, points) };
    return lastTrend.chart;
  }

  function drawTrendLine(
    weeks: { week: string; counts: FunnelCounts }[],
    points: { index: number; enquiries: number; week: string }[],
  ): Chart {
    const first = weeks[0];
    const last = weeks.at(-1);
    return plotted(
      {
        width: 240,
        height: 56,
        margin: 4,
        axis: null,
        y: { domain: [0, Math.max(1, ...points.map((point) => point.enquiries))] },
        marks: [
          Plot.areaY(points, { x: "index", y: "enquiries", fill: "#EEF3FA", z: null }),
          Plot.lineY(points, { x: "index", y: "enquiries", stroke: COLOURS.navy, strokeWidth: 2, z: null }),
        ],
      },
      {
        id: "trend-line",
        title: "Enquiries a week",
        description:
          first && last
            ? `Enquiries a week over ${weeks.length} weeks: ${count(first.counts.enquiries)} in the week of ${formatLongDay(
                first.week,
              )}, ${count(last.counts.enquiries)} in the week of ${formatLongDay(last.week)}.`
            : "No week in the range.",
      },
    );
  }

  return { funnelChart, weeklyChart, groupChart, trendLine };
}
