// pnp studio: builds the page from /state.json and follows /events (server-sent events).
// Card texts, names and messages are data: they only ever reach the page as textContent or as
// attribute values, never as markup.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const SVG = "http://www.w3.org/2000/svg";
  const faces = new Map();        // face id -> {figure, frame, img, marks, list, data, marksKey}
  let structure = "";
  let current = null;
  let fetching = false;
  let again = false;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs || {})) {
      if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
    }
    for (const child of children) node.append(child);   // strings become text nodes
    return node;
  }

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
    return node;
  }

  function safeHref(href) {
    return href && !/^\s*(javascript|data|vbscript):/i.test(href) ? href : null;
  }

  // ------------------------------------------------------------ state

  function fetchState() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch("/state.json", {cache: "no-store"})
      .then((response) => response.json())
      .then(apply)
      .catch(() => status("The studio is not answering (stopped?); retrying…"))
      .finally(() => {
        fetching = false;
        if (again) { again = false; fetchState(); }
      });
  }

  function status(text) { $("status").textContent = text; }

  function apply(state) {
    current = state;
    const key = JSON.stringify(state.games);
    if (key !== structure) {
      structure = key;
      build(state);
    }
    for (const [id, face] of Object.entries(state.faces)) update(id, face, state);
    cutterView();
    banner(state.errors);
    const stale = Object.values(state.faces).filter((f) => f.stale).length;
    status(state.busy ? `${state.busy}…`
      : state.errors.length ? `${state.errors.length} problem(s): see the list below`
      : `Up to date: ${Object.keys(state.faces).length} faces${stale ? `, ${stale} waiting` : ""} `
        + `(the last update took ${state.seconds} s)`);
    document.body.dataset.version = String(state.version);
  }

  function banner(errors) {
    const list = $("problems");
    list.replaceChildren(...errors.map((e) => {
      const item = el("li", {}, el("span", {}, e.text));
      const href = safeHref(e.href);
      if (href) item.append(" ", el("a", {href}, `open ${e.label}`));
      return item;
    }));
    $("banner").hidden = errors.length === 0;
  }

  // ------------------------------------------------------------ what is on screen

  // After an edit the studio draws the faces on screen first: the page tells it which they are
  // (in the page's order), again whenever scrolling, filters or zoom change them.
  const onScreen = new Set();
  let focusSent = "";
  let focusTimer = 0;
  // reports are numbered: each goes on a connection of its own and an earlier one may reach the
  // studio after a later one, which it drops (this page's id: another page's reports are its own)
  const focusPage = Math.random().toString(36).slice(2, 12);
  let focusNumber = 0;
  const screen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) onScreen.add(entry.target.dataset.face);
      else onScreen.delete(entry.target.dataset.face);
    }
    clearTimeout(focusTimer);
    focusTimer = setTimeout(sendFocus, 100);
  });

  function sendFocus() {
    const ids = [...faces.keys()].filter((id) => onScreen.has(id)).join(",");
    if (ids === focusSent) return;
    focusSent = ids;
    focusNumber += 1;
    fetch(`/focus?page=${focusPage}&n=${focusNumber}&faces=${encodeURIComponent(ids)}`, {cache: "no-store"})
      .catch(() => { focusSent = ""; });
  }

  // ------------------------------------------------------------ the page's structure

  function build(state) {
    faces.clear();
    screen.disconnect();
    onScreen.clear();
    const deckSelect = $("deck");
    const chosenDeck = deckSelect.value;
    deckSelect.replaceChildren(el("option", {value: ""}, "All decks"));
    const languages = [...new Set(state.games.flatMap((g) => g.languages))];
    const langs = $("langs");
    const checked = new Map([...langs.querySelectorAll("input")].map((i) => [i.value, i.checked]));
    langs.replaceChildren(el("legend", {}, "Languages"), ...languages.map((lang) => el("label", {},
      el("input", {type: "checkbox", value: lang, checked: checked.get(lang) === false ? false : ""}), ` ${lang}`)));
    const decks = $("decks");
    decks.replaceChildren();
    for (const game of state.games) {
      for (const deck of game.decks) {
        const deckId = `${game.id}/${deck.id}`;
        deckSelect.append(el("option", {value: deckId}, `${game.name} — ${deck.name}`));
        decks.append(section(game, deck, deckId, state));
      }
    }
    deckSelect.value = [...deckSelect.options].some((o) => o.value === chosenDeck) ? chosenDeck : "";
    filter();
  }

  function section(game, deck, deckId, state) {
    const heading = `deck-${deckId.replace(/[^a-z0-9-]/g, "-")}`;
    const size = deck.size;
    const count = deck.cards.length;
    const table = el("table", {class: "faces"},
      el("thead", {}, el("tr", {}, el("th", {scope: "col"}, "Card"),
        ...game.languages.map((lang) => el("th", {scope: "col", "data-lang": lang}, lang)))));
    const body = el("tbody");
    const rows = deck.cards.map((card) => [card.id, card.name, card.id]);
    if (deck.back) rows.push([deck.back, `back of ${deck.name}`, "back"]);
    for (const [key, name, shown] of rows) {
      const row = el("tr", {"data-card": shown, "data-name": name.toLowerCase()},
        el("th", {scope: "row"}, el("code", {}, shown), el("br"), name));
      for (const lang of game.languages) {
        const id = `${game.id}/${deck.id}/${key}/${lang}`;
        const alt = key === deck.back ? `back of ${deck.name}, ${lang}` : `${cardLabel(shown, name)}, ${lang}`;
        row.append(el("td", {"data-lang": lang}, figure(id, alt, size, state)));
      }
      body.append(row);
    }
    table.append(body);
    return el("section", {class: "deck", "data-deck": deckId, "aria-labelledby": heading},
      el("h2", {id: heading}, `${game.name} — ${deck.name} `,
        el("span", {class: "meta"}, `(${count} card${count === 1 ? "" : "s"}, ${size.width}×${size.height} mm)`)),
      table);
  }

  function cardLabel(id, name) { return name && name !== id ? `${name} (${id})` : id; }

  function figure(id, alt, size, state) {
    const b = state.bleed;
    const frame = el("div", {class: "frame"});
    frame.style.setProperty("--w-mm", String(size.width + 2 * b));
    frame.style.setProperty("--ratio", `${size.width + 2 * b} / ${size.height + 2 * b}`);
    const img = el("img", {alt, "data-face": id, hidden: ""});
    const waiting = el("span", {class: "drawing"}, "drawing…");
    const marks = el("div", {class: "marks", "aria-hidden": "true"});
    frame.append(img, waiting, guides(size, b, state.safe), marks);
    const list = el("ol", {class: "findings"});
    const fig = el("figure", {class: "face", "data-face": id}, frame, el("figcaption", {}, list));
    fig.style.setProperty("--w-mm", String(size.width + 2 * b));
    faces.set(id, {figure: fig, frame, img, waiting, marks, list, data: null, marksKey: "", size});
    screen.observe(fig);
    return fig;
  }

  function outline(x, y, w, h, r, round) {
    if (round) {
      const rx = w / 2;
      const ry = h / 2;
      return `M${x} ${y + ry}A${rx} ${ry} 0 1 1 ${x + w} ${y + ry}A${rx} ${ry} 0 1 1 ${x} ${y + ry}Z`;
    }
    r = Math.max(0, Math.min(r, w / 2, h / 2));
    return `M${x + r} ${y}H${x + w - r}A${r} ${r} 0 0 1 ${x + w} ${y + r}V${y + h - r}`
      + `A${r} ${r} 0 0 1 ${x + w - r} ${y + h}H${x + r}A${r} ${r} 0 0 1 ${x} ${y + h - r}`
      + `V${y + r}A${r} ${r} 0 0 1 ${x + r} ${y}Z`;
  }

  function guides(size, b, safe) {
    const W = size.width + 2 * b;
    const H = size.height + 2 * b;
    const round = size.shape === "round";
    const radius = round ? 0 : size.radius;
    const layer = svg("svg", {class: "guides", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none",
      "aria-hidden": "true", focusable: "false"});
    const trim = outline(b, b, size.width, size.height, radius, round);
    layer.append(svg("path", {class: "bleed", d: `M0 0H${W}V${H}H0Z${trim}`}));
    layer.append(svg("path", {class: "trim", d: trim}));
    layer.append(svg("path", {class: "safe",
      d: outline(b + safe, b + safe, size.width - 2 * safe, size.height - 2 * safe, Math.max(0, radius - safe), round)}));
    return layer;
  }

  // ------------------------------------------------------------ one face

  function update(id, face, state) {
    const view = faces.get(id);
    if (!view) return;
    view.data = face;
    const against = $("diff").value;       // the image before the last change, or the first one
    const src = (against === "diff" ? face.diff : against === "since" ? face.since : null) || face.png;
    if (src && view.img.getAttribute("src") !== src) {
      view.img.src = src;
      view.img.hidden = false;
    }
    // an image of files since changed is never shown as if it were current: marked until redrawn
    const updating = Boolean(face.stale && face.png);
    view.figure.classList.toggle("stale", updating);
    view.figure.toggleAttribute("aria-busy", updating);
    view.waiting.textContent = face.png ? "updating…" : "drawing…";
    view.waiting.hidden = Boolean(face.png) && !updating;
    const key = JSON.stringify(face.marks);
    if (key !== view.marksKey) {
      view.marksKey = key;
      drawMarks(view, face.marks, state);
    }
  }

  function drawMarks(view, marks, state) {
    const b = state.bleed;
    const W = view.size.width + 2 * b;
    const H = view.size.height + 2 * b;
    view.marks.replaceChildren();
    view.list.replaceChildren();
    marks.forEach((mark, index) => {
      const number = index + 1;
      const box = mark.box || [-b, -b, W, H];
      const spot = el("div", {class: `mark ${mark.level}${mark.box ? "" : " whole"}`, title: mark.message},
        el("span", {class: "tag"}, `${number} ${mark.short}`));
      spot.style.left = `${(100 * (box[0] + b)) / W}%`;
      spot.style.top = `${(100 * (box[1] + b)) / H}%`;
      spot.style.width = `${(100 * box[2]) / W}%`;
      spot.style.height = `${(100 * box[3]) / H}%`;
      view.marks.append(spot);
      const item = el("li", {class: mark.level, value: String(number)},
        el("span", {class: "level"}, mark.level === "info" ? "shrunk" : mark.level), ": ", mark.message);
      for (const link of mark.links) {
        const href = safeHref(link.href);
        if (href) item.append(" ", el("a", {href}, link.label));
      }
      if (mark.image) item.append(" ", el("a", {href: mark.image, target: "_blank", rel: "noopener"}, "view image"));
      view.list.append(item);
    });
  }

  // ------------------------------------------------------------ cutter sheets

  // The first sheet of each piece size for the chosen machine, its cut paths over it (drawn by the
  // server as one SVG per game and language); fetched again when the state's version changes.
  let cutterKey = "";
  function cutterView() {
    const view = $("cutter-view");
    const machine = $("cutter").value;
    const langs = [...$("langs").querySelectorAll("input:checked")].map((i) => i.value);
    const key = current && machine ? JSON.stringify([machine, langs, current.version]) : "";
    if (key === cutterKey) return;
    cutterKey = key;
    view.hidden = !key;
    view.replaceChildren();
    if (!key) return;
    for (const game of current.games) {
      for (const lang of game.languages.filter((l) => langs.includes(l))) {
        const src = `/cutter/${encodeURIComponent(game.id)}/${encodeURIComponent(lang)}/${machine}.svg`
          + `?v=${current.version}`;
        const caption = `${game.name}, ${lang}: the first sheet of each piece size, cut paths in red`;
        view.append(el("figure", {class: "cutter"}, el("img", {src, alt: caption, loading: "lazy"}),
          el("figcaption", {}, caption)));
      }
    }
  }

  // ------------------------------------------------------------ filters and view

  function filter() {
    const deck = $("deck").value;
    const query = $("card").value.trim().toLowerCase();
    const langs = new Set([...$("langs").querySelectorAll("input:checked")].map((i) => i.value));
    for (const section of document.querySelectorAll("section.deck")) {
      section.hidden = Boolean(deck) && section.dataset.deck !== deck;
      for (const row of section.querySelectorAll("tbody tr")) {
        row.hidden = Boolean(query) && !row.dataset.card.includes(query) && !row.dataset.name.includes(query);
      }
      for (const cell of section.querySelectorAll("[data-lang]")) cell.hidden = !langs.has(cell.dataset.lang);
    }
    document.documentElement.style.setProperty("--zoom", $("zoom").value);
    $("main").classList.toggle("no-guides", !$("guides").checked);
    $("main").classList.toggle("no-marks", !$("findings").checked);
  }

  function start() {
    for (const id of ["deck", "card", "zoom", "guides", "findings"]) $(id).addEventListener("input", filter);
    $("langs").addEventListener("change", filter);
    $("langs").addEventListener("change", cutterView);
    $("cutter").addEventListener("change", cutterView);
    $("diff").addEventListener("change", () => { if (current) apply(current); });
    $("controls").addEventListener("submit", (event) => event.preventDefault());
    const events = new EventSource("/events");
    events.addEventListener("update", fetchState);
    events.addEventListener("error", () => status("Connection lost; reconnecting…"));
    fetchState();
  }

  start();
})();
