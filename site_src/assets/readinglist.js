/* Paper Digest's reading list: star papers, see them on the reading list page, export them.
 *
 * The list lives in the reader's browser (localStorage, one list per site, keyed by the
 * site's path so two digests on one host keep apart) as [{slug, title}]. Star buttons,
 * all added here (a page carries none, as a reader without JavaScript could not use it):
 * one at the end of a paper page's links (.pd-links), one beside each paper in a list. The reading list page reads each starred paper's own page for its
 * citations (BibTeX, Markdown), so nothing is downloaded that the reader did not star.
 * A paper page's address comes from the generator (window.PD_URLS.paper, from the site
 * root, `{slug}` standing for the slug; generator/urls.py): this script makes no path.
 */
(function () {
  "use strict";
  var L = window.PD_LABELS || {};
  var script = document.currentScript;
  var base = new URL("../", script ? script.src : location.href); // the site root
  var KEY = "pd-reading-list:" + base.pathname;
  var paperUrl = (window.PD_URLS || {}).paper || "papers/{slug}/";
  var paperHead = new URL(paperUrl.split("{slug}")[0], base).pathname;
  var paperTail = paperUrl.split("{slug}")[1] || "";

  function load() {
    try {
      var list = JSON.parse(window.localStorage.getItem(KEY) || "[]");
      return Array.isArray(list) ? list.filter(function (i) { return i && i.slug; }) : [];
    } catch (e) { return []; }
  }
  function save(list) {
    try { window.localStorage.setItem(KEY, JSON.stringify(list)); } catch (e) { /* private mode */ }
    document.querySelectorAll("[data-pd-star]").forEach(refresh);
  }
  function has(slug) { return load().some(function (i) { return i.slug === slug; }); }
  function toggle(slug, title) {
    var list = load();
    var kept = list.filter(function (i) { return i.slug !== slug; });
    if (kept.length === list.length) kept.push({ slug: slug, title: title });
    save(kept);
    return kept.length > list.length;
  }
  // "1 saved paper", "2 saved papers", "1,234 saved papers": a label has a form for one.
  function counted(key, n) {
    var one = L[key + "_one"];
    return n === 1 && one ? one : L[key].replace("{n}", n.toLocaleString(document.documentElement.lang || undefined));
  }
  function pageOf(slug) { return new URL(paperUrl.replace("{slug}", encodeURIComponent(slug)), base).href; }

  function refresh(button) {
    var on = has(button.getAttribute("data-pd-star"));
    button.setAttribute("aria-pressed", String(on));
    if (button.classList.contains("pd-star--mini")) {
      button.textContent = on ? "★" : "☆";
      button.setAttribute("aria-label", on ? L.star_remove : L.star_add);
      button.title = on ? L.star_remove : L.star_add;
    } else {
      button.textContent = (on ? "★ " : "☆ ") + (on ? L.starred : L.star);
      button.title = on ? L.star_remove : L.star_add;
    }
  }
  function setup(button) {
    button.hidden = false;
    refresh(button);
    button.addEventListener("click", function (event) {
      event.preventDefault();
      toggle(button.getAttribute("data-pd-star"), button.getAttribute("data-title") || "");
      if (reading) render();
    });
  }

  // A star beside every paper in a list: an item whose first element links to a paper page.
  function slugOf(href) {
    var url = new URL(href, location.href);
    if (url.origin !== base.origin || url.pathname.indexOf(paperHead) !== 0) return "";
    var rest = url.pathname.slice(paperHead.length);
    if (paperTail === "/") rest = rest.replace(/\/index\.html$/, "/");
    if (rest.slice(rest.length - paperTail.length) !== paperTail) return "";
    rest = rest.slice(0, rest.length - paperTail.length);
    return rest && rest.indexOf("/") < 0 ? decodeURIComponent(rest) : "";
  }
  function addStars(scope) {
    scope.querySelectorAll("li > a:first-child").forEach(function (link) {
      var slug = slugOf(link.getAttribute("href") || "");
      if (!slug || link.parentNode.querySelector("[data-pd-star]")) return;
      var star = document.createElement("button");
      star.type = "button";
      star.className = "pd-star pd-star--mini";
      star.setAttribute("data-pd-star", slug);
      star.setAttribute("data-title", link.textContent.trim());
      link.insertAdjacentElement("afterend", star);
      setup(star);
    });
  }
  // A paper page's own star: its slug from its address, its title from the header's.
  function addPageStar() {
    var links = document.querySelector(".md-content .pd-links");
    var slug = links ? slugOf(location.href) : "";
    if (!slug) return;
    var title = document.querySelector("[data-md-component=header-topic] .md-ellipsis");
    var star = document.createElement("button");
    star.type = "button";
    star.className = "md-button pd-star";
    star.setAttribute("data-pd-star", slug);
    star.setAttribute("data-title", title ? title.textContent.trim() : document.title);
    links.appendChild(star);
    setup(star);
  }
  document.querySelectorAll(".md-content article").forEach(addStars);
  addPageStar();
  // A list made after the page loaded (a sorted listing, assets/listing.js) gets its stars.
  window.pdStars = addStars;

  // The reading list page.
  var reading = document.querySelector("[data-pd-reading]");
  var details = {};
  function fetchDetails(item) {
    if (details[item.slug]) return details[item.slug];
    details[item.slug] = fetch(pageOf(item.slug))
      .then(function (response) { return response.ok ? response.text() : ""; })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        function text(selector) {
          var found = doc.querySelector(selector);
          return found ? found.textContent.replace(/\s+\n/g, "\n").trim() : "";
        }
        return {
          bibtex: text('[data-format="bibtex"]'),
          markdown: text('[data-format="markdown"]'),
          byline: text(".pd-byline").replace(/\s+/g, " "),
        };
      })
      .catch(function () { return {}; });
    return details[item.slug];
  }
  function escapeMarkdown(text) { return text.replace(/([\\`*_{}\[\]()#+!<>|])/g, "\\$1"); }
  function exported(format) {
    var list = load();
    return Promise.all(list.map(fetchDetails)).then(function (found) {
      if (format === "bibtex") {
        var entries = found.map(function (d) { return d.bibtex; }).filter(Boolean);
        return { text: entries.join("\n\n") + "\n", missing: list.length - entries.length };
      }
      var lines = list.map(function (item, i) {
        return "- " + (found[i].markdown || "[" + escapeMarkdown(item.title) + "](" + pageOf(item.slug) + ")");
      });
      return { text: lines.join("\n") + "\n", missing: 0 };
    });
  }
  function note(result) {
    var box = reading.querySelector("[data-pd-reading-note]");
    box.textContent = result.missing ? counted("reading_missing_bib", result.missing) : "";
  }
  function download(format) {
    exported(format).then(function (result) {
      note(result);
      var type = format === "bibtex" ? "application/x-bibtex" : "text/markdown";
      var link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([result.text], { type: type + ";charset=utf-8" }));
      link.download = format === "bibtex" ? "reading-list.bib" : "reading-list.md";
      document.body.appendChild(link);
      link.click();
      window.setTimeout(function () { URL.revokeObjectURL(link.href); link.remove(); }, 1000);
    });
  }
  function render() {
    var list = load();
    var ol = reading.querySelector("[data-pd-reading-list]");
    ol.textContent = "";
    reading.querySelector("[data-pd-reading-empty]").hidden = list.length > 0;
    reading.querySelector("[data-pd-reading-actions]").hidden = list.length === 0;
    var count = reading.querySelector("[data-pd-reading-count]");
    count.hidden = list.length === 0;
    count.textContent = counted("reading_count", list.length);
    list.forEach(function (item) {
      var li = document.createElement("li");
      var link = document.createElement("a");
      link.href = pageOf(item.slug);
      link.textContent = item.title || item.slug;
      var star = document.createElement("button");
      star.type = "button";
      star.className = "pd-star pd-star--mini";
      star.setAttribute("data-pd-star", item.slug);
      star.setAttribute("data-title", item.title || "");
      var byline = document.createElement("small");
      byline.className = "pd-reading-byline";
      li.appendChild(link);
      li.appendChild(star);
      li.appendChild(byline);
      ol.appendChild(li);
      setup(star);
      fetchDetails(item).then(function (d) { byline.textContent = d.byline || ""; });
    });
    // BibTeX buttons only when some saved paper has an entry (a digest without authors has none).
    Promise.all(list.map(fetchDetails)).then(function (found) {
      var any = found.some(function (d) { return d.bibtex; });
      reading.querySelectorAll("[data-pd-export=bibtex], [data-pd-copy-list=bibtex]").forEach(
        function (button) { button.hidden = !any; }
      );
    });
  }
  if (reading) {
    reading.querySelectorAll("[data-pd-export]").forEach(function (button) {
      button.addEventListener("click", function () { download(button.getAttribute("data-pd-export")); });
    });
    reading.querySelectorAll("[data-pd-copy-list]").forEach(function (button) {
      button.addEventListener("click", function () {
        exported(button.getAttribute("data-pd-copy-list")).then(function (result) {
          note(result);
          if (window.pdCopy) window.pdCopy(result.text, button);
        });
      });
    });
    var clear = reading.querySelector("[data-pd-clear]");
    clear.addEventListener("click", function () {
      // Two clicks clear the list, so one slip does not lose it.
      if (clear.getAttribute("data-armed") !== "1") {
        clear.setAttribute("data-armed", "1");
        clear.setAttribute("data-label", clear.textContent);
        clear.textContent = L.reading_clear_confirm;
        return;
      }
      clear.removeAttribute("data-armed");
      clear.textContent = clear.getAttribute("data-label");
      save([]);
      render();
    });
    render();
  }
})();
