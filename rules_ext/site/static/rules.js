/* rules_ext: the rulebook's behaviour in the browser (rules_ext/site/search.py, directives.py).
 *
 * - search highlights stay on the page a search result opened (?highlight=), never follow the
 *   reader to other pages (Sphinx keeps the last query in localStorage for the next page);
 * - the copy-link (¶) of a provision copies its citation and URL, and marks it as followed;
 * - a glossary link shows its definition on keyboard focus and on a first tap (a second tap, or a
 *   click with a mouse, follows the link);
 * - the search box remembers the edition of the page it was used on (a jump to 45C4b stays in
 *   that edition);
 * - the search page: Sphinx's index, searched with the bridge-term synonyms, English titles and
 *   glossary terms, one result per law (简 and 繁 together), an edition filter, a jump to a
 *   provision, and snippets of the law text (_search/<page>.json, not the whole page).
 */
"use strict";

try {
  localStorage.removeItem("sphinx_highlight_terms");
} catch (e) {
  /* storage disabled: nothing was kept either */
}

const RulesSite = {
  root: () => document.documentElement.dataset.content_root || "",

  /* the page's place relative to the site root: "zh-hant/1991/law-45.html" */
  pagePath: () => {
    const root = new URL(RulesSite.root() || "./", window.location.href);
    const here = window.location.pathname;
    return here.startsWith(root.pathname) ? here.slice(root.pathname.length) : "";
  },

  /* "zh-hant/1991" on a 繁體 view of the 1991 edition, "1999-trad", or "" */
  pageEdition: () => {
    const match = RulesSite.pagePath().match(/^((?:zh-hant\/)?\d{4}(?:-[a-z]+)?)\//);
    return match ? match[1] : "";
  },

  /* -- copy-link -------------------------------------------------------------------------- */
  copyText: (text) => {
    if (navigator.clipboard && window.isSecureContext)
      return navigator.clipboard.writeText(text);
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok ? Promise.resolve() : Promise.reject(new Error("copy refused"));
  },

  onPermalink: (event) => {
    const link = event.target.closest("a.law-permalink");
    if (!link || event.button > 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = link.getAttribute("href").slice(1);
    const text = `${link.dataset.cite} ${url.href}`;
    if (window.location.hash !== url.hash) window.location.hash = url.hash;
    const done = (message) => {
      let status = link.nextElementSibling;
      if (!status || !status.classList.contains("law-copied")) {
        status = document.createElement("span");
        status.className = "law-copied";
        status.setAttribute("role", "status");
        link.after(status);
      }
      status.textContent = message;
      link.focus();
      window.setTimeout(() => status.remove(), 2500);
    };
    RulesSite.copyText(text).then(
      () => done("已复制引用和链接"),
      () => done(`请手动复制：${text}`),
    );
  },

  /* -- definitions of glossary terms ------------------------------------------------------ */
  lastPointer: "mouse",
  popup: null,

  showDefinition: (link) => {
    const text = link.dataset.definition || link.getAttribute("title") || "";
    if (!text) return;
    if (!link.dataset.definition) {
      link.dataset.definition = text;
      link.removeAttribute("title"); // the popup replaces the browser's own tooltip
    }
    let pop = RulesSite.popup;
    if (!pop) {
      pop = RulesSite.popup = document.createElement("div");
      pop.id = "law-term-popup";
      pop.className = "law-term-popup";
      pop.setAttribute("role", "tooltip");
      document.body.appendChild(pop);
    }
    pop.replaceChildren();
    pop.appendChild(document.createElement("strong")).textContent = link.textContent;
    pop.appendChild(document.createTextNode(`：${text} `));
    const more = pop.appendChild(document.createElement("a"));
    more.href = link.href;
    more.textContent = "词汇表 →";
    pop.hidden = false;
    pop.dataset.for = link.href + "|" + link.textContent;
    link.setAttribute("aria-describedby", pop.id);
    const box = link.getBoundingClientRect();
    const width = Math.min(360, document.documentElement.clientWidth - 16);
    pop.style.width = `${width}px`;
    pop.style.left = `${Math.max(8, Math.min(box.left + window.scrollX,
      window.scrollX + document.documentElement.clientWidth - width - 8))}px`;
    pop.style.top = `${box.bottom + window.scrollY + 6}px`;
  },

  hideDefinition: () => {
    if (RulesSite.popup) RulesSite.popup.hidden = true;
  },

  onTermClick: (event) => {
    const link = event.target.closest("a.law-term");
    if (!link) {
      if (!event.target.closest(".law-term-popup")) RulesSite.hideDefinition();
      return;
    }
    const pop = RulesSite.popup;
    const shown = pop && !pop.hidden && pop.dataset.for === link.href + "|" + link.textContent;
    if (RulesSite.lastPointer !== "mouse" && !shown) {
      event.preventDefault(); // first tap: the definition; second tap: the glossary
      RulesSite.showDefinition(link);
    }
  },

  /* -- the search box: the edition of the page it is used on ------------------------------ */
  markSearchForms: () => {
    const edition = RulesSite.pageEdition();
    if (!edition) return;
    document.querySelectorAll('form input[name="q"]').forEach((input) => {
      const form = input.form;
      if (form.querySelector('input[name="from"]')) return;
      const hidden = document.createElement("input");
      hidden.type = "hidden";
      hidden.name = "from";
      hidden.value = edition;
      form.appendChild(hidden);
    });
  },

  /* -- a law printed (rules_ext/site/print_view.py) ------------------------------------------ */
  /* 打印本条 prints the page; the printed address is the one the reader opened (on a web server) */
  onPrintLink: (event) => {
    const link = event.target.closest && event.target.closest('a[href="#print"]');
    if (!link || !document.getElementById("print")) return;
    event.preventDefault();
    window.print();
  },

  printAddress: () => {
    if (!/^https?:$/.test(window.location.protocol)) return;
    const url = new URL(window.location.href);
    url.hash = "";
    url.search = "";
    document.querySelectorAll("code.law-print-url").forEach((code) => {
      const before = code.textContent;
      code.textContent = url.href;
      document.querySelectorAll("style.law-print-page").forEach((style) => {
        style.textContent = style.textContent.replace(JSON.stringify(before), JSON.stringify(url.href));
      });
    });
  },

  init: () => {
    document.addEventListener("click", RulesSite.onPrintLink);
    RulesSite.printAddress();
    document.addEventListener("click", RulesSite.onPermalink);
    document.addEventListener("click", RulesSite.onTermClick);
    document.addEventListener("pointerdown", (e) => (RulesSite.lastPointer = e.pointerType), true);
    document.addEventListener("keydown", (e) => {
      RulesSite.lastPointer = "keyboard";
      if (e.key === "Escape") RulesSite.hideDefinition();
    }, true);
    document.addEventListener("focusin", (e) => {
      const link = e.target.closest && e.target.closest("a.law-term");
      if (link && RulesSite.lastPointer === "keyboard") RulesSite.showDefinition(link);
      else if (!e.target.closest || !e.target.closest(".law-term-popup")) {
        if (!link) RulesSite.hideDefinition();
      }
    });
    RulesSite.markSearchForms();
    RulesSearch.install();
  },
};

/* == the search page ========================================================================= */
const RulesSearch = {
  data: null,
  pageSize: 20,

  installed: false,

  /* on the search page (searchtools.js defines Search), before Search.init runs the query */
  install: () => {
    if (RulesSearch.installed || typeof Search === "undefined") return;
    RulesSearch.installed = true;
    const script = document.createElement("script");
    script.src = `${RulesSite.root()}_static/rules-search-data.js`;
    const loaded = new Promise((resolve) => {
      script.onload = () => resolve(window.RULES_SEARCH);
      script.onerror = () => resolve(null);
    });
    document.head.appendChild(script);
    Search.query = (query) => {
      loaded.then((data) => {
        RulesSearch.data = data || { editions: [], synonyms: [], titles: {}, english: {},
          s2t: "", t2s: "", words: {}, default: "", textdir: "_search" };
        RulesSearch.run(query);
      });
    };
  },

  map: (pairs) => {
    const out = new Map();
    const chars = [...pairs];
    for (let i = 0; i + 1 < chars.length; i += 2) out.set(chars[i], chars[i + 1]);
    return out;
  },

  convert: (text, table) => [...text].map((c) => table.get(c) || c).join(""),

  /* the reviewed words of the 繁體 conversion (信息 <-> 資訊), then character by character */
  words: (text, pairs) => pairs.reduce((out, [from, to]) => out.split(from).join(to), text),

  simp: (text) => RulesSearch.convert(RulesSearch.words(text, RulesSearch._wordsT2S), RulesSearch._t2s),
  trad: (text) => RulesSearch.convert(RulesSearch.words(text, RulesSearch._wordsS2T), RulesSearch._s2t),

  params: () => new URLSearchParams(window.location.search),

  /* the address of a page, as Sphinx's own search makes it (html or dirhtml builder) */
  url: (docname) => {
    const options = window.DOCUMENTATION_OPTIONS || {};
    if (options.BUILDER === "dirhtml") {
      const dir = docname === "index" ? "" : `${docname.replace(/\/index$/, "")}/`;
      return `${RulesSite.root()}${dir}`;
    }
    return `${RulesSite.root()}${docname}${options.LINK_SUFFIX ?? ".html"}`;
  },

  editionInfo: (id) => RulesSearch.data.editions.find((e) => e.id === id),

  /* the edition a docname belongs to, its base (1999-trad -> 1999) and law number */
  place: (docname) => {
    const match = docname.match(/^(zh-hant\/)?([^/]+)\/law-(\d+)$/);
    if (!match || !RulesSearch.editionInfo(match[2])) {
      const first = docname.replace(/^zh-hant\//, "").split("/")[0];
      const info = RulesSearch.editionInfo(first);
      return { key: docname.replace(/^zh-hant\//, ""), base: info ? info.base || info.id : "",
        law: null, edition: info ? first : "" };
    }
    const info = RulesSearch.editionInfo(match[2]);
    const base = info ? info.base || info.id : match[2];
    return { key: `${base}/law-${match[3]}`, base, law: Number(match[3]), edition: match[2] };
  },

  /* -- the index ------------------------------------------------------------------------- */
  files: (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),

  has: (word) => {
    const index = Search._index;
    return Object.prototype.hasOwnProperty.call(index.terms, word)
      || Object.prototype.hasOwnProperty.call(index.titleterms, word);
  },

  /* the index's words in a phrase, longest first (the index holds jieba's words of 2+ chars) */
  segment: (phrase) => {
    const tokens = [];
    const chars = [...phrase];
    let i = 0;
    while (i < chars.length) {
      const latin = phrase.slice(chars.slice(0, i).join("").length).match(/^[a-z0-9_]+/);
      if (latin) {
        tokens.push(latin[0]);
        i += latin[0].length;
        continue;
      }
      let taken = 1;
      for (let size = Math.min(8, chars.length - i); size > 1; size--) {
        if (RulesSearch.has(chars.slice(i, i + size).join(""))) {
          taken = size;
          break;
        }
      }
      if (taken > 1) tokens.push(chars.slice(i, i + taken).join(""));
      i += taken;
    }
    return tokens;
  },

  /* docs (with scores) holding a word: exact, or for a Latin word of 3+ letters any word
   * that contains it (as Sphinx does) */
  wordDocs: (word) => {
    const index = Search._index;
    const found = new Map();
    const add = (files, score) => RulesSearch.files(files).forEach(
      (f) => found.set(f, Math.max(found.get(f) || 0, score)));
    const own = (table, key) => Object.prototype.hasOwnProperty.call(table, key);
    if (own(index.terms, word)) add(index.terms[word], 5);
    if (own(index.titleterms, word)) add(index.titleterms[word], 15);
    if (/^[a-z0-9_]{3,}$/.test(word)) {
      for (const term of Object.keys(index.terms))
        if (term !== word && term.includes(word)) add(index.terms[term], 2);
      for (const term of Object.keys(index.titleterms))
        if (term !== word && term.includes(word)) add(index.titleterms[term], 7);
    }
    return found;
  },

  /* docs holding every index word of a phrase; exact when the phrase is one index word */
  phraseDocs: (phrase) => {
    const tokens = RulesSearch.segment(phrase);
    if (!tokens.length) return { docs: new Map(), exact: false };
    let docs = null;
    for (const token of tokens) {
      const these = RulesSearch.wordDocs(token);
      if (docs === null) docs = these;
      else docs = new Map([...docs].filter(([f]) => these.has(f)).map(
        ([f, s]) => [f, Math.max(s, these.get(f))]));
    }
    return { docs, exact: tokens.length === 1 && tokens[0] === phrase };
  },

  /* the words a part of the query stands for: itself (simplified), its synonyms, for an
   * English word the glossary terms it translates */
  alternatives: (part) => {
    const data = RulesSearch.data;
    const simple = RulesSearch.simp(part);
    const words = new Set([simple]);
    for (const group of data.synonyms) {
      const from = group.both ? group.words : group.from;
      if (from.includes(simple)) group.words.forEach((w) => words.add(w));
    }
    if (/^[a-z]+$/.test(part)) {
      for (const [english, terms] of Object.entries(data.english)) {
        if (english.split(/[^a-z]+/).some((w) => w === part || w === `${part}s`))
          terms.forEach((t) => words.add(t));
      }
    }
    return [...words];
  },

  /* laws whose English title (WBF 1997) has the word */
  titleLaws: (part) => {
    if (!/^[a-z]{3,}$/.test(part)) return [];
    return Object.entries(RulesSearch.data.titles).filter(([, title]) =>
      title.toLowerCase().split(/[^a-z]+/).some((w) => w === part || w.startsWith(part)))
      .map(([law]) => Number(law));
  },

  /* -- the jump to a provision ------------------------------------------------------------ */
  JUMP: /^(?:law\s*)?第?\s*(\d{1,3})\s*[条條]?\s*(?:[（(]?([A-Za-z])[)）]?\s*款?)?\s*(?:第?\s*(\d{1,2})\s*[项項]?)?\s*(?:([A-Za-z])\s*目?)?$/i,

  labels: (query) => {
    const match = query.trim().match(RulesSearch.JUMP);
    if (!match || (match[4] && !match[3]) || (match[3] && !match[2])) return null;
    const [, law, section, item, sub] = match;
    const label = `${Number(law)}${section ? section.toUpperCase() : ""}${item || ""}`
      + `${sub ? sub.toLowerCase() : ""}`;
    const out = [label];
    for (const cut of [item && sub ? 1 : 0, item ? item.length : 0, section ? 1 : 0]) {
      if (cut) out.push(out[out.length - 1].slice(0, -cut));
    }
    return [...new Set(out)];
  },

  /* per edition, the page and anchor of the provision (or its nearest ancestor) */
  jumpTargets: (labels) => {
    const index = Search._index;
    const objects = new Map();
    // the index names a provision by its shown name (a label, or '第45条 …' for a law) and
    // keeps its anchor, the label, unless it equals the name
    for (const list of Object.values(index.objects)) {
      for (const [doc, , , anchor, name] of list) {
        const edition = RulesSearch.place(index.docnames[doc]).edition;
        if (edition) objects.set(`${edition}:${anchor || name}`, [doc, anchor || name]);
      }
    }
    const out = [];
    for (const edition of RulesSearch.data.editions) {
      for (const label of labels) {
        const found = objects.get(`${edition.id}:${label}`);
        if (found) {
          out.push({ edition, label, docname: index.docnames[found[0]], anchor: found[1] || label });
          break;
        }
      }
    }
    return out;
  },

  citation: (label) => {
    const m = label.match(/^(\d+)([A-Z])?(\d+)?([a-z])?/);
    if (!m) return label;
    return `第${m[1]}条${m[2] ? `${m[2]}款` : ""}${m[3] ? `${m[3]}项` : ""}${m[4] ? `${m[4]}目` : ""}`;
  },

  /* pages about the law rather than of it: ranked after the law pages found by the same words */
  ASIDE: /^(examples|worked|assistant)\//,

  /* -- running a query --------------------------------------------------------------------- */
  run: (query) => {
    const data = RulesSearch.data;
    RulesSearch._s2t = RulesSearch.map(data.s2t);
    RulesSearch._t2s = RulesSearch.map(data.t2s);
    RulesSearch._wordsS2T = Object.entries(data.words || {});
    RulesSearch._wordsT2S = RulesSearch._wordsS2T.map(([simp, trad]) => [trad, simp]);
    const params = RulesSearch.params();
    const filter = params.get("edition") || "";
    const from = params.get("from") || "";
    RulesSearch.filterBox(query, filter);

    const labels = RulesSearch.labels(query);
    if (labels) {
      const targets = RulesSearch.jumpTargets(labels);
      const wanted = from.replace(/^zh-hant\//, "") || filter;
      const here = targets.find((t) => t.edition.id === wanted);
      if (here) {
        const docname = from.startsWith("zh-hant/") && Search._index.docnames.includes(
          `zh-hant/${here.docname}`) ? `zh-hant/${here.docname}` : here.docname;
        window.location.replace(`${RulesSearch.url(docname)}#${here.anchor}`);
        return;
      }
      if (targets.length) {
        RulesSearch.jumpBox(targets, labels[0]);
        RulesSearch.finish(targets.length, "jump");
        return;
      }
    }

    const parts = RulesSearch.simp(query.toLowerCase())
      .split(/[\s,，、;；:：.。!！?？"“”'‘’()（）《》]+/u).filter((p) => p);
    const phrases = new Set();
    let docs = null; // doc -> {score, loose}: loose when found by index words, not the phrase
    for (const part of parts) {
      const partDocs = new Map();
      for (const word of RulesSearch.alternatives(part)) {
        phrases.add(word);
        // the traditional form finds the traditional texts (1999-trad; a 繁體 build's own index)
        for (const form of new Set([word, RulesSearch.trad(word)])) {
          const found = RulesSearch.phraseDocs(form);
          for (const [doc, score] of found.docs) {
            const before = partDocs.get(doc);
            if (before === undefined || (found.exact && (before.loose || before.score < score)))
              partDocs.set(doc, { score, loose: !found.exact });
          }
        }
      }
      for (const law of RulesSearch.titleLaws(part)) {
        for (const edition of data.editions) {
          const doc = Search._index.docnames.indexOf(`${edition.id}/law-${law}`);
          if (doc >= 0) partDocs.set(doc, { score: 20, loose: false });
        }
      }
      if (docs === null) docs = partDocs;
      else docs = new Map([...docs].filter(([d]) => partDocs.has(d)).map(([d, s]) => [d, {
        score: s.score + partDocs.get(d).score, loose: s.loose || partDocs.get(d).loose }]));
    }
    docs = docs || new Map();

    // one result per law: the editions' simplified and traditional pages together
    const groups = new Map();
    const order = data.editions.map((e) => e.id);
    for (const [doc, { score, loose }] of docs) {
      const docname = Search._index.docnames[doc];
      const place = RulesSearch.place(docname);
      if (filter && place.base !== filter) continue;
      let group = groups.get(place.key);
      if (!group) {
        group = { place, docs: [], score: 0, loose: true };
        groups.set(place.key, group);
      }
      group.docs.push(docname);
      group.score = Math.max(group.score, score);
      group.loose = group.loose && loose;
    }
    const home = from.replace(/^zh-hant\//, "");
    const rank = (g) => (home && g.place.base === home ? -1
      : order.indexOf(g.place.base) >= 0 ? order.indexOf(g.place.base) : order.length);
    // the law first: the worked examples and the assistant quote it, after the law's own pages
    const aside = (g) => (RulesSearch.ASIDE.test(g.place.key) ? 1 : 0);
    const results = [...groups.values()].sort((a, b) => aside(a) - aside(b) || b.score - a.score
      || (a.loose - b.loose) || rank(a) - rank(b)
      || (a.place.law ?? 999) - (b.place.law ?? 999) || a.place.key.localeCompare(b.place.key));
    RulesSearch.state = { results, next: 0, shown: 0, phrases: [...phrases] };
    RulesSearch.more();
  },

  /* show the next page of results; loose matches (a phrase that is not one index word) only
   * when the phrase is in the law text */
  more: async () => {
    const state = RulesSearch.state;
    const button = document.getElementById("rules-search-more");
    if (button) button.remove();
    let added = 0;
    while (state.next < state.results.length && added < RulesSearch.pageSize) {
      const group = state.results[state.next++];
      const item = await RulesSearch.item(group);
      if (item) {
        Search.output.appendChild(item);
        added++;
        state.shown++;
      }
    }
    if (state.next < state.results.length) {
      const more = document.createElement("button");
      more.id = "rules-search-more";
      more.type = "button";
      more.className = "rules-search-more";
      more.textContent = "显示更多结果";
      more.addEventListener("click", RulesSearch.more);
      Search.output.after(more);
      RulesSearch.finish(state.shown, "more");
    } else RulesSearch.finish(state.shown, "done");
  },

  text: (docname) => fetch(`${RulesSite.root()}${RulesSearch.data.textdir}/${docname}.json`)
    .then((r) => (r.ok ? r.json() : null)).catch(() => null),

  /* one result: the law's title and edition, its 简 and 繁 pages, a snippet of its text */
  item: async (group) => {
    const index = Search._index;
    const data = RulesSearch.data;
    const docnames = index.docnames;
    const simple = group.docs.find((d) => {
      const info = RulesSearch.editionInfo(RulesSearch.place(d).edition);
      return !info || info.script !== "traditional";
    });
    const main = simple || group.docs[0];
    const page = await RulesSearch.text(main);
    const blocks = page ? page.blocks : [];
    const phrases = RulesSearch.state.phrases;
    const needs = group.loose;
    let hit = null;
    for (const [anchor, text] of blocks) {
      const plain = RulesSearch.simp(text).toLowerCase();
      for (const phrase of phrases) {
        const at = plain.indexOf(phrase);
        if (at >= 0) {
          hit = { anchor, text, at, phrase };
          break;
        }
      }
      if (hit) break;
    }
    if (needs && !hit) return null;

    const li = document.createElement("li");
    li.className = "rules-result";
    const link = li.appendChild(document.createElement("a"));
    const highlight = hit ? `?highlight=${encodeURIComponent(hit.phrase)}` : "";
    const anchor = hit && hit.anchor ? `#${hit.anchor}` : "";
    link.href = `${RulesSearch.url(main)}${highlight}${anchor}`;
    link.textContent = index.titles[docnames.indexOf(main)] || (page && page.title) || main;
    const info = RulesSearch.editionInfo(group.place.base);
    if (info) {
      const tag = li.appendChild(document.createElement("span"));
      tag.className = "rules-result-edition";
      tag.textContent = info.name;
    }
    if (group.place.law !== null) {
      const trad = group.docs.find((d) => d !== main)
        || [`${group.place.base}-trad/law-${group.place.law}`, `zh-hant/${main}`]
          .find((d) => docnames.includes(d) && RulesSearch.place(d).key === group.place.key);
      const simpDoc = simple || `${group.place.base}/law-${group.place.law}`;
      const scripts = li.appendChild(document.createElement("span"));
      scripts.className = "rules-result-scripts";
      const tradHighlight = hit ? `?highlight=${encodeURIComponent(RulesSearch.trad(hit.phrase))}` : "";
      for (const [label, doc, hl] of [["简", simpDoc, highlight], ["繁", trad, tradHighlight]]) {
        if (!doc || (!docnames.includes(doc) && !doc.startsWith("zh-hant/"))) continue;
        const a = scripts.appendChild(document.createElement("a"));
        a.href = `${RulesSearch.url(doc)}${hl}${anchor}`;
        a.textContent = label;
        a.lang = label === "繁" ? "zh-Hant" : "zh-Hans";
      }
    }
    const context = li.appendChild(document.createElement("p"));
    context.className = "context";
    const source = hit || (blocks.length ? { text: blocks[0][1], at: 0, phrase: "" } : null);
    if (source) RulesSearch.snippet(context, source.text, source.at, source.phrase, phrases);
    return li;
  },

  snippet: (node, text, at, phrase, phrases) => {
    const chars = [...text];
    const start = Math.max(0, [...text.slice(0, at)].length - 40);
    let piece = chars.slice(start, start + 120).join("");
    piece = (start > 0 ? "…" : "") + piece + (start + 120 < chars.length ? "…" : "");
    const plain = RulesSearch.simp(piece).toLowerCase();
    const marks = [];
    for (const p of phrases.filter((x) => x)) {
      let from = 0;
      let found;
      while ((found = plain.indexOf(p, from)) >= 0) {
        marks.push([found, found + p.length]);
        from = found + p.length;
      }
    }
    marks.sort((a, b) => a[0] - b[0]);
    let cursor = 0;
    for (const [s, e] of marks) {
      if (s < cursor) continue;
      node.appendChild(document.createTextNode(piece.slice(cursor, s)));
      const span = node.appendChild(document.createElement("span"));
      span.className = "highlighted";
      span.textContent = piece.slice(s, e);
      cursor = e;
    }
    node.appendChild(document.createTextNode(piece.slice(cursor)));
  },

  filterBox: (query, filter) => {
    const out = document.getElementById("search-results");
    const form = document.createElement("form");
    form.className = "rules-search-filter";
    form.action = "";
    const q = form.appendChild(document.createElement("input"));
    q.type = "hidden";
    q.name = "q";
    q.value = query;
    const label = form.appendChild(document.createElement("label"));
    label.textContent = "版本：";
    const select = label.appendChild(document.createElement("select"));
    select.name = "edition";
    for (const [value, text] of [["", "全部版本"],
      ...RulesSearch.data.editions.filter((e) => !e.base).map((e) => [e.id, e.name])]) {
      const option = select.appendChild(document.createElement("option"));
      option.value = value;
      option.textContent = text;
      option.selected = value === filter;
    }
    select.addEventListener("change", () => form.submit());
    const go = form.appendChild(document.createElement("button"));
    go.type = "submit";
    go.textContent = "筛选";
    Search.status.after(form);
  },

  jumpBox: (targets, label) => {
    const box = document.createElement("p");
    box.className = "rules-jump";
    box.appendChild(document.createTextNode(`转到 ${RulesSearch.citation(label)}：`));
    targets.forEach((t, i) => {
      if (i) box.appendChild(document.createTextNode(" · "));
      const a = box.appendChild(document.createElement("a"));
      a.href = `${RulesSearch.url(t.docname)}#${t.anchor}`;
      a.textContent = `${t.edition.name} ${RulesSearch.citation(t.label)}`;
    });
    Search.output.before(box);
  },

  finish: (count, how) => {
    Search.stopPulse();
    Search.title.innerText = "搜索结果";
    if (how === "jump") Search.status.innerText = "这是条文编号：请选择版本。";
    else if (!count) Search.status.innerText = "没有找到符合条件的条文。";
    else if (how === "more") {
      Search.status.innerText = `已显示 ${count} 条结果（每条规则一项，简繁合并）；`
        + "其余结果见页末“显示更多结果”。";
    }
    else Search.status.innerText = `找到 ${count} 条结果（每条规则一项，简繁合并）。`;
  },
};

RulesSearch.install();
document.addEventListener("DOMContentLoaded", RulesSite.init);
