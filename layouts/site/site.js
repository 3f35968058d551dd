// Rules reference: search as you type, and a language switcher that keeps your place.
// Plain JavaScript over the page itself: no server, no data file, works from file://.
(function () {
  "use strict";
  var input = document.getElementById("search");
  var status = document.getElementById("search-status");
  if (!input) return;
  var units = Array.prototype.slice.call(document.querySelectorAll(".unit"));
  var decks = Array.prototype.slice.call(document.querySelectorAll(".deck"));

  function fold(text) {
    // lower case, no accents, one kind of apostrophe and space: "Bénédiction" ~ "benediction"
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/[\u2019']/g, "'").replace(/[\s\u00a0\u202f]+/g, " ");
  }
  var texts = units.map(function (u) { return fold(u.textContent); });

  function filter() {
    var words = fold(input.value).trim().split(" ").filter(Boolean);
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
    status.textContent = words.length ? (shown ? shown + " " + status.dataset.some : status.dataset.none) : "";
  }
  input.addEventListener("input", filter);
  input.addEventListener("keydown", function (e) {
    if (e.key === "Escape") { input.value = ""; filter(); }
  });

  // Anchors land just under the sticky header, whatever its height on this screen.
  var header = document.querySelector(".bar");
  function fitHeader() {
    if (header) document.documentElement.style.setProperty("--bar", header.offsetHeight + "px");
  }
  fitHeader();
  window.addEventListener("resize", fitHeader);

  // The section in view: the last anchor whose top has passed under the header.
  function current() {
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
      var id = current();
      link.setAttribute("href", id ? base + "#" + id : base);
    }
    link.addEventListener("click", update);
    link.addEventListener("focus", update);
    link.addEventListener("mouseenter", update);
  });
})();
