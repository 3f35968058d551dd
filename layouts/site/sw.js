// Service worker of the rules site (VERSION, SHELL, GROUPS, RUNTIME and RUNTIME_VERSION are
// written above by the build). Install: cache the shell. A page posts {group: "game/lang",
// runtime, rest: "game/lang"}: cache that game's rules, legend, calculator page and downloads, then, one file at a
// time and only what is missing, the calculator's runtime (kept in its own cache, which outlives
// new builds of the rules), then the pages of every other game and language (not their downloads). Fetch: cache first, then the network (and keep what it returned), so that every page
// opens with the network off; a folder's address ("/", "tournay/") is its index.html.
// Navigations ask the server first (briefly): if it answers with something that is not this
// site (another server now on the same address), the worker unregisters, drops its caches and
// lets that server's pages through, so that it never outlives the site it came with.
"use strict";
var CACHE = "pnp-site-" + VERSION;
var RUNTIME_CACHE = "pnp-runtime-" + RUNTIME_VERSION;
var IN_RUNTIME = {};
var WAIT = 3000;           // ms a navigation waits for the server before the kept page is shown
var gone = false;          // another server answers here: pass everything through
RUNTIME.forEach(function (path) { IN_RUNTIME[new URL(path, self.registration.scope).href] = true; });

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

function ours(name) { return name.indexOf("pnp-site-") === 0 || name.indexOf("pnp-runtime-") === 0; }

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return ours(k) && k !== CACHE && k !== RUNTIME_CACHE;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(name, files) {
  // what the cache lacks, one file after the other (the page being read keeps the connection);
  // a file that fails does not stop the others, and the whole is said to have failed; nothing
  // once another server answers here (the caches are gone and stay gone)
  if (gone) return Promise.resolve();
  return caches.open(name).then(function (cache) {
    var failed = [];
    return files.reduce(function (done, path) {
      return done.then(function () {
        if (gone) return null;
        return cache.match(path).then(function (hit) { return hit || cache.add(path); })
          .catch(function () { failed.push(path); });
      });
    }, Promise.resolve()).then(function () {
      if (failed.length) throw new Error("not kept: " + failed.join(" "));
    });
  });
}

function otherPages(group) {
  // every other game and language, downloads (PDFs) aside: a language switch works offline
  var seen = {}, files = [];
  Object.keys(GROUPS).forEach(function (g) {
    if (g === group) return;
    GROUPS[g].forEach(function (path) {
      if (!/\.pdf$/i.test(path) && !seen[path]) { seen[path] = true; files.push(path); }
    });
  });
  return files;
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  function tell(message) { if (port) port.postMessage(message); }
  function step(part, name, files) {
    return keep(name, files).then(function () { tell({part: part, ok: true}); },
                                  function (err) { tell({part: part, ok: false, error: String(err)}); });
  }
  var group = typeof data.group === "string", rest = typeof data.rest === "string";
  // this game and language first, then the runtime, then the rest of the site (a score page asks
  // for the rest once its calculator is ready: never while the runtime loads)
  event.waitUntil((group ? step("pages", CACHE, GROUPS[data.group] || []) : Promise.resolve())
    .then(function () { return data.runtime && RUNTIME.length ? step("runtime", RUNTIME_CACHE, RUNTIME) : null; })
    .then(function () { return rest ? step("site", CACHE, otherPages(data.rest)) : null; }));
});

function kept(request) {
  // the cached copy; a folder's address is its index.html
  return caches.match(request, {ignoreSearch: true}).then(function (hit) {
    if (hit || !/\/$/.test(request.url.split(/[?#]/)[0])) return hit;
    return caches.match(request.url.split(/[?#]/)[0] + "index.html");
  });
}

function drop() {
  return caches.keys().then(function (keys) {
    return Promise.all(keys.filter(ours).map(function (k) { return caches.delete(k); }));
  });
}

function leave() {
  gone = true;
  return self.registration.unregister().then(drop);
}

function stillHere(response) {
  // a page of this site (its generator mark), or else this worker still served at its address
  var page = response.ok ? response.clone().text() : Promise.resolve("");
  return page.then(function (text) {
    if (text.indexOf('<meta name="generator" content="pnp-studio">') >= 0) return true;
    return fetch(self.location.href, {cache: "no-store"}).then(function (r) {
      return r.ok ? r.text().then(function (t) { return t.indexOf('"pnp-site-"') >= 0; }) : false;
    });
  });
}

function navigate(event) {
  var request = event.request;
  var asked = fetch(request);
  var timeout = new Promise(function (resolve) { setTimeout(resolve, WAIT, null); });
  return Promise.race([asked.catch(function () { return null; }), timeout]).then(function (response) {
    if (!response) return kept(request).then(function (hit) { return hit || asked; });
    return stillHere(response).then(function (here) {
      if (!here) { event.waitUntil(leave()); return response; }
      // ours: the kept copy (it matches the kept scripts and styles), else the server's, kept
      return kept(request).then(function (hit) {
        if (hit) return hit;
        if (response.ok) {
          var copy = response.clone();
          event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.put(request, copy); }));
        }
        return response;
      });
    }, function () { return response; });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  // gone: a keeping still under way when the other server answered may have opened a cache again
  if (gone) { event.waitUntil(drop()); return; }
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (request.mode === "navigate") { event.respondWith(navigate(event)); return; }
  var url = request.url.split(/[?#]/)[0];
  event.respondWith(kept(request).then(function (hit) {
    if (hit) return hit;
    return fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(IN_RUNTIME[url] ? RUNTIME_CACHE : CACHE).then(function (cache) { return cache.put(request, copy); });
      }
      return response;
    });
  }));
});
