/* Paper Digest's listing sort: a big listing (several numbered pages) sorted by title,
 * status or venue across all its pages, with pages of its own.
 *
 * The static numbered pages stay the default and work without JavaScript. A listing of
 * several pages names its data file on its pager (data-pd-sort, written by the generator:
 * generator/features/sorting.py), one row per paper: [address relative to the file, title,
 * status, venue]. The file is fetched only when a reader picks a sort. The control is a
 * labelled <select>; the sorted pages are reached by buttons, and a polite live region
 * says what is shown. The sort and its page are kept in the address (?sort=title&page=3),
 * so a sorted page can be linked, bookmarked, reloaded, and found again by going back.
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
  // The sorts this listing's papers can tell apart, as the generator found them.
  var offered = ("default " + (pager.getAttribute("data-pd-sort-by") || "title")).split(" ");
  offered.forEach(function (by) {
    var element = document.createElement("option");
    element.value = by === "default" ? "" : by;
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
    element.addEventListener("click", function () { show(page, true); });
    return element;
  }
  function row(index) {
    var paper = data.papers[index];
    var item = document.createElement("li");
    var link = document.createElement("a");
    link.href = new URL(paper[0], source).href;
    link.textContent = paper[1];
    item.appendChild(link);
    if (paper[3] >= 0) item.appendChild(document.createTextNode(" · " + data.venues[paper[3]]));
    if (paper[2] >= 0) {
      var status = data.statuses[paper[2]];
      var badge = document.createElement("em");
      badge.className = "pd-status pd-status--" + status[0];
      badge.textContent = status[1];
      item.appendChild(document.createTextNode(" · "));
      item.appendChild(badge);
    }
    return item;
  }
  // The address says what is shown: the sort and its page, or neither.
  function remember() {
    var url = new URL(location.href);
    url.searchParams.delete("sort");
    url.searchParams.delete("page");
    if (state.by) {
      url.searchParams.set("sort", state.by);
      if (state.page > 1) url.searchParams.set("page", String(state.page));
    }
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }
  function show(page, focus) {
    var count = pages();
    state.page = Math.min(Math.max(1, page), count);
    remember();
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
    if (focus) sorted.focus();
  }
  function use(by, page) {
    state.by = by;
    var on = by !== "";
    list.hidden = on;
    statics.forEach(function (element) { element.hidden = on; });
    sorted.hidden = nav.hidden = !on;
    if (!on) { said.textContent = ""; remember(); return; }
    load().then(function () { show(page || 1, false); }, function () {
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
  select.addEventListener("change", function () { use(select.value); });
  // A sort the address asks for (a link, a bookmark, a reload, the way back), if offered.
  var asked = new URLSearchParams(location.search);
  var by = asked.get("sort") || "";
  if (by && offered.indexOf(by) > 0) {
    select.value = by;
    use(by, parseInt(asked.get("page") || "1", 10) || 1);
  }
})();
