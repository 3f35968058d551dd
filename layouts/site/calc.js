// Score calculator: the project's scoring package (Python) in the browser through Pyodide, loaded
// from the site itself, and the form of calc-form.js. window.pnpScore(state) -> {ok, result |
// problems}, as `pnp score --json`. The form is there at once; the runtime loads behind it, and
// the code it compiles is kept (IndexedDB) so that the next visit skips compiling (calc_cache.py).
(function () {
  "use strict";
  var box = document.getElementById("calculator");
  if (!box) return;
  var base = box.dataset.runtime;
  var key = box.dataset.codeKey;
  function json(id) { return document.getElementById(id).textContent; }
  function script(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src; s.onload = resolve; s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }
  function text(url) {
    return fetch(url).then(function (r) { if (!r.ok) throw new Error(url + ": " + r.status); return r; });
  }

  // ---- compiled code of earlier visits: one entry, named by runtime and bundle
  function store(mode, use) {
    return new Promise(function (resolve, reject) {
      var open = window.indexedDB ? indexedDB.open("pnp-calculator", 1) : null;
      if (!open) { reject(new Error("no IndexedDB")); return; }
      open.onupgradeneeded = function () { open.result.createObjectStore("code"); };
      open.onerror = function () { reject(open.error); };
      open.onsuccess = function () {
        var db = open.result, tx = db.transaction("code", mode), request = use(tx.objectStore("code"));
        tx.oncomplete = function () { db.close(); resolve(request.result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      };
    });
  }
  function readCode() {
    return store("readonly", function (s) { return s.get(key); }).catch(function () { return null; });
  }
  function keepCode(pyodide) {     // box[data-code-kept]: "1" once written (for the benchmark)
    var blob = pyodide.runPython("import sys; sys.pnp_code_cache.dump()");
    if (!blob) { box.dataset.codeKept = "1"; return; }
    var bytes = blob.toJs();
    blob.destroy();
    store("readwrite", function (s) { s.clear(); return s.put(bytes, key); })
      .then(function () { box.dataset.codeKept = "1"; }, function () { box.dataset.codeKept = "failed"; });
  }
  function later(pyodide) {
    box.dataset.codeKept = "pending";
    setTimeout(function () { keepCode(pyodide); }, 0);
  }

  var started = performance.now();
  if (location.protocol === "file:") {     // browsers refuse WebAssembly and fetch from file://
    box.dataset.ready = "file";
    window.pnpScore = function () { return Promise.reject(new Error(box.dataset.needsServer)); };
    return;
  }
  var ready = Promise.all([script(base + "pyodide/pyodide.js"), readCode(),
                           text(box.dataset.cache).then(function (r) { return r.text(); })]).then(function (parts) {
    var code = parts[1], helper = parts[2];
    performance.mark("pnp-fetched");      // the phases, for benchmarks/calculator.py
    return window.loadPyodide({indexURL: new URL(base + "pyodide/", location.href).href,
                               fsInit: function (FS, info) {
                                 FS.writeFile(info.sitePackages + "/sitecustomize.py", helper);
                                 if (code) FS.writeFile("/pnp-code.bin", new Uint8Array(code));
                                 return Promise.resolve();
                               }});
  }).then(function (pyodide) {
    performance.mark("pnp-python");
    var wheels = box.dataset.wheels.split(" ").map(function (w) { return new URL(base + "wheels/" + w, location.href).href; });
    return Promise.all([pyodide.loadPackage(wheels, {messageCallback: function () {}}),
                        text(base + "scoring.zip").then(function (r) { return r.arrayBuffer(); }),
                        text(box.dataset.code).then(function (r) { return r.text(); })]).then(function (parts) {
      performance.mark("pnp-packages");
      pyodide.unpackArchive(parts[1], "zip", {extractDir: "/home/pyodide/pnp"});
      pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/pnp')");
      pyodide.runPython(parts[2]);
      performance.mark("pnp-ready");
      box.dataset.ready = String(Math.round(performance.now() - started));
      box.dataset.codeReused = String(pyodide.runPython("import sys; sys.pnp_code_cache.reused"));
      later(pyodide);
      if (window.pnpKeepRuntime) window.pnpKeepRuntime();
      return {pyodide: pyodide, run: pyodide.globals.get("run"), read: pyodide.globals.get("read_tally")};
    });
  });
  ready.catch(function (err) { box.dataset.ready = "failed"; box.dataset.error = String(err); });

  var lang = document.documentElement.lang;
  window.pnpScore = function (state) {
    return ready.then(function (py) {
      var answer = JSON.parse(py.run(box.dataset.game, JSON.stringify(state), json("calc-facts"),
                                     json("calc-catalogue"), lang));
      later(py.pyodide);           // what scoring imported, for next time
      return answer;
    });
  };
  window.pnpReadTally = function (content) {
    try {
      return Promise.resolve({ok: true, state: JSON.parse(content)});
    } catch (e) {
      return ready.then(function (py) { return JSON.parse(py.read(content, json("calc-catalogue"), lang)); });
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
  var colon = {fr: "\u202f: ", ja: "："}[lang] || ": ";
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
          said.push(label + " " + (part + 1) + "·" + ((typeof path[i + 1] === "number" ? path[++i] : 0) + 1));
          s = s.item; value = undefined; continue;
        }
        said.pop();
        said.push(item && typeof item === "object" && item.name ? item.name
                  : label === "" ? String(part + 1)
                  : path[i - 1] === "players" ? box.dataset.player.replace("{number}", part + 1)
                  : label + " " + (part + 1));
        s = s && s.t === "list" ? s.item : null;
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

  function problems(list) {
    out.appendChild(el("ul", {className: "problems"}, list.map(function (p) {
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
    var rows = [], seen = [];
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
    out.appendChild(el("p", {className: "winner", text: box.dataset.winner + colon + result.winners.join(", ")}));
    players.forEach(function (p) {
      out.appendChild(el("h3", {text: p.name + " — " + p.total}));
      out.appendChild(el("ul", {className: "details"}, p.lines.map(function (l) {
        return el("li", {text: l.category + colon + l.points + (l.detail ? " (" + l.detail + ")" : "")}); })));
    });
    (result.notes || []).concat(result.tie_break ? [result.tie_break] : []).forEach(function (n) {
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
      count();
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
