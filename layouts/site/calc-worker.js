// Score calculator, the runtime: Pyodide and the project's scoring package in a (module) worker,
// so that the page stays responsive while it starts (several seconds of work on a phone). calc.js sends
// {type: "start", ...} once, then {id, type: "score" | "read", ...}; the worker answers with
// {type: "ready" | "failed" | "kept", ...} and {id, answer}.
//
// What earlier visits kept (IndexedDB) makes a later start short: the interpreter's memory once
// pydantic and the scoring package were imported ("snapshot": restoring it replaces the whole
// start, most of which is those imports) and the code it compiled ("code", see calc_cache.py).
// Each entry names the runtime, the scoring bundle and calc_cache.py it was made with, and is used
// only by a page naming the same.
//
// Pyodide's snapshot holds the WebAssembly memory only: pydantic-core's own WebAssembly module
// (a shared library) is instantiated again after a restore, at the very memory and table places
// it had (the snapshot's "core"), and its memory is put back as it was after that. Its
// wheels are unpacked by hand, not by loadPackage, which leaves a JavaScript object held by
// Python that a snapshot cannot keep. After a restore only pydantic-core's library is taken out of
// its wheel (inflated by the browser); the packages' other files (0.5-0.7 s to unpack, and the
// snapshot holds their modules) only if Python asks for one (calc_cache.py). Nor is the standard
// library's zip read before the answer (see stdlibURL below).
var key, pyodide, run, readTally, loadPyodide;
var made = null;              // the place pydantic-core took in this start (memory, table)
var restoring = null;         // where a restored snapshot says it stood
var grow = 0;                 // the memory a snapshot needs (more than a new interpreter has)
var phases = {worker: performance.timeOrigin + performance.now()};  // when each step ended: the page's marks

var compiled = null;          // the interpreter's WebAssembly, compiled while the rest is read (start)
var wasmURL = "";
// The standard library (python_stdlib.zip, 3.3 MB): a restored interpreter holds the modules it
// imported and the zip's directory, so Pyodide's start gets an empty zip in its place and the
// real one is read after the answer to the page, or at once (stdlib()) if Python imports first
var stdlibURL = "", stdlibPath = "", stdlibLater = false, stdlibMounted = false;
var EMPTY_ZIP = new Uint8Array([0x50, 0x4b, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
var core = null;              // pydantic-core's library after a restore: {bytes, module (a promise)}

(function () {
  var streaming = WebAssembly.instantiateStreaming, instantiate = WebAssembly.instantiate, get = self.fetch;
  self.fetch = function (url) {                  // Pyodide's own fetch of what start() compiles: not twice
    if (stdlibLater && String(url) === stdlibURL) {
      phases.stdlib_skipped = now();
      return Promise.resolve(new Response(EMPTY_ZIP));
    }
    return compiled && String(url) === wasmURL ? Promise.resolve(new Response(null)) : get.apply(self, arguments);
  };
  WebAssembly.instantiateStreaming = function (source, imports) {
    var started = compiled ? compiled.then(function (module) {
      return instantiate.call(WebAssembly, module, imports).then(function (instance) {
        return {module: module, instance: instance};
      });
    }, function () { return streaming.call(WebAssembly, get(wasmURL), imports); }) : streaming.apply(WebAssembly, arguments);
    compiled = null;
    return started.then(function (r) {
      phases.wasm = now();
      var mem = r.instance.exports.memory;       // the interpreter's: grown before the snapshot is copied in
      if (grow && mem && mem.buffer.byteLength < grow) mem.grow(Math.ceil((grow - mem.buffer.byteLength) / 65536));
      grow = 0;
      return r;
    });
  };
  WebAssembly.instantiate = function (binary, imports) {
    var env = imports && imports.env;
    if (!env || !binary || !binary.byteLength || !pyodide || pyodide._module.getDylinkMetadata(binary).memorySize === 0) {
      return instantiate.apply(WebAssembly, arguments);
    }
    made = {memoryBase: env.__memory_base, tableBase: env.__table_base};
    if (restoring) {                             // at its former place; its memory kept as it is
      var at = restoring, size = pyodide._module.getDylinkMetadata(binary).memorySize;
      at.kept = pyodide._module.HEAPU8.slice(at.memoryBase, at.memoryBase + size);
      var place = new Proxy({}, {get: function (_t, name) {
        return name === "__memory_base" ? at.memoryBase : name === "__table_base" ? at.tableBase : env[name];
      }});
      imports = Object.assign({}, imports, {env: place, wasi_snapshot_preview1: place});
    }
    if (core && core.bytes === binary) {         // compiled while the snapshot was restored
      var module = core.module;
      core = null;
      return module.then(function (m) {
        return instantiate.call(WebAssembly, m, imports).then(function (instance) { return {module: m, instance: instance}; });
      });
    }
    return instantiate.call(WebAssembly, binary, imports);
  };
})();

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
    return entry && entry.key === key ? (what === "snapshot" ? entry : entry.bytes) : null;
  }).catch(function () { return null; });
}
function keep(what, bytes, core) {
  return store("readwrite", function (s) { return s.put({key: key, bytes: bytes, core: core}, what); }).then(function () {
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
function mountStdlib(bytes) {  // the real standard library in place of the empty zip the restore had
  if (stdlibMounted) return;
  pyodide.FS.writeFile(stdlibPath, new Uint8Array(bytes));
  stdlibMounted = true;
  phases.stdlib_mounted = now();
}
function stdlibNow() {          // Python imports before it was read: read at once (a worker may wait)
  if (stdlibMounted) return;
  var x = new XMLHttpRequest();
  x.open("GET", stdlibURL, false);
  x.responseType = "arraybuffer";
  x.send();
  if (x.status !== 200) throw new Error(stdlibURL + ": " + x.status);
  mountStdlib(x.response);
}
function stdlibLaterOn() {      // after the answer to the page, or before Python's first import
  if (stdlibMounted || !stdlibPath) return;
  text(stdlibURL).then(function (r) { return r.arrayBuffer(); }).then(function (bytes) {
    mountStdlib(bytes);
    pyodide.runPython("import sys; sys.pnp_stdlib_later.done = True");
  }).catch(function () {});     // then read when Python imports (stdlibNow)
}
function text(url) {
  return fetch(url).then(function (r) { if (!r.ok) throw new Error(url + ": " + r.status); return r; });
}
function now() { return performance.timeOrigin + performance.now(); }
function mark(phase) { return function (x) { phases[phase] = now(); return x; }; }

function boot(helper, code, snapshot, indexURL) {
  var options = {indexURL: indexURL,
                 fsInit: function (FS, info) {
                   FS.writeFile(info.sitePackages + "/sitecustomize.py", helper);
                   if (code) FS.writeFile("/pnp-code.bin", new Uint8Array(code));
                   return Promise.resolve();
                 }};
  if (snapshot) {                                  // Pyodide's (pinned) memory snapshot
    options._loadSnapshot = snapshot.bytes;
    grow = snapshot.bytes.byteLength - new Uint32Array(snapshot.bytes.buffer, snapshot.bytes.byteOffset, 4)[1];
  } else {
    options._makeSnapshot = true;
  }
  return loadPyodide(options);
}

var HOME = "/home/pyodide/pnp";

function libraries() {          // the shared libraries the wheels brought (pydantic-core's)
  var found = pyodide.runPython("import glob; glob.glob('" + HOME + "/**/*.so', recursive=True)");
  var out = found.toJs();
  found.destroy();
  return out;
}

function entries(zip) {          // a zip's central directory: [{name, method, size, offset}]
  var v = new DataView(zip), at = zip.byteLength - 22, out = [], utf8 = new TextDecoder();
  while (at > 0 && v.getUint32(at, true) !== 0x06054b50) at--;
  var count = v.getUint16(at + 10, true);
  at = v.getUint32(at + 16, true);
  for (var i = 0; i < count; i++) {
    var length = v.getUint16(at + 28, true);
    out.push({name: utf8.decode(new Uint8Array(zip, at + 46, length)), method: v.getUint16(at + 10, true),
              size: v.getUint32(at + 20, true), offset: v.getUint32(at + 42, true)});
    at += 46 + length + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  return out;
}

function shared(archives) {     // [[path, bytes]] of the shared libraries, inflated by the browser
  var found = [];
  archives.forEach(function (zip) {
    entries(zip).forEach(function (e) {
      if (!/\.so$/.test(e.name)) return;
      var v = new DataView(zip), from = e.offset + 30 + v.getUint16(e.offset + 26, true) + v.getUint16(e.offset + 28, true);
      var data = new Uint8Array(zip, from, e.size);
      found.push((e.method === 0 ? Promise.resolve(data.slice().buffer)
        : new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw"))).arrayBuffer())
        .then(function (bytes) { return [HOME + "/" + e.name, new Uint8Array(bytes)]; }));
    });
  });
  return Promise.all(found).then(function (libs) {
    if (libs.length === 1) {          // compiled off this thread while the snapshot is restored
      core = {bytes: libs[0][1], module: WebAssembly.compile(libs[0][1])};
      core.module.catch(function () {});
    }
    return libs;
  });
}

function install(archives, snapshot, libs) {
  if (!snapshot) {
    archives.forEach(function (a) { pyodide.unpackArchive(a, "zip", {extractDir: HOME}); });
    mark("unpacked")();
    return libraries().reduce(function (p, lib) { return p.then(function () { return pyodide._api.loadDynlib(lib); }); },
                              Promise.resolve());
  }
  // the snapshot's interpreter has imported the packages already: only their WebAssembly is
  // missing; their files are unpacked if Python asks for a module it does not hold (calc_cache.py)
  var tops = {}, names = archives.map(function (a, i) {
    entries(a).forEach(function (e) {
      var top = e.name.split("/")[0].replace(/\.pyc?$/, "");   // a module compiled ahead: .pyc
      if (!/\.(dist-info|data)$/.test(top)) tops[top] = true;
    });
    var name = "/home/pyodide/archive-" + i + ".zip";
    pyodide.FS.writeFile(name, new Uint8Array(a));
    return name;
  });
  pyodide.runPython("import sitecustomize; sitecustomize.unpack_later(" + JSON.stringify(names) + ", " +
                    JSON.stringify(Object.keys(tops)) + ", '" + HOME + "')");
  var later = pyodide.runPython("import sitecustomize; sitecustomize.stdlib_later");
  stdlibPath = later(stdlibNow);                // before the packages' finder: a miss mounts it first
  later.destroy();
  mark("unpacked")();
  var table = pyodide._module.wasmTable;
  if (libs.length !== 1 || table.length !== snapshot.core.tableBase) {
    return Promise.reject(new Error("the snapshot does not fit this start"));
  }
  restoring = snapshot.core;
  return pyodide._module.loadWebAssemblyModule(libs[0][1], {loadAsync: true, nodelete: true},
                                               libs[0][0], {}).then(function () {
    mark("core_loaded")();
    pyodide._module.HEAPU8.set(restoring.kept, restoring.memoryBase);
    if (table.length !== snapshot.core.tableAfter) throw new Error("the snapshot does not fit this start");
    restoring = null;
  });
}

function start(m) {
  key = m.key;
  // what Pyodide's start needs first, begun before IndexedDB is read: its module and its
  // WebAssembly, compiled off this thread (the browser's code cache serves a later visit)
  wasmURL = new URL(m.runtime + "pyodide/pyodide.asm.wasm", location.href).href;
  stdlibURL = new URL(m.runtime + "pyodide/python_stdlib.zip", location.href).href;
  compiled = WebAssembly.compileStreaming(fetch(wasmURL));
  compiled.catch(function () {});                      // then instantiated from Pyodide's fetch
  import(m.runtime + "pyodide/pyodide.asm.mjs").catch(function () {});
  var fetched = Promise.all(m.wheels.map(function (w) { return m.runtime + "wheels/" + w; })
    .concat([m.runtime + "scoring.zip"]).map(function (url) {
      return text(url).then(function (r) { return r.arrayBuffer(); });
    })).then(mark("wheels_fetched"));
  return Promise.all([read("code").then(mark("code_read")), read("snapshot").then(mark("snapshot_read")),
                      text(m.cache).then(function (r) { return r.text(); }),
                      import(m.runtime + "pyodide/pyodide.mjs").then(mark("mjs")), text(m.code).then(function (r) { return r.text(); })])
    .then(function (parts) {
      loadPyodide = parts[3].loadPyodide;
      phases.fetched = now();
      var code = parts[0], snapshot = parts[1] && parts[1].core ? parts[1] : null, helper = parts[2];
      var indexURL = m.runtime + "pyodide/", source = parts[4];
      var afresh = function () {
        stdlibLater = false;
        stdlibPath = "";
        return boot(helper, code, null, indexURL).then(function (py) { return begin(py, null); });
      };
      var begin = function (py, snap) {
        pyodide = py;
        phases.python = now();
        return Promise.all([fetched, snap ? libs : null]).then(function (got) { return install(got[0], snap, got[1]); }).then(function () {
          phases.packages = now();
          if (snap) {
            pyodide.runPython("import sys; sys.pnp_code_cache.reload()");    // this visit's code file
          } else {
            pyodide.runPython("import sys; sys.path.insert(0, '" + HOME + "')");
            pyodide.runPython(source);
          }
          return !!snap;
        });
      };
      if (!snapshot) return afresh();
      var libs = fetched.then(shared).then(mark("inflated"));   // failed (an older browser): afresh
      libs.catch(function () {});
      stdlibLater = true;
      return boot(helper, code, snapshot, indexURL).then(function (py) { stdlibLater = false; return begin(py, snapshot); })
        .catch(function () { restoring = null; return afresh(); });      // afresh, as a first visit
    }).then(function (restored) {
      run = pyodide.globals.get("run");
      readTally = pyodide.globals.get("read_tally");
      phases.ready = now();
      var memory = restored ? null : pyodide.makeMemorySnapshot();   // pydantic and scoring imported
      var core = made;
      postMessage({type: "ready", phases: phases, snapshot: restored ? "restored" : "made",
                   reused: pyodide.runPython("import sys; sys.pnp_code_cache.reused"),
                   compiled: pyodide.runPython("import sys; len(sys.pnp_code_cache.fresh)")});
      setTimeout(function () {          // after the answer to the page: it waits for none of this
        if (restored) stdlibLaterOn();
        keepCode();
        if (memory) {
          core.tableAfter = pyodide._module.wasmTable.length;
          keep("snapshot", memory, core);
        }
      }, 0);
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
