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
