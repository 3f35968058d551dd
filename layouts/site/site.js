// Rules reference: search as you type (text and contents filtered, matches highlighted and
// reachable with Enter / Shift+Enter or the arrows), a language switcher that keeps your place,
// and the offline app (service worker). Plain JavaScript over the page itself: works from file://.
(function () {
  "use strict";

  // ---- offline: register the service worker, then ask it to keep this game and language and,
  // in the background once the page has loaded, the calculator's runtime (html[data-offline],
  // html[data-runtime]: "ready" once kept). The score page asks for the runtime itself, once
  // its calculator has loaded it (window.pnpKeepRuntime): the files are then in the browser's
  // cache, not downloaded twice.
  var body = document.body;
  var root = document.documentElement;
  var registered = null;
  var scorePage = !!document.getElementById("calculator");

  // Once the runtime is kept, start the calculator once in a worker while the rules are read, so
  // that it keeps its started interpreter and compiled code (calc-worker.js): at the end of the
  // game the score page is ready in about a second, not several. Done once per build of the
  // calculator (localStorage remembers its key; html[data-calculator]: "prepared").
  function prepare() {
    var config = JSON.parse(body.dataset.calculator);
    var remembered = "pnp-calculator-prepared";
    try { if (localStorage.getItem(remembered) === config.key) { root.dataset.calculator = "prepared"; return; } }
    catch (e) { return; }
    function absolute(url) { return new URL(url, location.href).href; }
    var worker;
    try { worker = new Worker(absolute(config.worker), {type: "module"}); } catch (e) { return; }
    var waiting = {snapshot: true, code: true};
    function done() {
      worker.terminate();
      root.dataset.calculator = "prepared";
      try { localStorage.setItem(remembered, config.key); } catch (e) { /* private mode: prepared again next time */ }
    }
    worker.onmessage = function (e) {
      var m = e.data;
      if (m.type === "failed") worker.terminate();
      if (m.type === "ready" && m.snapshot === "restored") done();
      if (m.type === "kept") { delete waiting[m.what]; if (!Object.keys(waiting).length) done(); }
    };
    worker.postMessage({type: "start", runtime: absolute(config.runtime), wheels: config.wheels,
                        code: absolute(config.code), cache: absolute(config.cache), key: config.key});
  }
  function keep(group, runtime, rest) {
    if (!registered) return;
    registered.then(function (registration) {
      if (!registration.active) { root.dataset.offline = "shell"; return; }
      var channel = new MessageChannel();
      channel.port1.onmessage = function (e) {
        root.dataset[{pages: "offline", runtime: "runtime", site: "site"}[e.data.part]] = e.data.ok ? "ready" : "failed";
        if (e.data.part === "runtime" && e.data.ok && !scorePage) prepare();
      };
      registration.active.postMessage({group: group, runtime: runtime, rest: rest}, [channel.port2]);
    });
  }
  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol) && window.isSecureContext &&
      body.dataset.root !== undefined) {
    registered = navigator.serviceWorker.register(body.dataset.root + "sw.js").then(function () {
      return navigator.serviceWorker.ready;
    });
    registered.catch(function () { root.dataset.offline = "failed"; });
    var calculator = body.dataset.calculator !== undefined;
    // the rest of the site (every page, for offline) after this page's own files and the runtime;
    // on the score page once the calculator is ready (pnpKeepRuntime), not while it loads
    window.addEventListener("load", function () {
      keep(body.dataset.group, calculator && !scorePage, scorePage ? null : body.dataset.group);
    });
    window.pnpKeepRuntime = function () { keep(null, calculator, body.dataset.group); };
  } else {
    // plain http from another computer (a phone on the local network): no service worker there
    var notKept = document.getElementById("not-kept");
    if (notKept && location.protocol === "http:" && !window.isSecureContext) notKept.hidden = false;
    window.pnpKeepRuntime = function () {};
  }

  var input = document.getElementById("search");
  var status = document.getElementById("search-status");
  if (!input) return;
  var prev = document.getElementById("search-prev");
  var next = document.getElementById("search-next");
  var units = Array.prototype.slice.call(document.querySelectorAll(".unit"));
  var decks = Array.prototype.slice.call(document.querySelectorAll(".deck"));
  var tocLinks = Array.prototype.slice.call(document.querySelectorAll(".toc a[href^='#']"));

  function foldChar(c) {
    // lower case, no accents, one kind of apostrophe and space: "Bénédiction" ~ "benediction"
    return c.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[\u2019']/g, "'").replace(/[\s\u00a0\u202f]+/g, " ");
  }
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[\u2019']/g, "'").replace(/[\s\u00a0\u202f]+/g, " ");
  }
  var texts = units.map(function (u) { return fold(u.textContent); });

  // ---- highlight: <mark> around every match, found on the folded text and mapped back
  var marks = [], current = -1;
  function clearMarks() {
    marks.forEach(function (m) {
      var parent = m.parentNode;
      if (!parent) return;
      parent.replaceChild(document.createTextNode(m.textContent), m);
      parent.normalize();
    });
    marks = []; current = -1;
  }
  function markIn(root, words) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, null);
    var nodes = [];
    for (var n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.parentNode.closest("svg, title")) continue;
      nodes.push(n);
    }
    nodes.forEach(function (node) {
      var text = node.nodeValue, folded = "", map = [];
      for (var i = 0; i < text.length; i++) {
        var f = foldChar(text[i]);
        for (var k = 0; k < f.length; k++) { folded += f[k]; map.push(i); }
      }
      var ranges = [];
      words.forEach(function (w) {
        for (var at = folded.indexOf(w); at >= 0; at = folded.indexOf(w, at + w.length)) {
          ranges.push([map[at], map[at + w.length - 1] + 1]);
        }
      });
      if (!ranges.length) return;
      ranges.sort(function (a, b) { return a[0] - b[0]; });
      var frag = document.createDocumentFragment(), pos = 0;
      ranges.forEach(function (r) {
        if (r[0] < pos) return;           // overlapping words: keep the first
        frag.appendChild(document.createTextNode(text.slice(pos, r[0])));
        var mark = document.createElement("mark");
        mark.textContent = text.slice(r[0], r[1]);
        frag.appendChild(mark);
        marks.push(mark);
        pos = r[1];
      });
      frag.appendChild(document.createTextNode(text.slice(pos)));
      node.parentNode.replaceChild(frag, node);
    });
  }
  function go(step) {
    if (!marks.length) return;
    if (current >= 0) marks[current].classList.remove("current");
    current = (current + step + marks.length) % marks.length;
    var mark = marks[current];
    mark.classList.add("current");
    mark.scrollIntoView({block: "center"});
    status.textContent = (current + 1) + " / " + marks.length;
  }

  function filter() {
    var words = fold(input.value).trim().split(" ").filter(Boolean);
    clearMarks();
    var shown = 0;
    units.forEach(function (unit, i) {
      var match = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      unit.hidden = !match;
      if (match && !unit.classList.contains("index-head")) shown++;
    });
    decks.forEach(function (deck) {
      deck.hidden = words.length > 0 && !deck.querySelector(".card:not([hidden])");
    });
    var head = document.getElementById("cards");
    if (head) head.hidden = words.length > 0 && !document.querySelector(".card:not([hidden])");
    var downloads = document.getElementById("downloads");
    if (downloads) downloads.hidden = words.length > 0;
    // contents: only the entries whose section (or deck) is still shown
    tocLinks.forEach(function (link) {
      var target = document.getElementById(link.getAttribute("href").slice(1));
      var li = link.parentNode;
      li.hidden = words.length > 0 && (!target || target.hidden) && !li.querySelector("li:not([hidden])");
    });
    tocLinks.slice().reverse().forEach(function (link) {   // a parent stays when a child is shown
      var li = link.parentNode;
      if (words.length && li.querySelector("li:not([hidden]) > a")) li.hidden = false;
    });
    body.classList.toggle("searching", words.length > 0);
    if (words.length) {
      units.forEach(function (unit) { if (!unit.hidden) markIn(unit, words); });
      // results start right under the search box (on a phone the filtered contents are above)
      var first = marks.length ? marks[0].closest(".unit") : null;
      if (first) first.scrollIntoView({block: "start"}); else window.scrollTo(0, 0);
      if (marks.length && marks[0].getBoundingClientRect().bottom > window.innerHeight) {
        marks[0].scrollIntoView({block: "center"});      // a long section: its first match in view
      }
    }
    prev.hidden = next.hidden = marks.length === 0;
    status.textContent = words.length ? (shown ? shown + " " + status.dataset.some : status.dataset.none) : "";
  }
  input.addEventListener("input", filter);
  input.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { input.value = ""; filter(); }
    else if (e.key === "Enter") { e.preventDefault(); go(e.shiftKey ? -1 : 1); }
  });
  prev.addEventListener("click", function () { go(-1); });
  next.addEventListener("click", function () { go(1); });

  // Anchors land just under the sticky header, whatever its height on this screen.
  var header = document.querySelector(".bar");
  function fitHeader() {
    if (header) document.documentElement.style.setProperty("--bar", header.offsetHeight + "px");
  }
  fitHeader();
  window.addEventListener("resize", fitHeader);

  // The section in view: the last anchor whose top has passed under the header.
  function currentSection() {
    var limit = (header ? header.getBoundingClientRect().bottom : 0) + 24;
    var found = null;
    var targeted = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (targeted && !targeted.hidden) {
      var top = targeted.getBoundingClientRect().top;
      if (top >= 0 && top < window.innerHeight) return targeted.id;  // just followed a link here
    }
    var anchors = document.querySelectorAll(".unit[id], .deck[id]");
    for (var i = 0; i < anchors.length; i++) {
      var el = anchors[i];
      if (el.hidden) continue;
      var margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
      if (el.getBoundingClientRect().top <= Math.max(limit, margin + 24)) found = el.id; else break;
    }
    if (!found && location.hash) found = location.hash.slice(1);
    return found;
  }
  Array.prototype.forEach.call(document.querySelectorAll(".langs a"), function (link) {
    var base = link.getAttribute("href").split("#")[0];
    function update() {
      var id = currentSection();
      link.setAttribute("href", id ? base + "#" + id : base);
    }
    link.addEventListener("click", update);
    link.addEventListener("focus", update);
    link.addEventListener("mouseenter", update);
  });
})();
