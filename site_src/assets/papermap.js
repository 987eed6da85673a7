/* Paper Digest's paper map: draws window.PD_MAP (map/points.js) on a canvas.
 *
 * Points are [x, y, tag, url, title] with x, y in 0..1000 and the paper page's url from
 * the site root, as the generator made it (generator/urls.py). Hover (or tap) shows a
 * title, a click opens the paper; drag to pan, wheel or pinch or the buttons to zoom;
 * the legend and the search box highlight papers. Drawing is one fillRect per point,
 * grouped by colour, and hit testing uses a grid, so 20,000 papers stay smooth.
 */
(function () {
  "use strict";
  var root = document.querySelector("[data-pd-map]");
  var data = window.PD_MAP;
  if (!root || !data || !data.points) return;
  var script = document.currentScript;
  var base = new URL("../", script ? script.src : location.href); // the site root
  var canvas = root.querySelector("canvas");
  var frame = root.querySelector(".pd-map-frame");
  var tip = root.querySelector(".pd-map-tip");
  var find = root.querySelector("[data-pd-map-find]");
  var found = root.querySelector("[data-pd-map-found]");
  var points = data.points;
  var n = points.length;
  var colours = data.tags.map(function (t) { return t.colour; });
  var SCALE = 1000, GRID = 50, CELL = SCALE / GRID;

  // Points grouped by colour (one fillStyle per group), and a grid for hit testing.
  var groups = colours.map(function () { return []; });
  groups.push([]); // "other"
  var grid = new Array(GRID * GRID);
  for (var i = 0; i < n; i++) {
    var p = points[i];
    groups[p[2] < 0 ? groups.length - 1 : p[2]].push(i);
    var key = cellOf(p[0]) * GRID + cellOf(p[1]);
    (grid[key] || (grid[key] = [])).push(i);
  }
  function cellOf(v) { return Math.max(0, Math.min(GRID - 1, Math.floor(v / CELL))); }
  function colourOf(g) { return g < colours.length ? colours[g] : data.other.colour; }

  var view = { cx: SCALE / 2, cy: SCALE / 2, zoom: 1 };
  var size = { w: 0, h: 0, dpr: 1, fit: 1 };
  var tag = null;      // highlighted legend entry (index, -1 for other) or null
  var match = null;    // Uint8Array of search matches, or null
  var hover = -1, pinned = -1, pending = false, dot = 3;

  function resize() {
    var w = frame.clientWidth;
    var h = Math.round(Math.max(320, Math.min(w * 0.8, window.innerHeight * 0.75)));
    size.dpr = window.devicePixelRatio || 1;
    size.w = w; size.h = h;
    size.fit = Math.min(w, h) / (SCALE * 1.06);
    canvas.width = Math.round(w * size.dpr);
    canvas.height = Math.round(h * size.dpr);
    canvas.style.height = h + "px";
    schedule();
  }
  function toScreen(x, y) {
    var k = size.fit * view.zoom;
    return [size.w / 2 + (x - view.cx) * k, size.h / 2 + (y - view.cy) * k];
  }
  function toData(sx, sy) {
    var k = size.fit * view.zoom;
    return [view.cx + (sx - size.w / 2) / k, view.cy + (sy - size.h / 2) / k];
  }
  function active(i) {
    if (match) return match[i] === 1;
    if (tag !== null) return points[i][2] === tag || (tag === -1 && points[i][2] < 0);
    return true;
  }
  function filtering() { return match !== null || tag !== null; }

  function schedule() {
    if (!pending) { pending = true; window.requestAnimationFrame(draw); }
  }
  function draw() {
    pending = false;
    var c = canvas.getContext("2d");
    c.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
    c.clearRect(0, 0, size.w, size.h);
    // Dots as large as the papers' density allows, growing as the reader zooms in.
    var s0 = Math.max(2.5, Math.min(9, 0.3 * Math.sqrt((size.w * size.h) / Math.max(1, n))));
    var s = Math.min(s0 + 2 * Math.log2(view.zoom), 14), half = s / 2, round = n < 3000;
    dot = s;
    var passes = filtering() ? [false, true] : [true];
    passes.forEach(function (on) {
      c.globalAlpha = on ? 0.9 : 0.12;
      var d = on && filtering() ? 1.5 : 0;
      groups.forEach(function (members, g) {
        c.fillStyle = colourOf(g);
        for (var j = 0; j < members.length; j++) {
          var i = members[j];
          if (filtering() && active(i) !== on) continue;
          var q = toScreen(points[i][0], points[i][1]);
          if (q[0] < -s || q[1] < -s || q[0] > size.w + s || q[1] > size.h + s) continue;
          if (round) {
            c.beginPath();
            c.arc(q[0], q[1], half + d, 0, 2 * Math.PI);
            c.fill();
          } else {
            c.fillRect(q[0] - half - d, q[1] - half - d, s + 2 * d, s + 2 * d);
          }
        }
      });
    });
    var marked = pinned >= 0 ? pinned : hover;
    if (marked >= 0) {
      var m = toScreen(points[marked][0], points[marked][1]);
      c.globalAlpha = 1;
      c.strokeStyle = getComputedStyle(root).color;
      c.lineWidth = 2;
      c.beginPath();
      c.arc(m[0], m[1], s + 3, 0, 2 * Math.PI);
      c.stroke();
    }
  }

  function nearest(sx, sy, radius) {
    var d = toData(sx, sy), r = radius / (size.fit * view.zoom);
    var best = -1, bestDist = r * r;
    for (var gx = cellOf(d[0] - r); gx <= cellOf(d[0] + r); gx++) {
      for (var gy = cellOf(d[1] - r); gy <= cellOf(d[1] + r); gy++) {
        var members = grid[gx * GRID + gy];
        if (!members) continue;
        for (var j = 0; j < members.length; j++) {
          var i = members[j];
          if (filtering() && !active(i)) continue;
          var dx = points[i][0] - d[0], dy = points[i][1] - d[1], dist = dx * dx + dy * dy;
          if (dist <= bestDist) { best = i; bestDist = dist; }
        }
      }
    }
    return best;
  }
  function href(i) { return new URL(points[i][3], base).href; }
  function label(i) {
    var g = points[i][2];
    return g < 0 ? root.dataset.other : data.tags[g].label;
  }
  function showTip(i, withLink) {
    if (i < 0) { tip.hidden = true; return; }
    tip.textContent = "";
    var title = document.createElement(withLink ? "a" : "strong");
    title.textContent = points[i][4];
    if (withLink) title.href = href(i);
    var tagLine = document.createElement("small");
    tagLine.textContent = label(i);
    tip.appendChild(title);
    tip.appendChild(document.createElement("br"));
    tip.appendChild(tagLine);
    if (withLink) {
      var open = document.createElement("a");
      open.className = "pd-map-open";
      open.href = href(i);
      open.textContent = root.dataset.open;
      tip.appendChild(document.createElement("br"));
      tip.appendChild(open);
    }
    tip.hidden = false;
    var q = toScreen(points[i][0], points[i][1]);
    var left = Math.min(Math.max(0, q[0] + 12), Math.max(0, size.w - tip.offsetWidth));
    var top = q[1] + 12 + tip.offsetHeight > size.h ? q[1] - 12 - tip.offsetHeight : q[1] + 12;
    tip.style.left = left + "px";
    tip.style.top = Math.max(0, top) + "px";
  }

  function zoomAt(factor, sx, sy) {
    var before = toData(sx, sy);
    view.zoom = Math.max(1, Math.min(80, view.zoom * factor));
    var after = toData(sx, sy);
    view.cx += before[0] - after[0];
    view.cy += before[1] - after[1];
    if (view.zoom === 1) { view.cx = SCALE / 2; view.cy = SCALE / 2; }
    pinned = -1; showTip(-1);
    schedule();
  }
  function local(event) {
    var box = canvas.getBoundingClientRect();
    return [event.clientX - box.left, event.clientY - box.top];
  }

  // Pointer input: a press that does not move is a click; two fingers pinch.
  var down = {}, press = null, pinch = null;
  canvas.addEventListener("pointerdown", function (event) {
    canvas.setPointerCapture(event.pointerId);
    down[event.pointerId] = local(event);
    var ids = Object.keys(down);
    if (ids.length === 2) {
      var a = down[ids[0]], b = down[ids[1]];
      pinch = { dist: Math.hypot(a[0] - b[0], a[1] - b[1]) };
      press = null;
    } else if (ids.length === 1) {
      press = { at: local(event), moved: false, type: event.pointerType };
    }
  });
  canvas.addEventListener("pointermove", function (event) {
    var at = local(event);
    if (down[event.pointerId]) {
      var last = down[event.pointerId];
      down[event.pointerId] = at;
      var ids = Object.keys(down);
      if (pinch && ids.length === 2) {
        var a = down[ids[0]], b = down[ids[1]], dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (pinch.dist > 0) zoomAt(dist / pinch.dist, (a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
        pinch.dist = dist;
        return;
      }
      if (press && (press.moved || Math.hypot(at[0] - press.at[0], at[1] - press.at[1]) > 5)) {
        press.moved = true;
        var k = size.fit * view.zoom;
        view.cx -= (at[0] - last[0]) / k;
        view.cy -= (at[1] - last[1]) / k;
        pinned = -1; showTip(-1);
        schedule();
      }
      return;
    }
    if (event.pointerType === "mouse" && pinned < 0) {
      var i = nearest(at[0], at[1], Math.max(8, dot / 2 + 4));
      if (i !== hover) { hover = i; showTip(i, false); schedule(); }
      canvas.style.cursor = i >= 0 ? "pointer" : "grab";
    }
  });
  function release(event) {
    delete down[event.pointerId];
    if (Object.keys(down).length < 2) pinch = null;
    if (event.type !== "pointerup" || !press || press.moved) { press = null; return; }
    var at = local(event), touch = press.type !== "mouse";
    press = null;
    var i = nearest(at[0], at[1], Math.max(touch ? 16 : 8, dot / 2 + 4));
    if (i < 0) { pinned = -1; showTip(-1); schedule(); return; }
    if (!touch) { window.location.href = href(i); return; }
    // A tap shows the title with a link; tapping the same paper again opens it.
    if (pinned === i) { window.location.href = href(i); return; }
    pinned = i; showTip(i, true); schedule();
  }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("pointerleave", function (event) {
    if (event.pointerType === "mouse" && pinned < 0) { hover = -1; showTip(-1); schedule(); }
  });
  canvas.addEventListener("wheel", function (event) {
    event.preventDefault();
    var at = local(event);
    zoomAt(Math.exp(-event.deltaY * 0.0015), at[0], at[1]);
  }, { passive: false });

  root.querySelectorAll("[data-pd-map-zoom]").forEach(function (button) {
    button.addEventListener("click", function () {
      var how = button.getAttribute("data-pd-map-zoom");
      if (how === "reset") { view.zoom = 1; view.cx = SCALE / 2; view.cy = SCALE / 2; schedule(); return; }
      zoomAt(how === "in" ? 1.6 : 1 / 1.6, size.w / 2, size.h / 2);
    });
  });
  root.querySelectorAll("[data-pd-map-tag]").forEach(function (button) {
    button.addEventListener("click", function () {
      var chosen = parseInt(button.getAttribute("data-pd-map-tag"), 10);
      tag = tag === chosen ? null : chosen;
      root.querySelectorAll("[data-pd-map-tag]").forEach(function (other) {
        other.setAttribute("aria-pressed", String(other === button && tag !== null));
      });
      pinned = -1; hover = -1; showTip(-1);
      schedule();
    });
  });
  // The papers the find box matches are listed as links too (the first few): the keyboard
  // and screen reader's way from the map to a paper.
  var matches = root.querySelector("[data-pd-map-matches]");
  var LISTED = 10;
  function listMatches(found) {
    if (!matches) return;
    matches.replaceChildren();
    found.slice(0, LISTED).forEach(function (i) {
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.href = href(i);
      a.textContent = points[i][4];
      li.appendChild(a);
      matches.appendChild(li);
    });
    matches.hidden = found.length === 0;
  }
  function number(count) { return count.toLocaleString(document.documentElement.lang || undefined); }
  // The find box's words are kept in the address (?find=...), so Back, a reload or a link
  // shows the same matches, not the words without them.
  function remember(query) {
    var url = new URL(location.href);
    if (query) url.searchParams.set("find", query);
    else url.searchParams.delete("find");
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }
  function search() {
    var query = find.value.trim().toLowerCase();
    remember(find.value.trim());
    if (!query) { match = null; found.textContent = ""; listMatches([]); schedule(); return; }
    match = new Uint8Array(n);
    var count = 0;
    var hits = [];
    for (var i = 0; i < n; i++) {
      if (points[i][4].toLowerCase().indexOf(query) >= 0) { match[i] = 1; count++; hits.push(i); }
    }
    listMatches(hits);
    // "61 matching papers; the first 10 are listed below": the list says when it is not all.
    var said = count === 1 ? root.dataset.foundOne : count > LISTED ? root.dataset.foundSome : root.dataset.found;
    found.textContent = (said || root.dataset.found).replace("{n}", number(count)).replace("{shown}", number(LISTED));
    pinned = -1; hover = -1; showTip(-1);
    schedule();
  }
  if (find) {
    find.addEventListener("input", search);
    var asked = new URLSearchParams(location.search).get("find");
    if (asked) find.value = asked;
    if (find.value.trim()) search();
    // A page restored as it was (Back, from the browser's cache) or whose box the browser
    // filled in again: its matches too.
    window.addEventListener("pageshow", function () { if (find.value.trim()) search(); });
  }

  if (find && matches) {
    find.addEventListener("keydown", function (event) {
      var first = matches.querySelector("a");
      if (event.key === "Enter" && first) location.href = first.href; // the first match
    });
  }

  // For scripts and tests: where paper i is drawn, in page coordinates.
  window.pdMap = {
    count: n,
    clientPoint: function (i) {
      var box = canvas.getBoundingClientRect(), q = toScreen(points[i][0], points[i][1]);
      return { x: box.left + q[0], y: box.top + q[1] };
    },
  };
  if (window.ResizeObserver) new ResizeObserver(resize).observe(frame);
  else window.addEventListener("resize", resize);
  resize();
  root.classList.add("pd-map--ready");
})();
