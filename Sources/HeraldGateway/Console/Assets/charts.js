// Charts as inline SVG made with DOM calls; labels are text nodes.
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
  const summary = steps.map(([name, value]) => `${name} ${value}`).join(", ");
  chart.setAttribute("aria-label", (label ? label + ": " : "") + summary);
  chart.append(svg("title", {}, summary));
  steps.forEach(([name, value, style], index) => {
    const y = index * row + 2;
    const barWidth = Math.round(((width - labelWidth - 60) * (value || 0)) / top);
    chart.append(svg("text", { x: 0, y: y + 16 }, name));
    chart.append(svg("rect", { x: labelWidth, y, width: Math.max(barWidth, 1), height: row - 6, rx: 3, class: style }));
    const percent = publish.targeted ? ` (${Math.round((100 * (value || 0)) / publish.targeted)}%)` : "";
    chart.append(svg("text", { x: labelWidth + barWidth + 6, y: y + 16 }, `${value || 0}${index ? percent : ""}`));
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

// Running totals over time, one step line per series: samples [{t, values: {name: n}}]
// hold from their t (seconds from the start) until the next one's, the last until `end`.
export function timeline(samples, end, series, label) {
  // The legend sits above the plot, which starts at `plotTop`.
  const width = 640, height = 240, left = 44, bottom = 28, right = 12, top = 10, plotTop = 34;
  const chart = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart timeline", role: "img", "aria-label": label });
  chart.append(svg("title", {}, label));
  const t1 = Math.max(end, 1);
  const max = Math.max(1, ...samples.flatMap((sample) => series.map(([name]) => sample.values[name] || 0)));
  const x = (t) => (left + ((width - left - right) * t) / t1).toFixed(1);
  const y = (v) => (height - bottom - ((height - bottom - plotTop) * v) / max).toFixed(1);
  chart.append(svg("line", { x1: left, y1: height - bottom, x2: width - right, y2: height - bottom, class: "axis" }));
  chart.append(svg("line", { x1: left, y1: plotTop, x2: left, y2: height - bottom, class: "axis" }));
  chart.append(svg("text", { x: 4, y: plotTop + 10 }, String(max)));
  chart.append(svg("text", { x: 4, y: height - bottom }, "0"));
  chart.append(svg("text", { x: left, y: height - 8 }, duration(0)));
  chart.append(svg("text", { x: width - right, y: height - 8, "text-anchor": "end" }, duration(t1)));
  series.forEach(([name, title, style], index) => {
    const points = [`${x(0)},${y(0)}`];
    let last = 0;
    for (const sample of samples) {
      const value = sample.values[name] || 0;
      points.push(`${x(sample.t)},${y(last)}`, `${x(sample.t)},${y(value)}`);
      last = value;
    }
    points.push(`${x(t1)},${y(last)}`);
    chart.append(svg("polyline", { points: points.join(" "), class: style }));
    const legendX = left + 10 + index * 110;
    chart.append(svg("rect", { x: legendX, y: top, width: 10, height: 10, class: style + "-key" }));
    chart.append(svg("text", { x: legendX + 14, y: top + 10 }, title));
  });
  return chart;
}
