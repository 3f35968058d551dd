// Service worker of the rules site (VERSION, SHELL and GROUPS are written above by the build).
// Install: cache the shell. A page posts {group: "game/lang"}: cache that game's rules, legend,
// calculator and downloads. Fetch: cache first, then the network (and keep what it returned),
// so a visited game works with the network off.
"use strict";
var CACHE = "pnp-site-" + VERSION;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k.indexOf("pnp-site-") === 0 && k !== CACHE; })
      .map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  var files = (GROUPS[data.group] || []).concat(data.extra || []);
  var port = event.ports && event.ports[0];
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(files); })
    .then(function () { if (port) port.postMessage({ok: true, files: files.length}); },
          function (err) { if (port) port.postMessage({ok: false, error: String(err)}); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(request, {ignoreSearch: true}).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (response.ok) cache.put(request, response.clone());
        return response;
      });
    });
  }));
});
