// Score calculator: the project's scoring package (Python) in the browser through Pyodide, loaded
// from the site itself in a worker (calc-worker.js), and the form of calc-form.js.
// window.pnpScore(state) -> {ok, result | problems}, as `pnp score --json`. The form is there at
// once and stays responsive; the runtime starts behind it.
(function () {
  "use strict";
  var box = document.getElementById("calculator");
  if (!box) return;
  function json(id) { return document.getElementById(id).textContent; }
  function absolute(url) { return new URL(url, location.href).href; }
  var lang = document.documentElement.lang;

  if (location.protocol === "file:") {     // browsers refuse workers, WebAssembly and fetch from file://
    box.dataset.ready = "file";
    window.pnpScore = window.pnpReadTally = function () { return Promise.reject(new Error(box.dataset.needsServer)); };
    return;
  }
  var started = performance.now();
  var worker, pending = {}, next = 0, ready;
  try {
    worker = new Worker(box.dataset.worker, {type: "module"});
  } catch (err) {
    ready = Promise.reject(err);
  }
  if (worker) {
    ready = new Promise(function (resolve, reject) {
      worker.onmessage = function (e) {
        var m = e.data;
        if (m.id !== undefined) {
          var call = pending[m.id];
          delete pending[m.id];
          if (m.error) call.reject(new Error(m.error)); else call.resolve(JSON.parse(m.answer));
        } else if (m.type === "ready") {
          // the worker's phases, on this page's timeline (benchmarks/calculator.py reads them)
          Object.keys(m.phases).forEach(function (phase) {
            performance.mark("pnp-" + phase, {startTime: m.phases[phase] - performance.timeOrigin});
          });
          box.dataset.ready = String(Math.round(performance.now() - started));
          box.dataset.snapshot = m.snapshot;
          box.dataset.codeReused = String(m.reused);      // modules whose code an earlier visit kept
          box.dataset.codeCompiled = String(m.compiled);  // and those compiled now
          if (window.pnpKeepRuntime) window.pnpKeepRuntime();
          resolve();
        } else if (m.type === "failed") {
          reject(new Error(m.error));
        } else if (m.type === "kept") {
          if (m.what === "code") box.dataset.codeKept = m.failed ? "failed" : "1";
          else box.dataset.snapshotKept = m.failed ? "failed" : "1";
        }
      };
      worker.onerror = function (e) {        // before it is ready, or later (out of memory): no call waits forever
        e.preventDefault();
        var err = new Error(e.message || "worker failed");
        reject(err);
        Object.keys(pending).forEach(function (id) { pending[id].reject(err); delete pending[id]; });
      };
    });
    worker.postMessage({type: "start", runtime: absolute(box.dataset.runtime), wheels: box.dataset.wheels.split(" "),
                        code: absolute(box.dataset.code), cache: absolute(box.dataset.cache), key: box.dataset.codeKey});
  }
  ready.catch(function (err) {
    box.dataset.ready = "failed"; box.dataset.error = String(err);
    if (window.pnpKeepRuntime) window.pnpKeepRuntime();     // the rest of the site is kept all the same
  });

  function ask(message) {
    return ready.then(function () {
      return new Promise(function (resolve, reject) {
        message.id = next++;
        pending[message.id] = {resolve: resolve, reject: reject};
        worker.postMessage(message);
      });
    });
  }
  window.pnpScore = function (state) {
    box.dataset.codeKept = "pending";
    return ask({type: "score", game: box.dataset.game, state: JSON.stringify(state), facts: json("calc-facts"),
                catalogue: json("calc-catalogue"), lang: lang});
  };
  window.pnpReadTally = function (content) {
    try {
      return Promise.resolve({ok: true, state: JSON.parse(content)});
    } catch (e) {
      return ask({type: "read", text: content, catalogue: json("calc-catalogue"), lang: lang});
    }
  };
})();

// ---- the page: form, results, problems in the players' words, saving and opening a tally
(function () {
  "use strict";
  var box = document.getElementById("calculator");
  if (!box || !window.pnpForm) return;
  var el = window.pnpForm.el;
  var spec = JSON.parse(document.getElementById("calc-form-spec").textContent);
  var form = document.getElementById("calc-form");
  var fields = document.getElementById("calc-fields");
  var out = document.getElementById("calc-result");
  var status = document.getElementById("calc-status");
  var pad = document.getElementById("score-pad");
  var words = {add: box.dataset.add, remove: box.dataset.remove};
  var lang = document.documentElement.lang;
  var colon = {fr: "\u00a0: ", ja: "："}[lang] || ": ";   // as the PDFs: U+00A0 before a French colon
  var root;

  function load(state) {
    window.pnpForm.reset();
    if (!state) {
      state = {players: []};
      for (var i = 0; i < parseInt(box.dataset.players, 10); i++) state.players.push({});
    }
    root = window.pnpForm.build(spec, state, "", words);
    fields.replaceChildren(root.node);
  }

  function say(message, withPad, quiet) {
    status.replaceChildren(document.createTextNode(message));
    if (withPad && pad) {
      var link = pad.cloneNode(true);
      link.removeAttribute("id");
      status.appendChild(el("span", {}, [document.createTextNode(" "), link]));
    }
    status.hidden = !message;
    if (message && !quiet) status.scrollIntoView({block: "nearest"});
  }

  // "players[1].towers[0].floors" -> ["players", 1, "towers", 0, "floors"]
  function parse(field) {
    return (field.match(/[^.[\]]+|\[\d+\]/g) || []).map(function (p) { return p[0] === "[" ? parseInt(p.slice(1), 10) : p; });
  }
  // ... -> "Ann › Towers 1 › Floors": the form's own labels, numbered from 1, players by name
  function where(path) {
    var s = spec, value = root.get(), said = [], label = "";
    for (var i = 0; i < path.length; i++) {
      while (s && (s.t === "opt" || s.t === "union")) s = s.t === "opt" ? s.spec : null;
      var part = path[i];
      if (typeof part === "number") {
        var item = value && value[part];
        if (s && s.t === "grid") {
          said.push(label + " " + (part + 1) + (lang === "ja" ? "\u30fb" : "\u00b7") +
                    ((typeof path[i + 1] === "number" ? path[++i] : 0) + 1));
          s = s.item; value = undefined; continue;
        }
        said.pop();
        said.push(item && typeof item === "object" && item.name ? item.name
                  : label === "" ? String(part + 1)
                  : path[i - 1] === "players" ? box.dataset.player.replace("{number}", part + 1)
                  : label + " " + (part + 1));
        s = s && (s.t === "list" || s.t === "towers") ? s.item : null;
        value = item;
      } else {
        var f = s && s.t === "obj" ? s.fields.filter(function (x) { return x[0] === part; })[0] : null;
        label = f ? f[1] : part;
        said.push(label);
        s = f ? f[2] : null;
        value = value && typeof value === "object" ? value[part] : undefined;
      }
    }
    return said.filter(Boolean).join(" › ");
  }

  // the labels of the rows the form asks at `path` (an entry of a tally it does not ask: the
  // page names its rows in the player's words, never the tally's own keys)
  function rowsAt(path) {
    var s = spec;
    for (var i = 0; i <= path.length; i++) {
      while (s && (s.t === "opt" || s.t === "union")) s = s.t === "opt" ? s.spec : null;
      if (i === path.length || !s) break;
      if (typeof path[i] === "number") { s = s.t === "list" || s.t === "towers" ? s.item : null; continue; }
      var f = s.t === "obj" ? s.fields.filter(function (x) { return x[0] === path[i]; })[0] : null;
      s = f ? f[2] : null;
    }
    return s && s.t === "obj" ? s.fields.map(function (f) { return f[1]; }).join(", ") : "";
  }

  function problems(list) {
    out.appendChild(el("ul", {className: "problems"}, list.map(function (p) {
      if (p.rows && rowsAt(parse(p.field || ""))) {
        p = {field: p.field, message: p.message + (lang === "ja" ? "。" : ". ") +
                                      box.dataset.asks.replace("{rows}", rowsAt(parse(p.field || "")))};
      }
      var path = parse(p.field || "");
      var control = path.length && root.at(path);
      var item = el("li", {}, []);
      if (control && path.length) {
        var target = control.wrapper || control.node;
        target.classList.add("invalid");
        var go = el("button", {type: "button", className: "link", text: where(path)});
        go.addEventListener("click", function () {
          target.scrollIntoView({block: "center"});
          var focus = target.querySelector("input, select, button") || target;
          focus.focus();
        });
        item.appendChild(go);
        item.appendChild(document.createTextNode(colon + p.message));
      } else {
        item.textContent = (path.length ? where(path) + colon : "") + p.message;
      }
      return item;
    })));
  }

  function show(answer) {
    out.replaceChildren();
    fields.querySelectorAll(".invalid").forEach(function (n) { n.classList.remove("invalid"); });
    if (!answer.ok) { problems(answer.problems); return answer; }
    var result = answer.result, players = result.players;
    var head = el("tr", {}, [el("th", {scope: "col", text: ""})].concat(players.map(function (p) {
      return el("th", {scope: "col", text: p.name}); })));
    var rows = [], seen = (result.categories || []).slice();      // the pad's order, as `pnp score`
    players.forEach(function (p) { p.lines.forEach(function (l) { if (seen.indexOf(l.category) < 0) seen.push(l.category); }); });
    seen.forEach(function (category) {
      rows.push(el("tr", {}, [el("th", {scope: "row", text: category})].concat(players.map(function (p) {
        var line = p.lines.find(function (l) { return l.category === category; });
        return el("td", {text: line ? String(line.points) : "", title: line ? line.detail : ""});
      }))));
    });
    rows.push(el("tr", {className: "total"}, [el("th", {scope: "row", text: box.dataset.total})].concat(
      players.map(function (p) { return el("td", {text: String(p.total)}); }))));
    rows.push(el("tr", {}, [el("th", {scope: "row", text: box.dataset.rank})].concat(
      players.map(function (p) { return el("td", {text: String(p.rank)}); }))));
    out.appendChild(el("table", {className: "scores"}, [el("thead", {}, [head]), el("tbody", {}, rows)]));
    // the winner, and how a tie was settled, in the rulebook's words (as `pnp score` says it)
    var why = result.tie_break ? (lang === "ja" ? "（" + result.tie_break + "）" : " (" + result.tie_break + ")") : "";
    out.appendChild(el("p", {className: "winner", text: (result.winners.length > 1 ? box.dataset.sharedWin : box.dataset.winner) +
                                                        colon + result.winners.join(", ") + why}));
    // each total's lines (the pad's rows, explained), on demand
    // Japanese: points with their counter (「8点」) and the detail in full-width brackets
    var pts = lang === "ja" ? "\u70b9" : "";
    players.forEach(function (p) {
      out.appendChild(el("details", {className: "details"}, [el("summary", {text: p.name + " — " + p.total + pts}),
        el("ul", {}, p.lines.map(function (l) {
          var detail = !l.detail ? "" : (lang === "ja" ? "\uff08" + l.detail + "\uff09" : " (" + l.detail + ")");
          return el("li", {text: l.category + colon + l.points + pts + detail}); }))]));
    });
    (result.notes || []).forEach(function (n) {
      out.appendChild(el("p", {className: "note", text: n}));
    });
    return answer;
  }

  // the button is never dead: while loading it says so and scores once ready; without the
  // runtime (offline before it was ever kept) it points to the score pad, next to the button
  function count() {
    var ready = box.dataset.ready;
    if (ready === "failed") { say(box.dataset.unavailable, true); return Promise.resolve(null); }
    if (ready === "file") { say(box.dataset.needsServer, true); return Promise.resolve(null); }
    if (ready === undefined) say(box.dataset.waiting, false);
    return window.pnpScore(root.get()).then(function (answer) {
      say("", false);
      show(answer);
      out.scrollIntoView({block: "start"});
      return answer;
    }, function () { say(box.dataset.unavailable, true); return null; });
  }
  form.addEventListener("submit", function (e) { e.preventDefault(); count(); });
  // the next game at the same table: the same players, everything else as new
  document.getElementById("calc-new").addEventListener("click", function () {
    var names = (root.get().players || []).map(function (p) { return {name: p.name}; });
    out.replaceChildren();
    say("", false);
    load(names.length ? {players: names} : null);
  });

  // ---- the tally as a file: saved (or shared) as `pnp score` reads it, opened again
  function tallyFile() {
    var day = new Date().toISOString().slice(0, 10);
    var content = window.pnpForm.yaml(box.dataset.game, root.get(), document.title + " — " + day);
    return new File([content], box.dataset.game + "-" + day + ".yaml", {type: "text/yaml"});
  }
  document.getElementById("calc-save").addEventListener("click", function () {
    var file = tallyFile(), url = URL.createObjectURL(file);
    var a = el("a", {href: url, download: file.name});
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
  });
  var share = document.getElementById("calc-share");
  if (navigator.canShare && navigator.canShare({files: [new File([""], "x.yaml", {type: "text/yaml"})]})) {
    share.hidden = false;
    share.addEventListener("click", function () {
      navigator.share({files: [tallyFile()], title: document.title}).catch(function () {});
    });
  }
  document.getElementById("calc-open").addEventListener("change", function (e) {
    var file = e.target.files[0];
    e.target.value = "";
    if (!file) return;
    file.text().then(window.pnpReadTally).then(function (read) {
      if (!read.ok) { say(box.dataset.notATally, false); if (read.problems) problems(read.problems); return; }
      var state = read.state;
      if (!state || typeof state !== "object" || Array.isArray(state)) { say(box.dataset.notATally, false); return; }
      if (state.game && state.game !== box.dataset.game) { say(box.dataset.otherGame + " (" + state.game + ")", false); return; }
      out.replaceChildren();
      load(state);
      // the form keeps what it asks; an entry it does not ask would be dropped unsaid: the file
      // as written is counted first, and such entries are shown instead of a count without them
      window.pnpScore(state).then(function (answer) {
        var unasked = answer && !answer.ok ? answer.problems.filter(function (p) { return p.rows; }) : [];
        if (unasked.length) show({ok: false, problems: unasked}); else count();
      }, count);
    }, function () { say(box.dataset.unavailable, true); });
  });

  window.pnpCalc = {load: load, state: function () { return root.get(); }, show: show, count: count, where: where};
  load(null);
  form.hidden = false;
  var loading = document.getElementById("calc-loading");
  var timer = setInterval(function () {
    var ready = box.dataset.ready;
    if (!ready) return;
    clearInterval(timer);
    loading.hidden = true;
    if (ready === "failed") say(box.dataset.unavailable, true, true);
    if (ready === "file") say(box.dataset.needsServer, true, true);
  }, 200);
})();
