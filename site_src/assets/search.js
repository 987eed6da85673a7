// Paper Digest's search: the Pagefind index (written by `digest build` into pagefind/) behind
// Material's header search box (overrides/partials/digest-search.html). This file is small
// and loads on every page; Pagefind loads only when a reader opens the search, and then
// fetches just the index chunks and result fragments a query needs.
(() => {
  "use strict";
  const box = document.querySelector(".pd-search");
  const toggle = document.getElementById("__search");
  if (!box || !toggle) return;
  const input = box.querySelector(".md-search__input");
  const form = box.querySelector(".md-search__form");
  const status = box.querySelector(".md-search-result__meta");
  const list = box.querySelector(".md-search-result__list");
  const row = box.querySelector(".pd-search__filters");
  const selects = row ? [...row.querySelectorAll("select[data-filter]")] : [];
  const config = JSON.parse(document.getElementById("__config").textContent);
  const said = config.translations || {};
  const words = {
    placeholder: said["search.result.placeholder"] || "",
    none: said["search.result.none"] || "",
    one: said["search.result.one"] || "",
    other: said["search.result.other"] || "#",
    ...(row ? row.dataset : {}),
  };
  const base = new URL(config.base.replace(/\/?$/, "/"), location.href);
  const PAGE = 10; // results rendered at a time: each needs its own small fragment

  status.textContent = words.placeholder;
  // "Did you mean": a line above the results, with the suggestion as a button.
  const suggest = element("p", "pd-search__suggest");
  suggest.hidden = true;
  list.before(suggest);

  // Words that say nothing about a paper: a query of these alone finds nothing, and they are
  // left out of a longer one (Pagefind matches words as prefixes, so "a" matches most).
  const STOP = new Set(
    ("a an and are as at be by for from has have in into is it its of on or our that the their " +
      "this to towards via we what when which with without").split(" "),
  );
  const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/gu;
  const HAN_TEST = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

  let engine = null;
  let parted = false;
  let edited = new Set();
  let filtersShown = false;
  let generation = 0;
  let pending = [];
  let literal = ""; // a query the reader asked to search as typed, not corrected
  let showing = ""; // the query whose results are listed

  // A large site's index comes in parts, each indexed on its own (Pagefind holds the whole of
  // an index in memory while it builds it): pagefind/parts.json names the parts beside the
  // first, and Pagefind searches them as one.
  function load() {
    engine ??= (async () => {
      const parts = fetch(new URL("pagefind/parts.json", base))
        .then((response) => (response.ok ? response.json() : []))
        .catch(() => []);
      const pagefind = await import(new URL("pagefind/pagefind.js", base).href);
      const settings = { baseUrl: base.pathname, excerptLength: 24 };
      await pagefind.options(settings);
      pagefind.init();
      const listed = await parts;
      const more = listed.map((part) => new URL(`pagefind/${part}`, base).pathname);
      await Promise.all(more.map((path) => pagefind.mergeIndex(path, settings)));
      parted = more.length > 0;
      if (listed.includes("edits/")) edited = await editedPages();
      return pagefind;
    })();
    return engine;
  }

  // The live preview indexes an edited page alone, in a part of its own, before the part that
  // holds the page as it was: that part's result for the page is left out until then.
  async function editedPages() {
    try {
      const response = await fetch(new URL("pagefind/edits/urls.json", base));
      const pages = response.ok ? await response.json() : [];
      return new Set(pages.map((page) => new URL(page, base).pathname));
    } catch (error) {
      return new Set();
    }
  }

  function current(data) {
    return data.meta.edited || !edited.has(new URL(data.url, location.href).pathname);
  }

  // Pagefind leaves out a word its index does not have. In an index of parts, a part without
  // one of the words would then answer with its pages that have the others: a page must have
  // every word some part has, as with one index. Each word alone needs no other chunk.
  async function find(pagefind, terms, filters) {
    const search = await pagefind.search(terms, { filters });
    const words = (terms || "").split(" ");
    if (!parted || words.length < 2) return search.results;
    let results = search.results;
    for (const alone of await Promise.all(words.map((word) => pagefind.search(word)))) {
      if (alone.results.length === 0) continue; // in no part: left out, as with one index
      const ids = new Set(alone.results.map((result) => result.id));
      results = results.filter((result) => ids.has(result.id));
    }
    return results;
  }

  function say(text) {
    status.textContent = text;
  }

  function counted(n) {
    if (n === 0) return words.none;
    if (n === 1) return words.one;
    return words.other.replace("#", n.toLocaleString());
  }

  function chosen() {
    const filters = {};
    for (const select of selects) if (select.value) filters[select.dataset.filter] = select.value;
    return filters;
  }

  // The query as the index holds words: stop words and lone Latin letters out, Chinese as
  // pairs of characters (as the generator writes Chinese text into every record).
  function prepare(query) {
    const kept = query
      .split(/\s+/)
      .filter((word) => word && !STOP.has(word.toLowerCase()) && !/^[a-z]$/i.test(word));
    return kept
      .join(" ")
      .replace(HAN, (run) => {
        if (run.length === 1) return ` ${run} `;
        const pairs = [];
        for (let i = 0; i < run.length - 1; i++) pairs.push(run.slice(i, i + 2));
        return ` ${pairs.join(" ")} `;
      })
      .replace(/\s+/g, " ")
      .trim();
  }

  // The result list says when it is being filled (aria-busy), for assistive technology and
  // for whatever waits on the search (the tests, the benchmark).
  function busy(on) {
    list.setAttribute("aria-busy", on ? "true" : "false");
  }

  async function run() {
    const mine = ++generation;
    busy(true);
    const query = input.value.trim();
    const terms = prepare(query);
    const filters = chosen();
    suggest.hidden = true;
    // A query of stop words, or of one Latin letter, finds nothing worth its index chunks;
    // one Chinese character is a word.
    if (!terms && Object.keys(filters).length === 0) {
      pending = [];
      list.replaceChildren();
      say(query ? words.none : words.placeholder);
      busy(false);
      return;
    }
    let pagefind;
    let results;
    try {
      pagefind = await load();
      // Wait for a pause in typing: each search loads the index chunks of its words. Not
      // Pagefind's debouncedSearch, which loads the chunks of every prefix typed on the way
      // ("fe", "fed", ...) that the finished word does not need.
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (mine !== generation) return; // a newer query superseded this one
      results = await find(pagefind, terms || null, filters);
    } catch (error) {
      say(words.unavailable || words.none);
      busy(false);
      return;
    }
    if (mine !== generation) return;
    let shown = query;
    const spelled = terms && !/[^\x00-\x7f]/.test(query);
    let offered = false;
    if (spelled && query !== literal) {
      // A word the index does not have (Pagefind then answers with pages of words that
      // merely share its first letters) is a typo when the site's own words have one close
      // to it: that correction is searched, and the line above the results says so.
      const missing = await unknownWords(terms, results);
      if (mine !== generation) return;
      if (missing.length) {
        const better = await correction(query, missing);
        if (mine !== generation) return;
        const again = better ? await find(pagefind, prepare(better), filters) : [];
        if (mine !== generation) return;
        if (again.length) {
          results = again;
          shown = better;
          offer(words.showing, missing.join(" "), better, query);
          offered = true;
        }
      }
    }
    if (HAN_TEST.test(query)) {
      // A Chinese query is also searched in English, a known term at a time: the papers of
      // an English digest (or of a Chinese digest of English abstracts) are found by their
      // words, after those whose Chinese text (or tag) holds the query. The line above the
      // results says so, with the English words as a button.
      const english = await inEnglish(query);
      if (mine !== generation) return;
      const also = english ? await find(pagefind, prepare(english), filters).catch(() => []) : [];
      if (mine !== generation) return;
      if (also.length) {
        const ids = new Set(results.map((result) => result.id));
        results = [...results, ...also.filter((result) => !ids.has(result.id))];
        offer(words.translated, query, english);
        offered = true;
      }
    }
    let exact = 0; // papers named exactly as typed, case and all: they lead
    if (terms) [results, exact] = await namedFirst(pagefind, shown, filters, results);
    if (mine !== generation) return;
    if (terms) results = await peopleFirst(pagefind, prepare(shown), filters, results, exact);
    if (mine !== generation) return;
    pending = results;
    showing = shown;
    list.replaceChildren();
    say(counted(pending.length));
    await more(mine, shown);
    if (mine === generation) busy(false);
    if (shown === query && spelled && !offered) {
      // Results first: the site's words load after them, for a "did you mean" above them.
      const better = await correction(query);
      if (better && mine === generation) offer(words.didYouMean, query, better);
    }
    if (!filtersShown) showFilters();
  }

  // A result's data (its fragment, and where the query's words are in it), fetched once.
  const fragments = new WeakMap();
  function dataOf(result) {
    if (!fragments.has(result)) fragments.set(result, result.data());
    return fragments.get(result);
  }

  // The words of a query (as searched) that the index does not have: none of the words the
  // best result matched starts with it (as stemming leaves it).
  async function unknownWords(terms, results) {
    const typed = terms.toLowerCase().split(" ").filter((word) => /^[a-z]{4,}$/.test(word));
    if (typed.length === 0) return [];
    if (results.length === 0) return typed;
    let data;
    try {
      data = await dataOf(results[0]);
    } catch (error) {
      return [];
    }
    const text = data.content.split(/[\r\n\s]+/g);
    const matched = data.locations.map((at) => normal(text[at] || "").replace(/ /g, ""));
    return typed.filter((word) => {
      const stem = word.slice(0, Math.max(4, word.length - 2));
      return !matched.some((found) => found.startsWith(stem));
    });
  }

  // A Chinese query in English: each run of Chinese characters cut into the longest terms
  // the site knows (assets/generated/search-zh.json, loaded on the first Chinese query),
  // each term replaced by its English words; characters of no known term are left out.
  // "" when no term is known.
  let chinese = null;
  async function inEnglish(query) {
    chinese ??= fetch(new URL("assets/generated/search-zh.json", base))
      .then((response) => (response.ok ? response.json() : {}))
      .catch(() => ({}));
    const terms = await chinese;
    const longest = Math.max(1, ...Object.keys(terms).map((term) => term.length));
    let known = false;
    const english = query.replace(HAN, (run) => {
      const out = [];
      for (let at = 0; at < run.length; ) {
        let length = Math.min(longest, run.length - at);
        while (length > 0 && !(run.slice(at, at + length) in terms)) length--;
        if (length === 0) {
          at++;
          continue;
        }
        out.push(terms[run.slice(at, at + length)]);
        known = true;
        at += length;
      }
      return ` ${out.join(" ")} `;
    });
    return known ? english.replace(/\s+/g, " ").trim() : "";
  }

  // A paper whose name (the words before its title's colon) or whose title's start is what
  // was typed comes first: the name as typed (case and all), then in any case, then a title
  // starting with it. Pagefind ranks by words, so "FAIR" would list the papers about
  // fairness first; the generator writes each title's keys (generator/features/search.py,
  // `title_keys`) into the index, and the papers with a matching key are asked for alone.
  const NAME_KEY = "pdn";
  const TITLE_KEY = "pdt";
  const KEY_LENGTH = 40;
  const CANDIDATES = 6; // papers of each key whose titles are compared with the query

  function keyText(text) {
    const folded = text.normalize("NFKD").replace(/[^\x00-\x7f]/g, "").toLowerCase();
    return [...folded.replace(/[^a-z0-9]+/g, "").slice(0, KEY_LENGTH)].map((ch) => `${ch}0`).join("");
  }

  // Returns the results so ordered, and how many lead because their name is what was typed,
  // case and all (an author's page whose name merely holds the word comes after them).
  async function namedFirst(pagefind, query, filters, results) {
    const key = keyText(query);
    if (!key) return [results, 0];
    let found;
    try {
      found = await Promise.all(
        [NAME_KEY, TITLE_KEY].map((prefix) => pagefind.search(prefix + key, { filters })),
      );
    } catch (error) {
      return [results, 0];
    }
    const candidates = [];
    const seen = new Set();
    for (const search of found) {
      for (const result of search.results.slice(0, CANDIDATES)) {
        if (!seen.has(result.id)) candidates.push(result);
        seen.add(result.id);
      }
    }
    if (candidates.length === 0) return [results, 0];
    const datas = await Promise.all(candidates.map((result) => dataOf(result).catch(() => null)));
    const typed = normal(query);
    const ranked = [];
    candidates.forEach((result, at) => {
      const data = datas[at];
      if (!data || !current(data)) return;
      const title = (data.meta.title || "").trim();
      const name = title.includes(":") ? title.split(":")[0].trim() : "";
      let rank = -1;
      if (name === query || title === query) rank = 0;
      else if (normal(name) === typed || normal(title) === typed) rank = 1;
      else if (normal(title).startsWith(`${typed} `)) rank = 2;
      if (rank >= 0) ranked.push([rank, at, result]);
    });
    ranked.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    // The query's own result for a page marks the query's words in its excerpt.
    const own = new Map(results.map((result) => [result.id, result]));
    const first = ranked.map((entry) => own.get(entry[2].id) || entry[2]);
    const ids = new Set(first.map((result) => result.id));
    const exact = ranked.filter((entry) => entry[0] === 0).length;
    return [[...first, ...results.filter((result) => !ids.has(result.id))], exact];
  }

  // An author's or a venue's page belongs above the papers when its name is what was typed:
  // it is asked for alone (the `kind` filter), as the papers naming the author may
  // outnumber the first page of results.
  async function peopleFirst(pagefind, terms, filters, results, after = 0) {
    if (Object.keys(filters).length) return results;
    let found;
    try {
      found = await find(pagefind, terms, { kind: { any: ["author", "venue"] } });
    } catch (error) {
      return results;
    }
    // Only pages whose name holds every word typed, as words: "Step" is no search for
    // Stephen Gould (Pagefind matches words by their start).
    const datas = await Promise.all(found.slice(0, 6).map((result) => dataOf(result).catch(() => null)));
    const top = found.slice(0, 6).filter((_, at) => datas[at] && holds(datas[at].meta.title || "", terms));
    const ids = new Set(top.slice(0, 3).map((result) => result.id));
    const rest = results.filter((result) => !ids.has(result.id));
    return [...rest.slice(0, after), ...top.slice(0, 3), ...rest.slice(after)];
  }

  // Whether a name holds every word of a query as a whole word, in any case.
  function holds(name, query) {
    const have = new Set(normal(name).split(" "));
    return normal(query).split(" ").every((word) => have.has(word));
  }

  // "Did you mean": each word of the query the site never uses in a title, a tag, an author's
  // or a venue's name is replaced by the closest one it does use (one edit for a short
  // word, two for a longer one), the most used first. The words load on the first miss.
  let vocabulary = null;
  async function correction(query, only) {
    const typed = query.toLowerCase().match(/[\p{L}]+/gu) || [];
    if (!typed.some((word) => word.length >= 4)) return "";
    vocabulary ??= fetch(new URL("assets/generated/search-words.json", base))
      .then((response) => (response.ok ? response.json() : {}))
      .then((counts) => ({ counts, list: Object.keys(counts) }))
      .catch(() => ({ counts: {}, list: [] }));
    const { counts, list: known } = await vocabulary;
    let changed = false;
    const fixed = query.replace(/[\p{L}]+/gu, (word) => {
      const low = word.toLowerCase();
      if (low.length < 4 || low in counts || STOP.has(low)) return word;
      if (only && !only.includes(low)) return word;
      const limit = low.length >= 8 ? 2 : 1;
      let best = "";
      let bestDistance = limit + 1;
      for (const candidate of known) {
        if (Math.abs(candidate.length - low.length) > limit) continue;
        const d = distance(low, candidate, limit);
        if (d < bestDistance) {
          best = candidate;
          bestDistance = d;
          if (d === 1) break; // the list runs from the most used word down
        }
      }
      if (!best) return word;
      changed = true;
      return best;
    });
    return changed ? fixed : "";
  }

  // Edit distance with transpositions, given up past `limit`.
  function distance(a, b, limit) {
    let before = null;
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      let lowest = i;
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          d = Math.min(d, before[j - 2] + 1);
        }
        current.push(d);
        lowest = Math.min(lowest, d);
      }
      if (lowest > limit) return limit + 1;
      before = previous;
      previous = current;
    }
    return previous[b.length];
  }

  // A line such as "Did you mean: spectral normalization?" whose query is a button; when the
  // correction was searched, a second button searches what was typed.
  function offer(template, typed, better, instead) {
    const [head, tail] = (template || "{query}").split("{query}");
    const button = searchButton(better);
    const parts = [head.replace("{typed}", typed), button, (tail || "").replace("{typed}", typed)];
    if (instead && words.searchInstead) {
      const [before, after] = words.searchInstead.split("{typed}");
      parts.push(" ", before, searchButton(instead, true), after || "");
    }
    suggest.replaceChildren(...parts);
    suggest.hidden = false;
  }

  function searchButton(text, asTyped) {
    const button = element("button", "pd-search__suggestion");
    button.type = "button";
    button.textContent = text;
    button.addEventListener("click", () => {
      literal = asTyped ? text : "";
      input.value = text;
      run();
      input.focus();
    });
    return button;
  }

  async function more(mine, query) {
    const batch = pending.splice(0, PAGE);
    let found = (await Promise.all(batch.map(dataOf))).filter(current);
    if (mine !== generation) return;
    if (query) found = titlesFirst(found, query);
    list.querySelector(".pd-search__more")?.remove();
    list.append(...found.map(item));
    if (pending.length > 0) {
      const li = element("li", "md-search-result__item pd-search__more");
      const button = element("button", "md-button");
      button.type = "button";
      button.textContent = words.more;
      button.addEventListener("click", () => more(mine));
      li.append(button);
      list.append(li);
    }
  }

  function normal(text) {
    return text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  // Pagefind ranks by words, so "Clustering with Deep Learning" may put a paper about
  // clusters first. A paper whose name (its title, or the part before a colon) is what was
  // typed belongs first, then titles starting with it, then titles holding it as a phrase;
  // a tag page comes after the papers that match as well. Ties keep Pagefind's order.
  function titlesFirst(found, query) {
    const typed = normal(query);
    const closeness = (data) => {
      const title = normal(data.meta.title || "");
      const name = normal((data.meta.title || "").split(":")[0]);
      const kind = data.meta.kind || "paper";
      const tag = kind === "tag" ? 0.5 : 0;
      const own = (data.meta.title || "").split(":")[0].trim();
      if (kind === "paper" && (own === query.trim() || data.meta.title === query.trim())) return -2;
      if (kind === "author" || kind === "venue") return holds(title, typed) ? -1 : 3;
      if (title === typed || name === typed) return tag;
      if (title.startsWith(`${typed} `)) return 1 + tag;
      return (` ${title} `.includes(` ${typed} `) ? 2 : 3) + tag;
    };
    return found
      .map((data, at) => [closeness(data), at, data])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map((entry) => entry[2]);
  }

  function element(tag, className) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    return node;
  }

  // The excerpt: the words of the page's own text (before the anchor MATCH, see
  // templates/search-document.html.j2) around the densest cluster of matches, the matched
  // words marked. What follows the anchor (the title, tag labels in other languages, Chinese
  // text as pairs of characters, keys) is for matching only and never shown: a result found
  // by it shows the start of the page's text, unmarked.
  const MATCH = "pd-match";
  const EXCERPT = 30; // words
  const EXCERPT_CHARACTERS = 220; // at most, for text without spaces

  function excerpt(data, query) {
    const text = data.content.split(/[\r\n\s]+/g);
    const anchors = data.anchors || [];
    const end = anchors.find((found) => found.id === MATCH)?.location ?? text.length;
    // Where each paragraph of the page's own text starts (its id is MATCH-1, MATCH-2...).
    const starts = anchors
      .filter((found) => found.id.startsWith(`${MATCH}-`) && found.location < end)
      .map((found) => found.location)
      .sort((a, b) => a - b);
    if (starts[0] !== 0) starts.unshift(0);
    const hits = new Map();
    for (const found of data.weighted_locations || []) {
      if (found.location < end) {
        hits.set(found.location, (hits.get(found.location) || 0) + (found.balanced_score || 1));
      }
    }
    // Chinese text is one "word" a sentence to Pagefind, and found by pairs of characters
    // written after the anchor: the query's Chinese is looked for in the page's own words.
    const han = (query || "").match(HAN) || [];
    if (han.length) {
      for (let at = 0; at < end; at++) if (han.some((run) => text[at].includes(run))) hits.set(at, 1);
    }
    // The window of one paragraph that holds most of the matches, a few words before them.
    let best = { score: -1, start: 0, from: 0, to: Math.min(end, starts[1] ?? end) };
    starts.forEach((from, at) => {
      const to = at + 1 < starts.length ? starts[at + 1] : end;
      for (const hit of hits.keys()) {
        if (hit < from || hit >= to) continue;
        const start = Math.max(from, Math.min(hit - 4, to - EXCERPT));
        let score = 0;
        for (const [other, weight] of hits) if (other >= start && other < start + EXCERPT) score += weight;
        if (score > best.score) best = { score, start, from, to };
      }
    });
    const { start, from, to } = best;
    const out = element("p", "pd-search__excerpt");
    if (start > from) out.append("… ");
    let length = 0;
    let at = start;
    for (; at < Math.min(to, start + EXCERPT) && length < EXCERPT_CHARACTERS; at++) {
      if (at > start) out.append(" ");
      length += shownWord(out, text[at], hits.has(at), han, EXCERPT_CHARACTERS - length);
    }
    if (at < to) out.append(" …");
    return out;
  }

  // A word of an excerpt, marked if it matched; a long run of Chinese text cut around the
  // query's characters (marked alone) to fit in `room` characters. Returns its length.
  function shownWord(out, word, matched, han, room) {
    const run = han.find((found) => word.includes(found));
    if (!run) {
      const shown = word.length > room + 20 ? `${word.slice(0, room)}…` : word;
      if (matched) {
        const mark = element("mark");
        mark.textContent = shown;
        out.append(mark);
      } else {
        out.append(shown);
      }
      return shown.length;
    }
    const at = word.indexOf(run);
    const before = Math.max(0, at - Math.floor((room - run.length) / 2));
    const after = Math.min(word.length, before + Math.max(room, run.length));
    const mark = element("mark");
    mark.textContent = run;
    out.append(
      before > 0 ? `…${word.slice(before, at)}` : word.slice(0, at),
      mark,
      word.slice(at + run.length, after) + (after < word.length ? "…" : ""),
    );
    return after - before;
  }

  // A tag's, an author's or a venue's page says what it is (a label before its name, an icon
  // of its own, a coloured edge): it is a list of papers, not one.
  const KINDS = { tag: words.kindTag, author: words.kindAuthor, venue: words.kindVenue };

  function item(data) {
    const kind = data.meta.kind || "paper";
    const li = element("li", `md-search-result__item pd-search__result--${kind}`);
    const link = element("a", "md-search-result__link");
    link.href = data.url;
    const article = element("article", "md-search-result__article md-typeset");
    const title = element("h1");
    if (KINDS[kind]) {
      const said = element("span", "pd-search__kind");
      said.textContent = KINDS[kind];
      title.append(said, " ");
    }
    title.append(data.meta.title || data.url);
    article.append(element("div", "md-search-result__icon md-icon"), title);
    const facts = [...(data.filters.venue || []), ...(data.filters.status || [])];
    if (facts.length) {
      const line = element("p", "pd-search__facts");
      line.textContent = facts.join(" · ");
      article.append(line);
    }
    article.append(excerpt(data, showing));
    const tags = data.filters.tag || [];
    if (tags.length) {
      const nav = element("div", "md-tags");
      for (const tag of tags) {
        const chip = element("span", "md-tag");
        chip.textContent = tag;
        nav.append(chip);
      }
      article.append(nav);
    }
    link.append(article);
    li.append(link);
    return li;
  }

  async function showFilters() {
    filtersShown = true;
    let counts;
    try {
      counts = await (await load()).filters();
    } catch (error) {
      return;
    }
    for (const select of selects) {
      const values = Object.entries(counts[select.dataset.filter] || {});
      if (values.length === 0) continue;
      values.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      for (const [value, count] of values) {
        const option = element("option");
        option.value = value;
        option.textContent = `${value} (${count.toLocaleString()})`;
        select.append(option);
      }
      select.closest("label").hidden = false;
      row.hidden = false;
    }
  }

  // Where the focus was before the search opened: Escape gives it back.
  let opener = null;
  const button = document.querySelector("label.md-header__button[for='__search']");
  const inner = box.querySelector(".md-search__inner");
  const output = box.querySelector(".md-search__output");
  // Material's breakpoint below which the search is a dialog over the page, opened by the
  // header's search button, rather than a box in the header.
  const NARROW = matchMedia("(max-width: 59.984375em)");

  // What the closed search hides stays out of the Tab order: its results always, and on a
  // narrow screen the whole dialog (the header's search button opens it).
  let isOpen = false; // whether the search was open when `place` last looked
  function place() {
    const shut = !toggle.checked;
    isOpen = !shut;
    output.inert = shut;
    inner.inert = shut && NARROW.matches;
    document.documentElement.classList.toggle("pd-search-open", !shut && NARROW.matches);
    button?.setAttribute("aria-expanded", String(!shut));
  }

  function remember(from) {
    if (isOpen) return; // it was open already: the focus came from inside
    const at = from && from !== document.body && !box.contains(from) ? from : null;
    opener = at || (NARROW.matches ? button : null);
  }

  function open() {
    remember(document.activeElement);
    toggle.checked = true;
    place();
    input.focus();
    load().catch(() => {});
  }

  function close(giveBack) {
    toggle.checked = false;
    place();
    if (giveBack && opener && opener.isConnected && opener.getClientRects().length) {
      opener.focus();
    } else if (box.contains(document.activeElement)) {
      document.activeElement.blur();
    }
    opener = null;
  }

  function links() {
    return [...list.querySelectorAll(".md-search-result__link, .pd-search__more button")];
  }

  input.addEventListener("focus", (event) => {
    remember(event.relatedTarget);
    toggle.checked = true;
    place();
    load().catch(() => {});
  });
  input.addEventListener("input", run);
  for (const select of selects) select.addEventListener("change", run);
  toggle.addEventListener("change", () => {
    if (toggle.checked) remember(document.activeElement);
    place();
    if (toggle.checked) setTimeout(() => input.focus(), 50);
  });
  NARROW.addEventListener("change", place);
  place();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    links()[0]?.click();
  });
  form.addEventListener("reset", () => {
    setTimeout(() => {
      run();
      input.focus();
    });
  });

  // Like Material's own search, the dialog closes when focus or a click leaves it (Tab past
  // the last result, a click on the page beside it): an open dialog would dim the page the
  // reader has moved on to.
  box.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (toggle.checked && to && !box.contains(to) && to !== toggle) close();
  });
  document.addEventListener("pointerdown", (event) => {
    const on = event.target;
    if (!toggle.checked || box.contains(on) || on.closest?.("label[for='__search']")) return;
    close();
  });

  // Material's keys: "/", "s" or "f" open the search; Escape closes it; the arrow keys move
  // through the results.
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest?.("input, textarea, select, [contenteditable]");
    if (!toggle.checked) {
      if (!typing && ["/", "s", "f"].includes(event.key)) {
        event.preventDefault();
        open();
      }
      return;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.target.tagName === "SELECT") {
      return; // a filter list uses the arrow keys itself
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const targets = [input, ...links()];
      const at = targets.indexOf(document.activeElement);
      const step = event.key === "ArrowDown" ? 1 : -1;
      targets[(Math.max(at, 0) + step + targets.length) % targets.length].focus();
      event.preventDefault();
    }
  });
})();
