// Score calculator, the runtime: Pyodide and the project's scoring package in a (module) worker,
// so that the page stays responsive while it starts (several seconds of work on a phone). calc.js sends
// {type: "start", ...} once, then {id, type: "score" | "read", ...}; the worker answers with
// {type: "ready" | "failed" | "kept", ...} and {id, answer}.
//
// What earlier visits kept (IndexedDB) makes a later start short: the interpreter's memory just
// after it started ("snapshot": restoring it replaces most of the start) and the code it compiled
// ("code", see calc_cache.py). Each entry names the runtime, the scoring bundle and calc_cache.py
// it was made with, and is used only by a page naming the same.
var key, pyodide, run, readTally, loadPyodide;
var memory = null;            // the snapshot made by this start, kept once the calculator is ready

function store(mode, use) {
  return new Promise(function (resolve, reject) {
    var open = self.indexedDB ? indexedDB.open("pnp-calculator", 2) : null;
    if (!open) { reject(new Error("no IndexedDB")); return; }
    open.onupgradeneeded = function () {
      if (open.result.objectStoreNames.contains("code")) open.result.deleteObjectStore("code");
      open.result.createObjectStore("kept");
    };
    open.onerror = function () { reject(open.error); };
    open.onsuccess = function () {
      var db = open.result, tx = db.transaction("kept", mode), request = use(tx.objectStore("kept"));
      tx.oncomplete = function () { db.close(); resolve(request && request.result); };
      tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
    };
  });
}
function read(what) {
  return store("readonly", function (s) { return s.get(what); }).then(function (entry) {
    return entry && entry.key === key ? entry.bytes : null;
  }).catch(function () { return null; });
}
function keep(what, bytes) {
  return store("readwrite", function (s) { return s.put({key: key, bytes: bytes}, what); }).then(function () {
    postMessage({type: "kept", what: what});
  }, function () { postMessage({type: "kept", what: what, failed: true}); });
}
function keepCode() {
  var blob = pyodide.runPython("import sys; sys.pnp_code_cache.dump()");
  if (!blob) { postMessage({type: "kept", what: "code"}); return; }
  var bytes = blob.toJs();
  blob.destroy();
  keep("code", bytes);
}
function text(url) {
  return fetch(url).then(function (r) { if (!r.ok) throw new Error(url + ": " + r.status); return r; });
}
function now() { return performance.timeOrigin + performance.now(); }

function boot(helper, code, snapshot, indexURL) {
  var options = {indexURL: indexURL,
                 fsInit: function (FS, info) {
                   FS.writeFile(info.sitePackages + "/sitecustomize.py", helper);
                   if (code) FS.writeFile("/pnp-code.bin", new Uint8Array(code));
                   return Promise.resolve();
                 }};
  if (snapshot) options._loadSnapshot = snapshot;      // Pyodide's (pinned) memory snapshot
  else options._makeSnapshot = true;
  return loadPyodide(options).then(function (py) {
    if (snapshot) {
      py.runPython("import sys; sys.pnp_code_cache.reload()");    // this visit's code file
    } else {
      memory = py.makeMemorySnapshot();                  // before any package: a plain interpreter
    }
    return py;
  });
}

function start(m) {
  var phases = {};
  key = m.key;
  return Promise.all([read("code"), read("snapshot"), text(m.cache).then(function (r) { return r.text(); }),
                      import(m.runtime + "pyodide/pyodide.mjs")])
    .then(function (parts) {
      loadPyodide = parts[3].loadPyodide;
      phases.fetched = now();
      var code = parts[0], snapshot = parts[1], helper = parts[2], indexURL = m.runtime + "pyodide/";
      return boot(helper, code, snapshot, indexURL).then(function (py) { return [py, !!snapshot]; }, function (err) {
        if (!snapshot) throw err;
        return boot(helper, code, null, indexURL).then(function (py) { return [py, false]; });  // afresh
      });
    }).then(function (booted) {
      pyodide = booted[0];
      phases.python = now();
      var wheels = m.wheels.map(function (w) { return m.runtime + "wheels/" + w; });
      return Promise.all([pyodide.loadPackage(wheels, {messageCallback: function () {}}),
                          text(m.runtime + "scoring.zip").then(function (r) { return r.arrayBuffer(); }),
                          text(m.code).then(function (r) { return r.text(); })]).then(function (parts) {
        phases.packages = now();
        pyodide.unpackArchive(parts[1], "zip", {extractDir: "/home/pyodide/pnp"});
        pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/pnp')");
        pyodide.runPython(parts[2]);
        run = pyodide.globals.get("run");
        readTally = pyodide.globals.get("read_tally");
        phases.ready = now();
        postMessage({type: "ready", phases: phases, snapshot: booted[1] ? "restored" : "made",
                     reused: pyodide.runPython("import sys; sys.pnp_code_cache.reused"),
                     compiled: pyodide.runPython("import sys; len(sys.pnp_code_cache.fresh)")});
        setTimeout(function () {          // after the answer to the page: it waits for none of this
          keepCode();
          if (memory) keep("snapshot", memory).then(function () { memory = null; });
        }, 0);
      });
    });
}

self.onmessage = function (e) {
  var m = e.data;
  if (m.type === "start") {
    start(m).catch(function (err) { postMessage({type: "failed", error: String(err)}); });
    return;
  }
  var answer;
  try {
    answer = m.type === "score" ? run(m.game, m.state, m.facts, m.catalogue, m.lang)
                                : readTally(m.text, m.catalogue, m.lang);
  } catch (err) {
    postMessage({id: m.id, error: String(err)});
    return;
  }
  postMessage({id: m.id, answer: answer});
  if (m.type === "score") setTimeout(keepCode, 0);        // what scoring imported, for next time
};
