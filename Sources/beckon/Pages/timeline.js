"use strict";
// The timeline of `beckon simulate --html`: draws the data the page carries (no network) as SVG,
// one subject at a time. Every band and mark keeps its instants and value in data-* attributes,
// which the browser tests read.
(() => {
  const data = JSON.parse(document.getElementById("beckon-data").textContent);
  const timeline = data.timeline;
  const texts = timeline.texts;
  const NS = "http://www.w3.org/2000/svg";
  const ROW = 28, AXIS = 26, RIGHT = 10;
  const LANE_FONT = 12, AXIS_FONT = 11;  // pixels; measured, so set here rather than in the CSS
  const whole = { start: timeline.start, end: Math.max(timeline.end, timeline.start + 1) };
  let view = { ...whole };
  let subject = timeline.subjects[0] || { id: "", end: whole.end, lanes: {}, marks: [] };
  let selectedKey = null;
  let labelColumn = 100;  // the width of the lanes' names, fitted to them at each render

  const byId = (id) => document.getElementById(id);
  const iso = (ms) => new Date(ms).toISOString().replace(".000Z", "Z");

  function svgElement(name, attributes, children = []) {
    const element = document.createElementNS(NS, name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
    for (const child of children) element.append(child);
    return element;
  }

  function title(text) {
    const element = document.createElementNS(NS, "title");
    element.textContent = text;
    return element;
  }

  // What a lane's value looks like: a tip's status, a scenario's verdict, a group's current tip.
  function valueClass(lane, value) {
    if (lane.startsWith("group:")) return value === "" ? "value-none" : "value-current";
    return "value-" + value;
  }

  function laneName(lane) {
    if (lane === "whatsNew") return "what's new";
    const colon = lane.indexOf(":");
    return colon < 0 ? lane : lane.slice(0, colon) + " " + lane.slice(colon + 1);
  }

  function lanesOf(current) {
    const marked = new Set(current.marks.map((mark) => mark[1]));
    return timeline.lanes.filter((lane) => current.lanes[lane] || marked.has(lane));
  }

  function showDetails(key, heading, body) {
    selectedKey = key;
    byId("details-hint").hidden = true;
    byId("details-text").textContent = heading + "\n\n" + body;
    for (const element of byId("chart").querySelectorAll(".selected")) element.classList.remove("selected");
    const chosen = byId("chart").querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (chosen) chosen.classList.add("selected");
  }

  function activate(element, action) {
    element.addEventListener("click", action);
    element.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); action(); }
    });
  }

  // The width `text` takes at `size` pixels in the page's font (as the SVG text draws it),
  // measured once a text and size: every render (each step of a drag too) asks again for the
  // lanes' names and the ticks' dates. The remembered widths are dropped past 10,000 (zooming
  // makes new dates).
  const measuring = document.createElement("canvas").getContext("2d");
  let fontFamily = null;  // the body's, read once rather than at every measure
  const widths = new Map();
  function textWidth(text, size) {
    const key = size + " " + text;
    let width = widths.get(key);
    if (width === undefined) {
      fontFamily ??= getComputedStyle(document.body).fontFamily;
      measuring.font = `${size}px ${fontFamily}`;
      width = measuring.measureText(text).width;
      if (widths.size >= 10000) widths.clear();
      widths.set(key, width);
    }
    return width;
  }

  // `text` as it fits in `room` pixels: whole, or its longest start that fits with "…" after it
  // (one character at the least), found by halving the length, as a start's width grows with it.
  function fitted(text, size, room) {
    if (textWidth(text, size) <= room) return text;
    const characters = [...text];
    const cut = (length) => characters.slice(0, length).join("") + "…";
    let fits = 1, tooLong = characters.length;
    while (tooLong - fits > 1) {
      const middle = (fits + tooLong) >> 1;
      if (textWidth(cut(middle), size) <= room) fits = middle; else tooLong = middle;
    }
    return cut(fits);
  }

  function niceStep(span, count) {
    const units = [1e3, 6e4, 3e5, 9e5, 36e5, 108e5, 216e5, 432e5, 864e5, 1728e5, 6048e5, 2592e6, 31536e6];
    const wanted = span / count;
    return units.find((unit) => unit >= wanted) || units[units.length - 1];
  }

  function render() {
    const chart = byId("chart");
    const width = Math.max(chart.clientWidth || 0, 320);
    const lanes = lanesOf(subject);
    // The names' column fits the longest name, up to a third of the chart; a longer name is cut
    // and whole in its tooltip.
    const widest = Math.max(0, ...lanes.map((lane) => textWidth(laneName(lane), LANE_FONT)));
    labelColumn = Math.min(Math.ceil(widest) + 20, Math.max(100, Math.floor(width / 3)));
    const height = AXIS + lanes.length * ROW + 6;
    const span = view.end - view.start;
    const x = (instant) => labelColumn + ((instant - view.start) / span) * (width - labelColumn - RIGHT);
    const clip = (instant) => Math.min(Math.max(x(instant), labelColumn), width - RIGHT);
    const svg = svgElement("svg", { viewBox: `0 0 ${width} ${height}`, width, height, "aria-label": `Timeline of ${subject.id}` });

    const axis = svgElement("g", { class: "axis" });
    const step = niceStep(span, Math.max(2, Math.floor((width - labelColumn) / 130)));
    for (let tick = Math.ceil(view.start / step) * step; tick <= view.end; tick += step) {
      const at = x(tick);
      axis.append(svgElement("line", { x1: at, x2: at, y1: AXIS - 6, y2: height }));
      const text = iso(tick).replace("T", " ").replace(/:00Z$|Z$/, "").replace(/ 00:00$/, "");
      // A tick too near the right edge for its whole text keeps its line only.
      if (at + 3 + textWidth(text, AXIS_FONT) <= width) axis.append(svgElement("text", { x: at + 3, y: AXIS - 10, "font-size": AXIS_FONT }, [text]));
    }
    svg.append(axis);

    lanes.forEach((lane, row) => {
      const top = AXIS + row * ROW;
      const group = svgElement("g", { "data-lane-row": lane });
      group.append(svgElement("line", { class: "lane-line", x1: 0, x2: width, y1: top + ROW, y2: top + ROW }));
      const name = laneName(lane), shownName = fitted(name, LANE_FONT, labelColumn - 16);
      group.append(svgElement("text", { class: "lane-label", x: 8, y: top + ROW / 2 + 4, "font-size": LANE_FONT },
        shownName === name ? [name] : [shownName, title(name)]));
      const bands = subject.lanes[lane] || [];
      bands.forEach((band, index) => {
        const [start, value, reason, explanation] = band;
        const end = index + 1 < bands.length ? bands[index + 1][0] : subject.end;
        const left = clip(start), right = clip(end);
        const key = `band:${lane}:${index}`;
        const shown = value === "" ? "no current tip" : value;
        const rect = svgElement("rect", {
          class: `band ${valueClass(lane, value)}`, x: left, y: top + 4, width: Math.max(right - left, 0), height: ROW - 8, rx: 3,
          tabindex: right > left ? 0 : -1, role: "button", "data-key": key, "data-lane": lane, "data-start": start, "data-end": end,
          "data-value": value, "aria-label": `${laneName(lane)}: ${shown} from ${iso(start)} to ${iso(end)}. ${texts[reason]}`,
        }, [title(`${shown}: ${texts[reason]}`)]);
        activate(rect, () => showDetails(key, `${laneName(lane)}: ${shown}, ${iso(start)} to ${iso(end)}`, texts[explanation]));
        group.append(rect);
        if (right - left > 60 && lane.startsWith("group:") && value !== "") {
          group.append(svgElement("text", { class: "band-text", x: left + 4, y: top + ROW / 2 + 4 }, [value]));
        }
      });
      subject.marks.forEach((mark, index) => {
        const [at, markLane, label, stepNumber, text] = mark;
        if (markLane !== lane || at < view.start || at > view.end) return;
        const key = `mark:${index}`;
        const circle = svgElement("circle", {
          class: "mark", cx: x(at), cy: top + ROW / 2, r: 5, tabindex: 0, role: "button", "data-key": key, "data-lane": lane,
          "data-at": at, "data-step": stepNumber, "data-op": label, "aria-label": `step ${stepNumber}, ${label} at ${iso(at)}`,
        }, [title(`step ${stepNumber}: ${label} at ${iso(at)}`)]);
        activate(circle, () => showDetails(key, `step ${stepNumber} at ${iso(at)}`, texts[text]));
        group.append(circle);
      });
      svg.append(group);
    });
    chart.replaceChildren(svg);
    if (selectedKey) {
      const chosen = chart.querySelector(`[data-key="${CSS.escape(selectedKey)}"]`);
      if (chosen) chosen.classList.add("selected");
    }
    byId("range").textContent = `${iso(view.start)} to ${iso(view.end)}`;
  }

  // Zoom keeps the instant under `pivot` (0…1 across the track) where it is; pan moves by a fraction.
  function zoom(factor, pivot = 0.5) {
    const span = view.end - view.start;
    const newSpan = Math.min(Math.max(span * factor, 1000), (whole.end - whole.start) * 4);
    const center = view.start + span * pivot;
    view = { start: center - newSpan * pivot, end: center - newSpan * pivot + newSpan };
    render();
  }

  function pan(fraction) {
    const shift = (view.end - view.start) * fraction;
    view = { start: view.start + shift, end: view.end + shift };
    render();
  }

  function setUp() {
    byId("source").textContent = `${data.trace}, on ${data.config}: ${timeline.subjects.length} subject${timeline.subjects.length === 1 ? "" : "s"}, ` +
      `${iso(whole.start)} to ${iso(whole.end)}`;
    if (data.diagnostics) {
      byId("diagnostics").hidden = false;
      byId("diagnostics-text").textContent = data.diagnostics;
    }
    const subjects = byId("subject");
    for (const each of timeline.subjects) subjects.append(new Option(each.id, each.id));
    subjects.addEventListener("change", () => {
      subject = timeline.subjects.find((each) => each.id === subjects.value) || subject;
      selectedKey = null;
      render();
    });
    byId("zoom-in").addEventListener("click", () => zoom(0.5));
    byId("zoom-out").addEventListener("click", () => zoom(2));
    byId("pan-left").addEventListener("click", () => pan(-0.25));
    byId("pan-right").addEventListener("click", () => pan(0.25));
    byId("zoom-reset").addEventListener("click", () => { view = { ...whole }; render(); });

    const chart = byId("chart");
    const pivotOf = (clientX) => {
      const box = chart.getBoundingClientRect();
      return Math.min(Math.max((clientX - box.left - labelColumn) / Math.max(box.width - labelColumn - RIGHT, 1), 0), 1);
    };
    chart.addEventListener("wheel", (event) => {
      event.preventDefault();
      zoom(event.deltaY > 0 ? 1.25 : 0.8, pivotOf(event.clientX));
    }, { passive: false });
    let drag = null;
    chart.addEventListener("pointerdown", (event) => {
      if (event.target.closest(".band, .mark")) return;
      drag = { x: event.clientX, view: { ...view } };
      chart.setPointerCapture(event.pointerId);
    });
    chart.addEventListener("pointermove", (event) => {
      if (!drag) return;
      const box = chart.getBoundingClientRect();
      const shift = ((drag.x - event.clientX) / Math.max(box.width - labelColumn - RIGHT, 1)) * (drag.view.end - drag.view.start);
      view = { start: drag.view.start + shift, end: drag.view.end + shift };
      render();
    });
    chart.addEventListener("pointerup", () => { drag = null; });
    chart.addEventListener("keydown", (event) => {
      if (event.target !== chart) return;
      const actions = { "+": () => zoom(0.5), "=": () => zoom(0.5), "-": () => zoom(2), ArrowLeft: () => pan(-0.1), ArrowRight: () => pan(0.1),
        Home: () => { view = { ...whole }; render(); } };
      if (actions[event.key]) { event.preventDefault(); actions[event.key](); }
    });
    window.addEventListener("resize", render);

    const locales = byId("locale");
    data.content.locales.forEach((locale, index) => locales.append(new Option(locale, String(index))));
    locales.addEventListener("change", () => showContent(Number(locales.value)));
    showContent(0);
    render();
  }

  function element(name, text, className) {
    const made = document.createElement(name);
    if (text !== undefined && text !== null) made.textContent = text;
    if (className) made.className = className;
    return made;
  }

  // Each tip as a card and each what's-new entry as a sheet, in the locale of index `index`.
  function showContent(index) {
    const cards = byId("cards"), sheets = byId("sheets");
    cards.replaceChildren();
    sheets.replaceChildren();
    for (const tip of data.content.tips[index] || []) {
      const card = element("article", null, "card");
      card.setAttribute("aria-label", `tip ${tip.id}`);
      card.append(element("div", tip.id, "id"), element("h3", tip.title));
      if (tip.message) card.append(element("p", tip.message));
      if (tip.image) card.append(element("div", `image: ${tip.image}`, "image"));
      if (tip.actions) {
        const actions = element("div", null, "actions");
        for (const action of tip.actions) actions.append(element("span", action.title));
        card.append(actions);
      }
      cards.append(card);
    }
    for (const entry of data.content.whatsNew[index] || []) {
      const sheet = element("article", null, "sheet");
      sheet.setAttribute("aria-label", `what's new in ${entry.version}`);
      sheet.append(element("div", `version ${entry.version}`, "id"), element("h3", entry.title));
      const list = element("ul");
      for (const feature of entry.features) {
        const item = element("li", feature.title);
        if (feature.subtitle) item.append(element("p", feature.subtitle));
        if (feature.image) item.append(element("div", `image: ${feature.image}`, "image"));
        list.append(item);
      }
      sheet.append(list);
      const actions = element("div", null, "actions");
      for (const action of [entry.primaryAction, entry.secondaryAction]) if (action) actions.append(element("span", action.title));
      sheet.append(actions);
      sheets.append(sheet);
    }
  }

  setUp();
})();
