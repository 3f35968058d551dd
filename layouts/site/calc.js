// Score calculator: the project's scoring package (Python) in the browser through Pyodide, loaded
// from the site itself (vendored at build time), and a form for the end-game state built from the
// state's schema. window.pnpScore(state) -> {ok, result | problems}, as `pnp score --json`.
(function () {
  "use strict";
  var box = document.getElementById("calculator");
  if (!box) return;
  var base = box.dataset.runtime;
  function json(id) { return document.getElementById(id).textContent; }
  function script(src) {
    return new Promise(function (resolve, reject) {
      var s = document.createElement("script");
      s.src = src; s.onload = resolve; s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }
  var started = performance.now();
  if (location.protocol === "file:") {     // browsers refuse WebAssembly and fetch from file://
    box.dataset.ready = "file";
    window.pnpScore = function () { return Promise.reject(new Error(box.dataset.needsServer)); };
    return;
  }
  var ready = script(base + "pyodide/pyodide.js").then(function () {
    return window.loadPyodide({indexURL: new URL(base + "pyodide/", location.href).href});
  }).then(function (pyodide) {
    var wheels = box.dataset.wheels.split(" ").map(function (w) { return new URL(base + "wheels/" + w, location.href).href; });
    return pyodide.loadPackage(wheels).then(function () {
      return Promise.all([fetch(base + "scoring.zip").then(function (r) { return r.arrayBuffer(); }),
                          fetch(box.dataset.code).then(function (r) { return r.text(); })]);
    }).then(function (parts) {
      pyodide.unpackArchive(parts[0], "zip", {extractDir: "/home/pyodide/pnp"});
      pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/pnp')");
      pyodide.runPython(parts[1]);
      box.dataset.ready = String(Math.round(performance.now() - started));
      return pyodide.globals.get("run");
    });
  });
  ready.catch(function (err) { box.dataset.ready = "failed"; box.dataset.error = String(err); });

  window.pnpScore = function (state) {
    return ready.then(function (run) {
      return JSON.parse(run(box.dataset.game, JSON.stringify(state), json("calc-facts"), json("calc-catalogue"),
                            document.documentElement.lang));
    });
  };
})();

// ---- the form: built from the state models' spec (generator/site/calculator.py form_spec)
(function () {
  "use strict";
  var box = document.getElementById("calculator");
  if (!box) return;
  var spec = JSON.parse(document.getElementById("calc-form-spec").textContent);
  var catalogue = JSON.parse(document.getElementById("calc-catalogue").textContent);
  var form = document.getElementById("calc-form");
  var fields = document.getElementById("calc-fields");
  var out = document.getElementById("calc-result");
  var uid = 0;
  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") e.textContent = attrs[k]; else if (k === "className") e.className = attrs[k];
      else e.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) e.appendChild(c); });
    return e;
  }
  function clone(v) { return v === undefined ? undefined : JSON.parse(JSON.stringify(v)); }

  // build(spec, value, label) -> {node, get()}; `label` names the control for screen readers
  function build(s, value, label) {
    if (value === undefined) value = clone(s["default"]);
    var id = "f" + (++uid);
    if (s.t === "int") {
      var input = el("input", {type: "number", inputmode: "numeric", id: id, "aria-label": label,
                               value: value === undefined || value === null ? (s.min !== undefined ? s.min : 0) : value});
      if (s.min !== undefined) input.min = s.min;
      if (s.max !== undefined) input.max = s.max;
      function step(d) {
        return function () {
          var v = (parseInt(input.value, 10) || 0) + d;
          if (s.min !== undefined) v = Math.max(s.min, v);
          if (s.max !== undefined) v = Math.min(s.max, v);
          input.value = v;
        };
      }
      var minus = el("button", {type: "button", className: "step", "aria-label": label + " −1", text: "−"});
      var plus = el("button", {type: "button", className: "step", "aria-label": label + " +1", text: "+"});
      minus.addEventListener("click", step(-1)); plus.addEventListener("click", step(1));
      return {node: el("span", {className: "stepper"}, [minus, input, plus]),
              get: function () { return parseInt(input.value, 10) || 0; }};
    }
    if (s.t === "bool") {
      var box2 = el("input", {type: "checkbox", id: id, "aria-label": label});
      box2.checked = !!value;
      return {node: box2, get: function () { return box2.checked; }};
    }
    if (s.t === "str") {
      var text = el("input", {type: "text", id: id, "aria-label": label, value: value || ""});
      return {node: text, get: function () { return text.value.trim(); }};
    }
    if (s.t === "enum") {
      var select = el("select", {id: id, "aria-label": label});
      s.options.forEach(function (o, i) {
        var option = el("option", {value: String(i), text: o[1]});
        if (value !== undefined && value !== null && String(o[0]) === String(value)) option.selected = true;
        select.appendChild(option);
      });
      return {node: select, get: function () { return s.options[parseInt(select.value, 10)][0]; }};
    }
    if (s.t === "obj") {
      var parts = [], node = el("div", {className: "obj"});
      s.fields.forEach(function (f) {
        var v = value && typeof value === "object" ? value[f[0]] : undefined;
        var child = build(f[2], v, f[1]);
        var simple = ["int", "bool", "str", "enum"].indexOf(f[2].t) >= 0;
        node.appendChild(el(simple ? "label" : "div", {className: "field field-" + f[2].t + " name-" + f[0]},
                            [el("span", {className: "label", text: f[1]}), child.node]));
        parts.push([f[0], child]);
      });
      return {node: node, get: function () {
        var o = {};
        parts.forEach(function (p) { var v = p[1].get(); if (v !== undefined) o[p[0]] = v; });
        return o;
      }};
    }
    if (s.t === "list") {
      var items = [], list = el("ol", {className: "items"});
      var add = el("button", {type: "button", className: "add", text: "+ " + box.dataset.add + " · " + label});
      function push(v) {
        var child = build(s.item, v, label + " " + (items.length + 1));
        var remove = el("button", {type: "button", className: "remove", text: "×",
                                   "aria-label": box.dataset.remove + " · " + label + " " + (items.length + 1)});
        var li = el("li", {}, [child.node, remove]);
        var entry = {li: li, child: child};
        remove.addEventListener("click", function () { items.splice(items.indexOf(entry), 1); li.remove(); });
        items.push(entry); list.appendChild(li);
      }
      add.addEventListener("click", function () { push(undefined); });
      (Array.isArray(value) ? value : []).forEach(push);
      return {node: el("div", {className: "list"}, [list, add]), push: push,
              get: function () { return items.map(function (e) { return e.child.get(); }); }};
    }
    if (s.t === "opt") {
      var on = el("input", {type: "checkbox", "aria-label": label});
      on.checked = value !== undefined && value !== null;
      var inner = build(s.spec, on.checked ? value : undefined, label);
      var wrap = el("div", {className: "opt"}, [el("label", {className: "toggle"}, [on, el("span", {text: " " + label})]),
                                                 inner.node]);
      inner.node.hidden = !on.checked;
      on.addEventListener("change", function () { inner.node.hidden = !on.checked; });
      return {node: wrap, inner: inner, on: on,
              get: function () { return on.checked ? inner.get() : undefined; }};
    }
    if (s.t === "union") {
      function fits(o) {
        if (value === undefined || value === null) return false;
        if (o.t === "int") return typeof value === "number";
        if (o.t === "enum") return typeof value !== "object";
        return typeof value === "object";
      }
      var chosen = Math.max(0, s.options.findIndex(function (o) { return fits(o[1]); }));
      var pick = el("select", {"aria-label": label});
      s.options.forEach(function (o, i) { pick.appendChild(el("option", {value: String(i), text: o[0]})); });
      pick.value = String(chosen);
      var holder = el("span", {className: "variant"});
      var current = build(s.options[chosen][1], fits(s.options[chosen][1]) ? value : undefined, label);
      holder.appendChild(current.node);
      pick.addEventListener("change", function () {
        current = build(s.options[parseInt(pick.value, 10)][1], undefined, label);
        holder.replaceChildren(current.node);
      });
      return {node: el("span", {className: "union"}, [pick, holder]), get: function () { return current.get(); }};
    }
    if (s.t === "grid") {
      var cells = [], grid = el("div", {className: "grid"});
      for (var r = 0; r < s.rows; r++) {
        for (var c = 0; c < s.cols; c++) {
          var place = value && value[r] ? value[r][c] : undefined;
          if (typeof place === "string") place = [place];
          var cell = build(s.item, place || [], label + " " + (r + 1) + "·" + (c + 1));
          grid.appendChild(el("div", {className: "cell"}, [el("span", {className: "label", text: (r + 1) + "·" + (c + 1)}),
                                                           cell.node]));
          cells.push(cell);
        }
      }
      return {node: grid, get: function () {
        var rows = [];
        for (var r = 0; r < s.rows; r++) {
          rows.push(cells.slice(r * s.cols, (r + 1) * s.cols).map(function (cell) {
            var stack = cell.get();
            return stack.length ? stack : null;
          }));
        }
        while (rows.length && rows[rows.length - 1].every(function (p) { return p === null; })) rows.pop();
        return rows;
      }};
    }
    throw new Error("unknown field kind " + s.t);
  }

  var root;
  function load(state) {
    uid = 0;
    if (!state) {
      state = {players: []};
      for (var i = 0; i < parseInt(box.dataset.players, 10); i++) state.players.push({});
    }
    root = build(spec, state, "");
    fields.replaceChildren(root.node);
  }
  function t(msgid) { return catalogue[msgid] || msgid; }
  function show(answer) {
    out.replaceChildren();
    if (!answer.ok) {
      out.appendChild(el("ul", {className: "problems"}, answer.problems.map(function (p) { return el("li", {text: p}); })));
      return answer;
    }
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
    out.appendChild(el("p", {className: "winner", text: box.dataset.winner + ({fr: "\u202f: ", ja: "："}[document.documentElement.lang] || ": ") + result.winners.join(", ")}));
    players.forEach(function (p) {
      out.appendChild(el("h3", {text: p.name + " — " + p.total}));
      out.appendChild(el("ul", {className: "details"}, p.lines.map(function (l) {
        return el("li", {text: l.category + ": " + l.points + (l.detail ? " (" + l.detail + ")" : "")}); })));
    });
    (result.notes || []).concat(result.tie_break ? [result.tie_break] : []).forEach(function (n) {
      out.appendChild(el("p", {className: "note", text: n}));
    });
    return answer;
  }
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    window.pnpScore(root.get()).then(show).then(function () { out.scrollIntoView({block: "start"}); });
  });
  window.pnpCalc = {load: load, state: function () { return root.get(); }, show: show};
  load(null);
  form.hidden = false;
  var loading = document.getElementById("calc-loading");
  var timer = setInterval(function () {
    if (box.dataset.ready) {
      clearInterval(timer);
      loading.hidden = box.dataset.ready !== "failed" && box.dataset.ready !== "file";
      if (box.dataset.ready === "failed") loading.textContent = box.dataset.error;
      if (box.dataset.ready === "file") { loading.textContent = box.dataset.needsServer; form.hidden = true; }
    }
  }, 200);
})();
