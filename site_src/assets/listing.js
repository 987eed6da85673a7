/* Paper Digest's listing sort: a big listing (several numbered pages) sorted by title,
 * status or venue across all its pages, with pages of its own.
 *
 * The static numbered pages stay the default and work without JavaScript. A listing of
 * several pages names its data file on its pager (data-pd-sort, written by the generator:
 * generator/features/sorting.py), one row per paper: [address relative to the file, title,
 * status, venue]. The file is fetched only when a reader picks a sort. The control is a
 * labelled <select>; the sorted pages are reached by buttons, and a polite live region
 * says what is shown. The sort and its page are kept in the address (?sort=title&page=3),
 * each as an entry of the history, so a sorted page can be linked, bookmarked, reloaded,
 * and found again by going back, and Back walks back through the sorted pages.
 */
(function () {
  "use strict";
  var L = window.PD_LABELS || {};
  var pager = document.querySelector(".md-content p.pd-pager[data-pd-sort]");
  if (!pager || !window.fetch) return;
  var article = pager.parentNode;
  var list = pager.nextElementSibling;
  while (list && list.tagName !== "UL") list = list.nextElementSibling;
  if (!list) return;
  var source = new URL(pager.getAttribute("data-pd-sort"), location.href);
  var statics = Array.prototype.slice.call(article.querySelectorAll("p.pd-pager"));
  var lang = document.documentElement.lang || undefined;
  var collator = new Intl.Collator(lang, { sensitivity: "base", numeric: true });
  var data = null;
  var state = { by: "", page: 1 };

  function label(key, values) {
    var text = L[key] || key;
    Object.keys(values || {}).forEach(function (name) {
      text = text.replace("{" + name + "}", values[name]);
    });
    return text;
  }
  function number(n) { return n.toLocaleString(lang); }

  // The control: a labelled select, before the first pager.
  var box = document.createElement("p");
  box.className = "pd-sort";
  var field = document.createElement("label");
  field.textContent = label("sort_label") + " ";
  var select = document.createElement("select");
  select.setAttribute("data-pd-sort-by", "");
  // The sorts this listing's papers can tell apart, as the generator found them: the
  // listing's own order first (its numbered pages: "status", "year" or "title", else
  // "default"), then the others.
  var offered = (pager.getAttribute("data-pd-sort-by") || "default title").split(" ");
  if (offered.length < 2) return; // in the one order there is: nothing to choose
  offered.forEach(function (by, at) {
    var element = document.createElement("option");
    element.value = at === 0 ? "" : by;
    element.textContent = label("sort_" + by);
    select.appendChild(element);
  });
  field.appendChild(select);
  box.appendChild(field);
  var said = document.createElement("span");
  said.className = "pd-sort-said";
  said.setAttribute("role", "status");
  said.setAttribute("aria-live", "polite");
  box.appendChild(document.createTextNode(" "));
  box.appendChild(said);
  article.insertBefore(box, pager);

  // The sorted view: its own list and pager, shown in place of the static ones.
  var sorted = document.createElement("ul");
  sorted.className = "pd-sorted";
  sorted.setAttribute("tabindex", "-1");
  sorted.hidden = true;
  var nav = document.createElement("nav");
  nav.className = "pd-sort-pager";
  nav.setAttribute("aria-label", label("sort_pages"));
  nav.hidden = true;
  list.parentNode.insertBefore(sorted, list.nextSibling);
  sorted.parentNode.insertBefore(nav, sorted.nextSibling);

  function compare(by) {
    var statuses = data.statuses.length, papers = data.papers;
    function status(row) { return row[2] < 0 ? statuses : row[2]; }
    function venue(row) { return row[3] < 0 ? null : data.venues[row[3]]; }
    return function (a, b) {
      var x = papers[a], y = papers[b], order = 0;
      if (by === "status") order = status(x) - status(y);
      if (by === "year") order = (y[5] || 0) - (x[5] || 0); // newest first
      if (by === "venue") {
        var vx = venue(x), vy = venue(y);
        order = vx === vy ? 0 : vx === null ? 1 : vy === null ? -1 : collator.compare(vx, vy);
        if (!order) order = status(x) - status(y);
      }
      if (!order && by === "title") order = collator.compare(x[1], y[1]);
      return order || a - b; // ties keep the listing's order
    };
  }
  function pages() { return Math.max(1, Math.ceil(data.papers.length / data.per_page)); }
  // The pages the pager offers: the first, the last and those near the current one.
  function shownPages(page, count) {
    var out = [], last = 0;
    for (var n = 1; n <= count; n++) {
      if (n === 1 || n === count || Math.abs(n - page) <= 2) {
        if (last && n - last === 2) out.push(n - 1);
        else if (last && n - last > 2) out.push(null);
        out.push(n);
        last = n;
      }
    }
    return out;
  }
  function button(text, page, current) {
    var element = document.createElement("button");
    element.type = "button";
    element.className = "md-button pd-sort-page";
    element.textContent = text;
    if (current) element.setAttribute("aria-current", "page");
    element.addEventListener("click", function () { show(page, true, true); });
    return element;
  }
  // A paper as the numbered pages show it: its title, then a line of its first authors,
  // venue and status.
  function row(index) {
    var paper = data.papers[index];
    var item = document.createElement("li");
    var link = document.createElement("a");
    link.href = new URL(paper[0], source).href;
    link.textContent = paper[1];
    item.appendChild(link);
    var facts = [];
    if (paper[4]) {
      var authors = document.createElement("em");
      authors.className = "pd-list-authors";
      authors.textContent = paper[4];
      facts.push(authors);
    }
    if (paper[3] >= 0) facts.push(document.createTextNode(data.venues[paper[3]]));
    if (paper[2] >= 0) {
      var status = data.statuses[paper[2]];
      var badge = document.createElement("em");
      badge.className = "pd-status pd-status--" + status[0];
      badge.textContent = status[1];
      facts.push(badge);
    }
    if (facts.length) {
      item.appendChild(document.createElement("br"));
      facts.forEach(function (fact, at) {
        if (at) item.appendChild(document.createTextNode(" · "));
        item.appendChild(fact);
      });
    }
    return item;
  }
  // The address says what is shown: the sort and its page, or neither. Each sort and each
  // sorted page the reader asks for is an entry of the history, as a numbered page is, so
  // Back goes to the page before; a page the address asked for replaces its entry.
  function remember(push) {
    var url = new URL(location.href);
    url.searchParams.delete("sort");
    url.searchParams.delete("page");
    if (state.by) {
      url.searchParams.set("sort", state.by);
      if (state.page > 1) url.searchParams.set("page", String(state.page));
    }
    if (url.href === location.href) return;
    if (push) history.pushState({ pdSort: true }, "", url.href);
    else history.replaceState(history.state, "", url.href);
  }
  function show(page, focus, push) {
    var count = pages();
    state.page = Math.min(Math.max(1, page), count);
    remember(push);
    var order = data.papers.map(function (_, i) { return i; }).sort(compare(state.by));
    sorted.textContent = "";
    order.slice((state.page - 1) * data.per_page, state.page * data.per_page).forEach(function (i) {
      sorted.appendChild(row(i));
    });
    nav.textContent = "";
    if (count > 1) {
      if (state.page > 1) nav.appendChild(button("← " + label("previous"), state.page - 1));
      shownPages(state.page, count).forEach(function (n) {
        if (n === null) nav.appendChild(document.createTextNode(" … "));
        else nav.appendChild(button(number(n), n, n === state.page));
      });
      if (state.page < count) nav.appendChild(button(label("next") + " →", state.page + 1));
    }
    said.textContent = label("sort_shown", {
      by: select.options[select.selectedIndex].textContent,
      page: number(state.page),
      pages: number(count),
    });
    if (window.pdStars) window.pdStars(sorted);
    if (focus) {
      // A new page starts at its top, as a numbered page does: the sort menu above it.
      sorted.focus({ preventScroll: true });
      box.scrollIntoView({ block: "start" });
    }
  }
  function use(by, page, push) {
    state.by = by;
    var on = by !== "";
    list.hidden = on;
    statics.forEach(function (element) { element.hidden = on; });
    sorted.hidden = nav.hidden = !on;
    if (!on) { said.textContent = ""; remember(push); return; }
    load().then(function () { show(page || 1, false, push); }, function () {
      said.textContent = label("sort_failed");
      use("");
      select.value = "";
    });
  }
  function load() {
    if (data) return Promise.resolve(data);
    return fetch(source.href)
      .then(function (response) {
        if (!response.ok) throw new Error(String(response.status));
        return response.json();
      })
      .then(function (found) { data = found; return data; });
  }
  select.addEventListener("change", function () { use(select.value, 1, true); });
  // The sort the address asks for (a link, a bookmark, a reload, Back and Forward), if
  // offered; else the listing's own order.
  function follow() {
    var asked = new URLSearchParams(location.search);
    var by = asked.get("sort") || "";
    if (offered.indexOf(by) <= 0) by = "";
    select.value = by;
    if (by || state.by) use(by, parseInt(asked.get("page") || "1", 10) || 1, false);
  }
  window.addEventListener("popstate", follow);
  follow();
})();
