// Score calculator, the form: built from the state models' spec (generator/site/calculator.py
// form_spec), so that it asks exactly what `pnp score` reads; and the tally as a state file
// (YAML, as in examples/scores/), which `pnp score GAME FILE` reads back.
// window.pnpForm = {build(spec, value, label, words) -> control, yaml(game, state) -> text}
// A control is {node, get(), at(path) -> the control of a field path, or null}.
(function () {
  "use strict";
  var uid = 0;
  // what joins a label's parts: Japanese sets them apart with 「・」 (as typeset() does on the page)
  var SEP = document.documentElement.lang === "ja" ? "\u30fb" : " \u00b7 ";
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
  function leaf(node, get) { return {node: node, get: get, at: function (path) { return path.length ? null : this; }}; }

  // build(spec, value, label, words): `label` names the control for screen readers; `words`
  // holds the page's translated Add / Remove
  function build(s, value, label, words) {
    if (value === undefined) value = clone(s["default"]);
    var id = "f" + (++uid);
    if (s.t === "int" && s.buttons) return count(s, value, label, id);
    if (s.t === "int" && s.tens) return tens(s, value, label, id);
    if (s.t === "int") {
      var input = el("input", {type: "number", inputmode: "numeric", id: id, "aria-label": label,
                               value: value === undefined || value === null ? (s.min !== undefined ? s.min : 0) : value});
      input.addEventListener("focus", function () { input.select(); });
      if (s.min !== undefined) input.min = s.min;
      if (s.max !== undefined) input.max = s.max;
      var step = function (d) {
        return function () {
          var v = (parseInt(input.value, 10) || 0) + d;
          if (s.min !== undefined) v = Math.max(s.min, v);
          if (s.max !== undefined) v = Math.min(s.max, v);
          input.value = v;
        };
      };
      var minus = el("button", {type: "button", className: "step", "aria-label": label + " −1", text: "−"});
      var plus = el("button", {type: "button", className: "step", "aria-label": label + " +1", text: "+"});
      minus.addEventListener("click", step(-1)); plus.addEventListener("click", step(1));
      return leaf(el("span", {className: "stepper"}, [minus, input, plus]),
                  function () { return parseInt(input.value, 10) || 0; });
    }
    if (s.t === "bool") {
      var check = el("input", {type: "checkbox", id: id, "aria-label": label});
      check.checked = !!value;
      return leaf(check, function () { return check.checked; });
    }
    if (s.t === "str") {
      var text = el("input", {type: "text", id: id, "aria-label": label, value: value || ""});
      return leaf(text, function () { return text.value.trim(); });
    }
    if (s.t === "enum" && s.buttons) {
      // a row of buttons (radio): one tap, as a mark on the pad's track
      var group = el("span", {className: "choices", role: "radiogroup", "aria-label": label});
      var picked = value === undefined || value === null ? s.options[0][0] : value;
      s.options.forEach(function (o, i) {
        var radio = el("input", {type: "radio", name: id, value: String(i), id: id + "-" + i});
        radio.checked = String(o[0]) === String(picked);
        group.appendChild(el("label", {className: "choice", "for": id + "-" + i}, [radio, el("span", {text: o[1]})]));
      });
      return leaf(group, function () {
        var on = group.querySelector("input:checked");
        return s.options[on ? parseInt(on.value, 10) : 0][0];
      });
    }
    if (s.t === "set") {
      // several of a few: one tap each; none chosen is "not said" (the calculator proposes)
      var chips = el("span", {className: "choices", role: "group", "aria-label": label});
      var chosenSet = Array.isArray(value) ? value.map(String) : [];
      s.options.forEach(function (o, i) {
        var box = el("input", {type: "checkbox", value: String(i), id: id + "-" + i});
        box.checked = chosenSet.indexOf(String(o[0])) >= 0;
        chips.appendChild(el("label", {className: "choice", "for": id + "-" + i}, [box, el("span", {text: o[1]})]));
      });
      return leaf(chips, function () {
        var on = Array.prototype.map.call(chips.querySelectorAll("input:checked"), function (b) {
          return s.options[parseInt(b.value, 10)][0]; });
        return on.length ? on : undefined;
      });
    }
    if (s.t === "towers") return towers(s, value, label, id);
    if (s.t === "district") return district(s, value, label, id);
    if (s.t === "enum") {
      var select = el("select", {id: id, "aria-label": label});
      s.options.forEach(function (o, i) {
        var option = el("option", {value: String(i), text: o[1]});
        if (value !== undefined && value !== null && String(o[0]) === String(value)) option.selected = true;
        select.appendChild(option);
      });
      return leaf(select, function () { return s.options[parseInt(select.value, 10)][0]; });
    }
    if (s.t === "obj") {
      var parts = {}, order = [], node = el("div", {className: "obj"});
      s.fields.forEach(function (f) {
        var v = value && typeof value === "object" ? value[f[0]] : undefined;
        var child = build(f[2], v, f[1], words);
        var simple = ["int", "bool", "str", "enum"].indexOf(f[2].t) >= 0 && !f[2].buttons;
        // an optional field's checkbox carries its name: no second label above it
        var named = f[2].t === "opt" && !f[2].unless ? [] : [el("span", {className: "label", text: f[1]})];
        child.wrapper = el(simple ? "label" : "div", {className: "field field-" + f[2].t + " name-" + f[0]},
                           named.concat([child.node]));
        node.appendChild(child.wrapper);
        parts[f[0]] = child; order.push(f[0]);
      });
      // a field asked unless another is chosen (one deal's players, unless several deals): no
      // checkbox of its own, it gives way when the other's is ticked
      s.fields.forEach(function (f) {
        var other = f[2].unless && parts[f[2].unless];
        if (!other || !other.toggle) return;
        var follow = function () { parts[f[0]].give(other.toggle.checked); };
        other.toggle.addEventListener("change", follow);
        follow();
      });
      return {node: node, get: function () {
        var o = {};
        order.forEach(function (k) { var v = parts[k].get(); if (v !== undefined) o[k] = v; });
        return o;
      }, at: function (path) {
        if (!path.length) return this;
        var child = parts[path[0]];
        return child ? child.at(path.slice(1)) || child : null;
      }};
    }
    if (s.t === "list") {
      var items = [], list = el("ol", {className: "items"});
      var add = el("button", {type: "button", className: "add", text: "+ " + words.add + SEP + label});
      var push = function (v) {
        var child = build(s.item, v, label + " " + (items.length + 1), words);
        var remove = el("button", {type: "button", className: "remove", text: "×",
                                   "aria-label": words.remove + SEP + label + " " + (items.length + 1)});
        var li = el("li", {}, [child.node, remove]);
        var entry = {li: li, child: child};
        remove.addEventListener("click", function () { items.splice(items.indexOf(entry), 1); li.remove(); });
        items.push(entry); list.appendChild(li);
      };
      add.addEventListener("click", function () { push(undefined); });
      (Array.isArray(value) ? value : []).forEach(push);
      return {node: el("div", {className: "list"}, [list, add]), push: push,
              get: function () { return items.map(function (e) { return e.child.get(); }); },
              at: function (path) {
                if (!path.length) return this;
                var entry = items[path[0]];
                return entry ? entry.child.at(path.slice(1)) || entry.child : null;
              }};
    }
    if (s.t === "opt" && s.unless) {
      var given = false, kept = build(s.spec, value === null ? undefined : value, label, words);
      var control = {node: kept.node, get: function () { return given ? undefined : kept.get(); },
                     at: function (path) { return path.length ? kept.at(path) : this; },
                     give: function (yes) { given = yes; if (control.wrapper) control.wrapper.hidden = yes; }};
      return control;
    }
    if (s.t === "opt") {
      var on = el("input", {type: "checkbox", "aria-label": label});
      on.checked = value !== undefined && value !== null;
      var inner = build(s.spec, on.checked ? value : undefined, label, words);
      var wrap = el("div", {className: "opt"}, [el("label", {className: "toggle"}, [on, el("span", {text: " " + label})]),
                                                 inner.node]);
      inner.node.hidden = !on.checked;
      on.addEventListener("change", function () { inner.node.hidden = !on.checked; });
      return {node: wrap, toggle: on, get: function () { return on.checked ? inner.get() : undefined; },
              at: function (path) { return path.length ? inner.at(path) : this; }};
    }
    if (s.t === "union") {
      var fits = function (o) {
        if (value === undefined || value === null) return false;
        if (o.t === "int") return typeof value === "number";
        if (o.t === "enum") return typeof value !== "object";
        return typeof value === "object";
      };
      var chosen = Math.max(0, s.options.findIndex(function (o) { return fits(o[1]); }));
      var pick = el("select", {"aria-label": label});
      s.options.forEach(function (o, i) { pick.appendChild(el("option", {value: String(i), text: o[0]})); });
      pick.value = String(chosen);
      var holder = el("span", {className: "variant"});
      var current = build(s.options[chosen][1], fits(s.options[chosen][1]) ? value : undefined, label, words);
      holder.appendChild(current.node);
      pick.addEventListener("change", function () {
        current = build(s.options[parseInt(pick.value, 10)][1], undefined, label, words);
        holder.replaceChildren(current.node);
      });
      return {node: el("span", {className: "union"}, [pick, holder]), get: function () { return current.get(); },
              at: function (path) { return path.length ? current.at(path) : this; }};
    }
    throw new Error("unknown field kind " + s.t);
  }

  // ---- San Gimignano's towers, one row each, as on the pad: the floors typed ("5 5 6 7", a Buona
  // Pietra as B7) or tapped on the rank buttons: a first rank is a tower of 3 of it, the same rank
  // again one floor more, another rank the run of ranks between the two; "completed" one tap. An
  // empty row always waits at the end (no "add" to press); empty rows are not towers.
  function floorsOf(text) {
    return text.replace(/,/g, " ").split(/\s+/).filter(Boolean).map(function (item) {
      var noble = /^[bB]\d+$/.test(item), n = noble ? item.slice(1) : item;
      if (!/^\d+$/.test(n)) return item;          // refused by the rules' check, at this floor
      return noble ? {buona_pietra: parseInt(n, 10)} : parseInt(n, 10);
    });
  }
  function textOf(floors) {
    return (floors || []).map(function (f) { return typeof f === "object" && f ? "B" + f.buona_pietra : String(f); }).join(" ");
  }
  function tapped(text, rank) {
    var now = floorsOf(text).filter(function (f) { return typeof f === "number"; });
    var low = Math.min.apply(null, now), high = Math.max.apply(null, now);
    if (!now.length) return [rank, rank, rank].join(" ");
    if (low === high && rank === low) return text.trim() + " " + rank;
    if (low === high || rank === high + 1 || rank === low - 1) {
      var run = [];
      for (var r = Math.min(low, rank); r <= Math.max(high, rank); r++) run.push(r);
      return run.join(" ");
    }
    return text.trim() + " " + rank;
  }
  function towers(s, value, label, id) {
    var rows = [], list = el("ol", {className: "items towers"});
    function row(tower) {
      var n = rows.length + 1, name = label + " " + n;
      var text = el("input", {type: "text", id: id + "-t" + n, "aria-label": name + SEP + s.floors,
                              autocomplete: "off", spellcheck: "false", value: textOf(tower && tower.floors)});
      var done = el("input", {type: "checkbox", id: id + "-c" + n});
      done.checked = !!(tower && tower.completed);
      var ranks = el("span", {className: "ranks", role: "group", "aria-label": name + SEP + s.floors});
      s.ranks.forEach(function (r) {
        var b = el("button", {type: "button", className: "step", text: String(r), "aria-label": name + SEP + r});
        b.addEventListener("click", function () { text.value = tapped(text.value, r); grow(); });
        ranks.appendChild(b);
      });
      var entry = {text: text, done: done};
      var li = el("li", {}, [el("span", {className: "tower"}, [
        el("span", {className: "label", text: String(n)}), text,
        el("label", {className: "choice", "for": id + "-c" + n}, [done, el("span", {text: s.completed})])]), ranks]);
      text.addEventListener("input", grow);
      entry.control = leaf(text, function () { return text.value; });
      entry.control.wrapper = li;
      rows.push(entry); list.appendChild(li);
    }
    function grow() { if (rows[rows.length - 1].text.value.trim()) row(undefined); }
    (Array.isArray(value) ? value : []).forEach(row);
    row(undefined);
    return {node: list, get: function () {
      return rows.filter(function (e) { return e.text.value.trim(); }).map(function (e) {
        return {floors: floorsOf(e.text.value), completed: e.done.checked}; });
    }, at: function (path) {
      if (!path.length) return this;
      var filled = rows.filter(function (e) { return e.text.value.trim(); });
      var e = filled[path[0]];
      return e ? (path[1] === "completed" ? leaf(e.done, null) : e.control) : null;
    }};
  }

  // ---- a small count as a row of its values (citizens of a colour, ramparts): one tap, as a
  // pencil mark, where a stepper takes a tap per unit
  function count(s, value, label, id) {
    var group = el("span", {className: "choices counts", role: "radiogroup", "aria-label": label});
    var picked = value === undefined || value === null ? (s.min || 0) : value;
    for (var n = s.min || 0; n <= s.max; n++) {
      var radio = el("input", {type: "radio", name: id, value: String(n), id: id + "-" + n});
      radio.checked = n === picked;
      group.appendChild(el("label", {className: "choice", "for": id + "-" + n}, [radio, el("span", {text: String(n)})]));
    }
    return leaf(group, function () {
      var on = group.querySelector("input:checked");
      return on ? parseInt(on.value, 10) : (s.min || 0);
    });
  }

  // a count as coins are counted: its tens, then its units, a tap each (13 is 10 then +3; 5 or 20
  // is one tap), and no keyboard
  function tens(s, value, label, id) {
    var v = value === undefined || value === null ? (s.min || 0) : value;
    var rows = [[10, Math.floor(s.max / 10)], [1, 9]].map(function (r) {
      var group = el("span", {className: "choices counts", role: "radiogroup", "aria-label": label + " \u00d7" + r[0]});
      var digit = r[0] === 10 ? Math.floor(v / 10) : v % 10;
      for (var n = 0; n <= r[1]; n++) {
        var radio = el("input", {type: "radio", name: id + "-" + r[0], value: String(n * r[0]), id: id + "-" + r[0] + "-" + n});
        radio.checked = n === digit;
        group.appendChild(el("label", {className: "choice", "for": radio.id}, [radio, el("span", {text: (r[0] === 1 ? "+" : "") + n * r[0]})]));
      }
      return group;
    });
    return leaf(el("span", {className: "tens"}, rows), function () {
      return rows.reduce(function (sum, group) {
        var on = group.querySelector("input:checked");
        return sum + (on ? parseInt(on.value, 10) : 0);
      }, 0);
    });
  }

  // ---- Tournay's district as the cards it can hold, by colour and level (the pad counts them so):
  // one tap puts a card in view, a second marks it covered by another card of its colour (it still
  // scores its printed points), a third takes it out. Places are what the rules score: each card
  // in view is a place; a covered card lies under the card a loaded tally put it under, else
  // under the first card in view of its colour.
  var STATES = ["false", "true", "mixed"];
  function district(s, value, label, id) {
    var node = el("div", {className: "district", role: "group", "aria-label": label}), buttons = {}, order = [];
    var under = {};
    node.appendChild(el("p", {className: "hint", text: s.hint}));
    s.colours.forEach(function (colour) {
      var box = el("div", {className: "colour colour-" + colour[0], role: "group", "aria-label": colour[1]},
                   [el("span", {className: "label", text: colour[1]})]);
      s.levels.forEach(function (level) {
        var row = el("span", {className: "choices level", role: "group", "aria-label": colour[1] + " " + level[1]},
                     [el("span", {className: "level-name", "aria-hidden": "true", text: level[1]})]);
        s.cards.forEach(function (c) {
          if (c[2] !== colour[0] || c[3] !== level[0]) return;
          var mark = el("span", {className: "covered", text: SEP + s.covered});
          var b = el("button", {type: "button", className: "card", "aria-pressed": "false", "data-card": c[0]},
                     [el("span", {text: c[1]}), mark]);
          b.addEventListener("click", function () {
            set(c[0], STATES[(STATES.indexOf(b.getAttribute("aria-pressed")) + 1) % 3]);
          });
          buttons[c[0]] = b; row.appendChild(b);
        });
        if (row.children.length > 1) box.appendChild(row);
      });
      node.appendChild(box);
    });
    function set(card, state) {
      var b = buttons[card];
      if (!b) { order.push(card); return; }     // unknown to this page: kept, the check names it
      b.setAttribute("aria-pressed", state);
      var i = order.indexOf(card);
      if (i >= 0) order.splice(i, 1);
      if (state !== "false") order.push(card);   // places in the order they were tapped
    }
    function colourOf(card) { var c = s.cards.find(function (x) { return x[0] === card; }); return c ? c[2] : null; }
    (Array.isArray(value) ? value : []).forEach(function (row) {
      (row || []).forEach(function (place) {
        var stack = typeof place === "string" ? [place] : (place || []);
        stack.forEach(function (card, i) {
          set(card, i === stack.length - 1 ? "true" : "mixed");
          if (i < stack.length - 1) under[card] = stack[stack.length - 1];
        });
      });
    });
    return {node: node, get: function () {
      var places = [], covered = [];
      order.forEach(function (card) {
        var b = buttons[card];
        if (b && b.getAttribute("aria-pressed") === "mixed") covered.push(card); else places.push([card]);
      });
      covered.forEach(function (card) {      // bottom first: below the top card, above those before
        var stack = places.find(function (p) { return p[p.length - 1] === under[card]; }) ||
                    places.find(function (p) { return colourOf(p[p.length - 1]) === colourOf(card); });
        if (stack) stack.splice(stack.length - 1, 0, card); else places.push([card]);
      });
      var rows = [];
      for (var i = 0; i < places.length; i += s.cols) rows.push(places.slice(i, i + s.cols));
      return rows;
    }, at: function () { return this; }};
  }

  // ---- the tally as YAML: block style, lists of plain values on one line, strings quoted as
  // JSON does (a valid YAML double-quoted scalar)
  function scalar(v) {
    if (v === null || v === undefined) return "null";
    if (typeof v === "number" || typeof v === "boolean") return String(v);
    return JSON.stringify(String(v));
  }
  function flat(v) { return v === null || typeof v !== "object" || (Array.isArray(v) && v.every(flat)); }
  function flow(v) { return Array.isArray(v) ? "[" + v.map(flow).join(", ") + "]" : scalar(v); }
  function key(k) { return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) ? k : JSON.stringify(k); }
  function block(value, indent) {
    var pad = new Array(indent + 1).join(" ");
    if (flat(value)) return " " + flow(value);
    if (Array.isArray(value)) {
      return value.map(function (item) {
        var body = block(item, indent + 2);
        return "\n" + pad + "-" + (body.charAt(0) === "\n" ? " " + body.replace(/^\n */, "") : body);
      }).join("");
    }
    var keys = Object.keys(value);
    if (!keys.length) return " {}";
    return keys.map(function (k) { return "\n" + pad + key(k) + ":" + block(value[k], indent + 2); }).join("");
  }
  function yaml(game, state, comment) {
    var body = {game: game};
    Object.keys(state).forEach(function (k) { if (k !== "game") body[k] = state[k]; });
    return "# " + comment + "\n" + block(body, 0).replace(/^\n/, "") + "\n";
  }

  window.pnpForm = {build: build, el: el, yaml: yaml, reset: function () { uid = 0; }};
})();
