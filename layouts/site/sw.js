// Service worker of the rules site (VERSION, SHELL, GROUPS, RUNTIME and RUNTIME_VERSION are
// written above by the build). Install: cache the shell. A page posts {group: "game/lang",
// runtime}: cache that game's rules, legend, calculator page and downloads, then, one file at
// a time and only what is missing, the calculator's runtime (kept in its own cache, which
// outlives new builds of the rules). Fetch: cache first, then the network (and keep what it
// returned), so a visited game works with the network off.
"use strict";
var CACHE = "pnp-site-" + VERSION;
var RUNTIME_CACHE = "pnp-runtime-" + RUNTIME_VERSION;
var IN_RUNTIME = {};
RUNTIME.forEach(function (path) { IN_RUNTIME[new URL(path, self.registration.scope).href] = true; });

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return (k.indexOf("pnp-site-") === 0 && k !== CACHE) || (k.indexOf("pnp-runtime-") === 0 && k !== RUNTIME_CACHE);
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

function keep(name, files) {
  // what the cache lacks, one file after the other (the page being read keeps the connection);
  // a file that fails does not stop the others, and the whole is said to have failed
  return caches.open(name).then(function (cache) {
    var failed = [];
    return files.reduce(function (done, path) {
      return done.then(function () {
        return cache.match(path).then(function (hit) { return hit || cache.add(path); })
          .catch(function () { failed.push(path); });
      });
    }, Promise.resolve()).then(function () {
      if (failed.length) throw new Error("not kept: " + failed.join(" "));
    });
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var port = event.ports && event.ports[0];
  function tell(message) { if (port) port.postMessage(message); }
  var pages = data.group ? keep(CACHE, GROUPS[data.group] || []) : Promise.resolve();
  event.waitUntil(pages.then(function () {
    if (data.group) tell({part: "pages", ok: true});
    if (!data.runtime || !RUNTIME.length) return;
    return keep(RUNTIME_CACHE, RUNTIME).then(function () { tell({part: "runtime", ok: true}); },
                              function (err) { tell({part: "runtime", ok: false, error: String(err)}); });
  }, function (err) { tell({part: "pages", ok: false, error: String(err)}); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  var url = request.url.split(/[?#]/)[0];
  event.respondWith(caches.match(request, {ignoreSearch: true}).then(function (hit) {
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
