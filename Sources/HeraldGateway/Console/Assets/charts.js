// Charts as inline SVG made with DOM calls; labels are text nodes.
import { number } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// The funnel targeted → sent → delivered → opened, as horizontal bars.
export function funnel(publish, label) {
  const steps = [
    ["Targeted", publish.targeted, "bar1"], ["Sent", publish.sent, "bar2"],
    ["Delivered", publish.delivered, "bar3"], ["Opened", publish.opened, "bar4"],
  ];
  const width = 360, row = 26, labelWidth = 80, height = steps.length * row + 4;
  const top = Math.max(1, publish.targeted, publish.sent);
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart funnel", role: "img" });
  const summary = steps.map(([name, value]) => `${name} ${number(value)}`).join(", ");
  chart.setAttribute("aria-label", (label ? label + ": " : "") + summary);
  chart.append(svg("title", {}, summary));
  steps.forEach(([name, value, style], index) => {
    const y = index * row + 2;
    const barWidth = Math.round(((width - labelWidth - 60) * (value || 0)) / top);
    chart.append(svg("text", { x: 0, y: y + 16 }, name));
    chart.append(svg("rect", { x: labelWidth, y, width: Math.max(barWidth, 1), height: row - 6, rx: 3, class: style }));
    const percent = publish.targeted ? ` (${Math.round((100 * (value || 0)) / publish.targeted)}%)` : "";
    chart.append(svg("text", { x: labelWidth + barWidth + 6, y: y + 16 }, `${number(value)}${index ? percent : ""}`));
  });
  return chart;
}

// "90 s", "15 min", "6 h", "2 d": an offset from a timeline's start.
export function duration(seconds) {
  const units = [[86400, "d"], [3600, "h"], [60, "min"]];
  for (const [size, name] of units) if (seconds >= size && seconds % size === 0) return `${seconds / size} ${name}`;
  for (const [size, name] of units) if (seconds >= 2 * size) return `${Math.round(seconds / size)} ${name}`;
  return `${Math.round(seconds)} s`;
}

// About `count` round steps from 0 to at least `max` (whole numbers: counts).
function valueTicks(max, count) {
  const raw = Math.max(1, max / count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((m) => m >= raw);
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => i * step);
}

// Clock times every `step` seconds (a round one, about one per `room` px) between two times.
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800, 604800];
function timeTicks(from, to, room) {
  const step = STEPS.find((s) => (to - from) / s <= room) || STEPS[STEPS.length - 1];
  const ticks = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  const long = to - from >= 86400;
  const format = { hour: "2-digit", minute: "2-digit", ...(step < 60 ? { second: "2-digit" } : {}), ...(long ? { day: "numeric", month: "short" } : {}) };
  return ticks.map((t) => [t, new Date(t * 1000).toLocaleString([], format)]);
}

// Each series' look besides its colour, so that lines on top of each other stay apart:
// a dash pattern and a marker shape (drawn at staggered times along the line and in the legend).
const LOOKS = [{ dash: "", marker: "circle" }, { dash: "7 4", marker: "square" }, { dash: "2 3", marker: "triangle" },
  { dash: "10 3 2 3", marker: "diamond" }];

function marker(shape, cx, cy, style) {
  const r = 4.5;
  if (shape === "circle") return svg("circle", { cx, cy, r, class: style + "-key" });
  if (shape === "square") return svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, class: style + "-key" });
  const points = shape === "triangle" ? [[0, -r - 1], [r + 1, r], [-r - 1, r]] : [[0, -r - 1], [r + 1, 0], [0, r + 1], [-r - 1, 0]];
  return svg("polygon", { points: points.map(([dx, dy]) => `${cx + dx},${cy + dy}`).join(" "), class: style + "-key" });
}

// Running totals over time, one step line per series: samples [{t, values: {name: n}}]
// hold from their t (seconds from `start`) until the next one's, the last until `end`.
// `width`: the room it has, in px, so that its text keeps its size at any width.
export function timeline(samples, end, series, label, { start = 0, width = 640 } = {}) {
  width = Math.max(280, Math.round(width));
  const perRow = Math.max(1, Math.floor((width - 40) / 130));
  const legendRows = Math.ceil(series.length / perRow);
  const left = 48, right = 16, bottom = 26, plotTop = 14 + legendRows * 20, height = plotTop + 200 + bottom;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, class: "chart timeline", role: "img", "aria-label": label });
  chart.append(svg("title", {}, label));
  const t1 = Math.max(end, 1);
  const peak = Math.max(0, ...samples.flatMap((sample) => series.map(([name]) => sample.values[name] || 0)));
  const yTicks = valueTicks(peak, 4);
  const max = yTicks[yTicks.length - 1];
  const x = (t) => +(left + ((width - left - right) * t) / t1).toFixed(1);
  const y = (v) => +(height - bottom - ((height - bottom - plotTop) * v) / max).toFixed(1);
  for (const v of yTicks) {
    chart.append(svg("line", { x1: left, y1: y(v), x2: width - right, y2: y(v), class: v ? "grid" : "axis" }));
    chart.append(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, number(v)));
  }
  chart.append(svg("line", { x1: left, y1: plotTop, x2: left, y2: height - bottom, class: "axis" }));
  // Times on x, as many as their labels leave room for (about 7 px a character), none over another.
  const chars = new Date(start * 1000).toLocaleTimeString().length;
  let free = 0;
  for (const [at, text] of timeTicks(start, start + t1, Math.max(2, Math.floor((width - left - right) / (7 * chars + 24))))) {
    const px = x(at - start), half = 3.5 * text.length;
    const [anchor, from] = px - half < 0 ? ["start", px] : px + half > width ? ["end", px - 2 * half] : ["middle", px - half];
    chart.append(svg("line", { x1: px, y1: height - bottom, x2: px, y2: height - bottom + 4, class: "axis" }));
    if (from < free) continue;
    chart.append(svg("text", { x: px, y: height - 8, "text-anchor": anchor }, text));
    free = from + 2 * half + 12;
  }
  const valueAt = (name, t) => samples.reduce((v, sample) => (sample.t <= t ? sample.values[name] || 0 : v), 0);
  series.forEach(([name, title, style], index) => {
    const look = LOOKS[index % LOOKS.length];
    const points = [`${x(0)},${y(0)}`];
    let last = 0;
    for (const sample of samples) {
      const value = sample.values[name] || 0;
      points.push(`${x(sample.t)},${y(last)}`, `${x(sample.t)},${y(value)}`);
      last = value;
    }
    points.push(`${x(t1)},${y(last)}`);
    chart.append(svg("polyline", { points: points.join(" "), class: style, "stroke-dasharray": look.dash || "none", "data-series": name }));
    // Markers a quarter-step apart from the other series' ones: equal lines still show each.
    for (let k = 0; k < 3; k++) {
      const t = (t1 * (k + (index + 1) / (series.length + 1))) / 3;
      chart.append(marker(look.marker, x(t), y(valueAt(name, t)), style));
    }
    const lx = 8 + (index % perRow) * 130, ly = 8 + Math.floor(index / perRow) * 20;
    chart.append(svg("line", { x1: lx, y1: ly + 6, x2: lx + 26, y2: ly + 6, class: style, "stroke-dasharray": look.dash || "none" }));
    chart.append(marker(look.marker, lx + 13, ly + 6, style));
    chart.append(svg("text", { x: lx + 32, y: ly + 10 }, `${title} ${number(last)}`));
  });
  return chart;
}
