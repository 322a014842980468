/* rules_ext: the rulebook's behaviour in the browser (rules_ext/rulebook_site/search.py, directives.py).
 *
 * - search highlights stay on the page a search result opened (?highlight=), never follow the
 *   reader to other pages (Sphinx keeps the last query in localStorage for the next page);
 * - the copy-link (¶) of a provision copies its citation and URL, and marks it as followed;
 * - a glossary link shows its definition on keyboard focus and on a first tap (a second tap, or a
 *   click with a mouse, follows the link);
 * - the search box remembers the edition of the page it was used on (a jump to 45C4b stays in
 *   that edition);
 * - the search page: Sphinx's index, searched with the bridge-term synonyms, English titles and
 *   glossary terms and English phrases (search-english.txt), the laws a term names first, one
 *   result per law (简 and 繁 together), an edition filter, a label opening its provision (the
 *   other editions named there), and snippets of the law text (_search/<page>.json, not the
 *   whole page, fetched side by side).
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

  /* -- a label typed into the search box: the provision, and the other editions that have it -- */
  JUMP_KEY: "rules-jump",

  /* the search page, before it opens the provision: what the provision's page names */
  rememberJump: (url, cite, others) => {
    try {
      sessionStorage.setItem(RulesSite.JUMP_KEY, JSON.stringify(
        { to: url.pathname + url.hash, cite, others }));
    } catch (e) {
      /* storage disabled: the provision opens without the other editions named */
    }
  },

  /* the provision's page: "第27条B款 其他版本：1999年版 第27条B款 · …" above it, once */
  showJump: () => {
    let jump = null;
    try {
      jump = JSON.parse(sessionStorage.getItem(RulesSite.JUMP_KEY));
      sessionStorage.removeItem(RulesSite.JUMP_KEY);
    } catch (e) {
      return;
    }
    const here = window.location.pathname + window.location.hash;
    if (!jump || jump.to !== here || !jump.others.length) return;
    const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
    if (!target) return;
    const box = document.createElement("p");
    box.className = "rules-also";
    box.setAttribute("role", "note");
    box.appendChild(document.createTextNode(`${jump.cite} 其他版本：`));
    jump.others.forEach((other, i) => {
      if (i) box.appendChild(document.createTextNode(" · "));
      const a = box.appendChild(document.createElement("a"));
      a.href = other.href;
      a.textContent = other.text;
    });
    const heading = target.tagName === "SECTION" && target.querySelector(":scope > h1, :scope > h2");
    if (heading) heading.after(box);
    else target.before(box);
    (heading || box).scrollIntoView({ block: "start" });
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

  /* -- a law printed (rules_ext/rulebook_site/print_view.py) ------------------------------------------ */
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

  /* -- the edition switch keeps the reader's provision ------------------------------------ */
  /* the provision above a label: 45C4b -> 45C4 -> 45C -> 45 (a law: no anchor) */
  parentLabel: (label) => {
    const up = label.replace(/(note\d*|intro|\(\w+\)|[a-z]|\d+|[A-Z])$/, "");
    return up === label || /^\d*$/.test(up) ? "" : up;
  },

  /* each link of a law page's edition switch goes to the provision holding the same rule in that
   * edition (the page's counterparts table: the comparison's alignment), or its nearest provision
   * above that has one */
  keepProvision: () => {
    const table = document.querySelector("script.rules-counterparts");
    if (!table) return;
    let map;
    try {
      map = JSON.parse(table.textContent);
    } catch (e) {
      return;
    }
    const here = decodeURIComponent(window.location.hash.slice(1));
    document.querySelectorAll(".law-switch a").forEach((a) => {
      const match = (a.getAttribute("href") || "").match(/(?:^|\/)([^/]+)\/law-\d+\.html/);
      if (!match || !map[match[1]]) return;
      let target = "";
      for (let label = here; label && !target; label = RulesSite.parentLabel(label))
        target = map[match[1]][label] || "";
      const url = new URL(a.getAttribute("href"), document.baseURI);
      url.hash = target ? `#${target}` : "";
      a.href = url.href;
    });
  },

  init: () => {
    RulesSite.keepProvision();
    window.addEventListener("hashchange", RulesSite.keepProvision);
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
    RulesSite.showJump();
    RulesSearch.install();
  },
};

/* == the search page ========================================================================= */
const RulesSearch = {
  data: null,
  pageSize: 20,

  installed: false,

  /* on the search page (searchtools.js defines Search), before Search.init runs the query; the
   * page loads the search data beside Sphinx's index (search.py), else it is loaded here */
  install: () => {
    if (RulesSearch.installed || typeof Search === "undefined") return;
    RulesSearch.installed = true;
    const loaded = window.RULES_SEARCH ? Promise.resolve(window.RULES_SEARCH)
      : new Promise((resolve) => {
        const script = document.createElement("script");
        script.src = `${RulesSite.root()}_static/rules-search-data.js`;
        script.onload = () => resolve(window.RULES_SEARCH);
        script.onerror = () => resolve(null);
        document.head.appendChild(script);
      });
    Search.query = (query) => {
      loaded.then((data) => {
        RulesSearch.data = { editions: [], synonyms: [], titles: {}, english: {}, phrases: [],
          lawTitles: {}, defined: {}, s2t: "", t2s: "", words: {}, default: "",
          textdir: "_search", ...data };
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

  /* the word pairs by their first character, longest first (for byWords) */
  wordTable: (pairs) => {
    const out = new Map();
    for (const [from, to] of [...pairs].sort((a, b) => b[0].length - a[0].length)) {
      if (!from) continue;
      const first = String.fromCodePoint(from.codePointAt(0));
      if (!out.has(first)) out.set(first, []);
      out.get(first).push([from, to]);
    }
    return out;
  },

  /* the words of the 繁體 conversion that are not character by character (信息 <-> 資訊, 干扰 <->
   * 干擾) as words, what is left character by character */
  byWords: (text, words, table) => {
    let out = "";
    let i = 0;
    while (i < text.length) {
      const char = String.fromCodePoint(text.codePointAt(i));
      const word = (words.get(char) || []).find(([from]) => text.startsWith(from, i));
      if (word) {
        out += word[1];
        i += word[0].length;
      } else {
        out += table.get(char) || char;
        i += char.length;
      }
    }
    return out;
  },

  simp: (text) => RulesSearch.byWords(text, RulesSearch._wordsT2S, RulesSearch._t2s),
  trad: (text) => RulesSearch.byWords(text, RulesSearch._wordsS2T, RulesSearch._s2t),

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

  /* the English phrases of a query, longest first: the table's (search-english.txt), the
   * glossary's English terms, or the query's Latin words when an English law title holds them
   * (arrangement of tables); each {words, laws} and the query without them */
  englishPhrases: (query) => {
    const data = RulesSearch.data;
    const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const table = new Map(data.phrases.map((e) => [e.phrase, { ...e, words: [...e.words] }]));
    for (const [phrase, terms] of Object.entries(data.english)) {
      if (!table.has(phrase)) table.set(phrase, { phrase, words: [], laws: [] });
      table.get(phrase).words.push(...terms);
    }
    const entries = [...table.values()].sort((a, b) => b.phrase.length - a.phrase.length);
    let rest = ` ${query} `;
    const found = [];
    for (const entry of entries) {
      const pattern = new RegExp(`(^|[^a-z])${escape(entry.phrase)}s?(?=[^a-z]|$)`);
      if (pattern.test(rest)) {
        found.push({ words: [entry.phrase, ...entry.words], laws: entry.laws });
        rest = rest.replace(pattern, "$1 ");
      }
    }
    const latin = rest.trim().replace(/\s+/g, " ");
    if (/^[a-z']+( [a-z']+)+$/.test(latin)) {
      const laws = Object.entries(data.titles).filter(([, title]) =>
        ` ${title.toLowerCase().replace(/[^a-z']+/g, " ")} `.includes(` ${latin} `))
        .map(([law]) => Number(law));
      if (laws.length) {
        found.push({ words: [latin], laws });
        rest = "";
      }
    }
    return { found, rest };
  },

  /* the pages of a law in every edition of the base edition (1999: 1999 and 1999-trad) */
  lawDocs: (base, law) => RulesSearch.data.editions
    .filter((e) => e.id === base || e.base === base)
    .map((e) => Search._index.docnames.indexOf(`${e.id}/law-${law}`)).filter((d) => d >= 0),

  /* the laws a word is the subject of, per edition, with how closely (1: the law's title, or a
   * law the English phrase names; 2: a word of its title, 藏牌 in 第62条 藏牌的改正; 3: a law its
   * definition cites, 调整分 -> 第12条) */
  keyLaws: (words, named) => {
    const data = RulesSearch.data;
    const tiers = new Map(); // "1991/law-27" -> tier
    const set = (key, tier) => tiers.set(key, Math.min(tiers.get(key) ?? 9, tier));
    for (const [edition, titles] of Object.entries(data.lawTitles)) {
      for (const law of named) if (titles[law] !== undefined) set(`${edition}/law-${law}`, 1);
      for (const word of words) {
        if ([...word].length < 2) continue;
        for (const [law, title] of Object.entries(titles)) {
          if (title === word) set(`${edition}/law-${law}`, 1);
          else if (title.includes(word)) set(`${edition}/law-${law}`, 2);
        }
        const cited = (data.defined[word] || {})[edition] || [];
        for (const law of cited) set(`${edition}/law-${law}`, 3);
      }
    }
    return tiers;
  },

  /* laws whose English title (WBF 1997) has the word */
  titleLaws: (part) => {
    if (!/^[a-z]{3,}$/.test(part)) return [];
    return Object.entries(RulesSearch.data.titles).filter(([, title]) =>
      title.toLowerCase().split(/[^a-z]+/).some((w) => w === part || w.startsWith(part)))
      .map(([law]) => Number(law));
  },

  /* -- the jump to a provision ------------------------------------------------------------ */
  /* 条/條 and 项/項 written as escapes: the 繁體 site's copy of this file is converted */
  JUMP: /^(?:law\s*)?第?\s*(\d{1,3})\s*[\u6761\u689d]?\s*(?:[（(]?([A-Za-z])[)）]?\s*款?)?\s*(?:第?\s*(\d{1,2})\s*[\u9879\u9805]?)?\s*(?:([A-Za-z])\s*目?)?$/i,

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
    const pairs = Object.entries(data.words || {});
    RulesSearch._wordsS2T = RulesSearch.wordTable(pairs);
    RulesSearch._wordsT2S = RulesSearch.wordTable(pairs.map(([simp, trad]) => [trad, simp]));
    const params = RulesSearch.params();
    const filter = params.get("edition") || "";
    const from = params.get("from") || "";
    RulesSearch.filterBox(query, filter);

    // a label (45C4b, 第62条): straight to the provision in the page's edition, else the default
    // one; the other editions that have it are named on the page it opens (RulesSite.showJump)
    const labels = RulesSearch.labels(query);
    if (labels) {
      const targets = RulesSearch.jumpTargets(labels);
      const wanted = from.replace(/^zh-hant\//, "") || filter;
      const here = targets.find((t) => t.edition.id === wanted)
        || targets.find((t) => t.edition.id === data.default) || targets[0];
      if (here) {
        const docname = from.startsWith("zh-hant/") && Search._index.docnames.includes(
          `zh-hant/${here.docname}`) ? `zh-hant/${here.docname}` : here.docname;
        const url = new URL(`${RulesSearch.url(docname)}#${here.anchor}`, window.location.href);
        RulesSite.rememberJump(url, RulesSearch.citation(labels[0]), targets.filter((t) => t !== here)
          .map((t) => ({ href: new URL(`${RulesSearch.url(t.docname)}#${t.anchor}`,
            window.location.href).href, text: `${t.edition.name} ${RulesSearch.citation(t.label)}` })));
        window.location.replace(url.href);
        return;
      }
    }

    const english = RulesSearch.englishPhrases(query.toLowerCase());
    const parts = [...english.found, ...RulesSearch.simp(english.rest)
      .split(/[\s,，、;；:：.。!！?？"“”'‘’()（）《》]+/u).filter((p) => p)
      .map((part) => ({ words: RulesSearch.alternatives(part), laws: [], part }))];
    const phrases = new Set();
    const tiers = new Map(); // "1991/law-27" -> how closely the query names the law (keyLaws)
    let docs = null; // doc -> {score, loose}: loose when found by index words, not the phrase
    for (const { words, laws, part } of parts) {
      const partDocs = new Map();
      for (const word of words) {
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
      const named = [...laws, ...(part === undefined ? [] : RulesSearch.titleLaws(part))];
      for (const [key, tier] of RulesSearch.keyLaws(words, laws)) {
        tiers.set(key, Math.min(tiers.get(key) ?? 9, tier));
        const [, base, law] = key.match(/^(.+)\/law-(\d+)$/);
        // a law the query names is found even where jieba cut its words otherwise
        if (tier < 3) RulesSearch.lawDocs(base, law).forEach((d) => partDocs.has(d)
          || partDocs.set(d, { score: 20, loose: false }));
      }
      for (const law of named) {
        for (const edition of data.editions) {
          for (const doc of RulesSearch.lawDocs(edition.id, law)) partDocs.set(doc, { score: 20, loose: false });
        }
      }
      if (docs === null) docs = partDocs;
      else docs = new Map([...docs].filter(([d]) => partDocs.has(d)).map(([d, s]) => [d, {
        score: s.score + partDocs.get(d).score, loose: s.loose || partDocs.get(d).loose }]));
    }
    docs = docs || new Map();

    // one result per law: the editions' simplified and traditional pages together
    const groups = new Map();
    for (const [doc, { score, loose }] of docs) {
      const docname = Search._index.docnames[doc];
      const place = RulesSearch.place(docname);
      if (filter && place.base !== filter) continue;
      let group = groups.get(place.key);
      if (!group) {
        group = { place, docs: [], score: 0, loose: true, tier: tiers.get(place.key) ?? 9 };
        groups.set(place.key, group);
      }
      group.docs.push(docname);
      group.score = Math.max(group.score, score);
      group.loose = group.loose && loose;
    }
    // the editions: the page's own first, then the default one, then the catalogue's order
    const home = from.replace(/^zh-hant\//, "");
    const order = [home, data.default, ...data.editions.map((e) => e.id)].filter((e) => e);
    const rank = (g) => (order.indexOf(g.place.base) >= 0 ? order.indexOf(g.place.base) : order.length);
    // the law first: the worked examples and the assistant quote it, after the law's own pages
    const aside = (g) => (RulesSearch.ASIDE.test(g.place.key) ? 1 : 0);
    // the laws the query names (their title, their defined term), each with its other editions
    // next to it: 1991 Law 27, 1999 Law 27, then the rest
    const named = (a, b) => a.tier - b.tier
      || (a.tier < 9 ? (a.place.law ?? 999) - (b.place.law ?? 999) || rank(a) - rank(b) : 0);
    const results = [...groups.values()].sort((a, b) => aside(a) - aside(b) || named(a, b)
      || b.score - a.score || (a.loose - b.loose) || rank(a) - rank(b)
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
      // the texts of a page of results fetched side by side, shown in the results' order
      const groups = state.results.slice(state.next, state.next + RulesSearch.pageSize - added);
      state.next += groups.length;
      for (const item of await Promise.all(groups.map(RulesSearch.item))) {
        if (item) {
          Search.output.appendChild(item);
          added++;
          state.shown++;
        }
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
    // the words highlighted as the page prints them: the hit's own characters (罰張 on a 繁體
    // page, 罚张 on a 简体 one; the index and the phrases are in simplified script)
    const printed = hit ? [...hit.text].slice([...hit.text.slice(0, hit.at)].length,
      [...hit.text.slice(0, hit.at)].length + [...hit.phrase].length).join("") : "";
    const highlight = hit ? `?highlight=${encodeURIComponent(printed)}` : "";
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
      const simpHighlight = hit ? `?highlight=${encodeURIComponent(hit.phrase)}` : "";
      for (const [label, doc, hl] of [["简", simpDoc, simpHighlight], ["繁", trad, tradHighlight]]) {
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

  finish: (count, how) => {
    Search.stopPulse();
    Search.title.innerText = "搜索结果";
    if (!count) Search.status.innerText = "没有找到符合条件的条文。";
    else if (how === "more") {
      Search.status.innerText = `已显示 ${count} 条结果（每条规则一项，简繁合并）；`
        + "其余结果见页末“显示更多结果”。";
    }
    else Search.status.innerText = `找到 ${count} 条结果（每条规则一项，简繁合并）。`;
  },
};

RulesSearch.install();
document.addEventListener("DOMContentLoaded", RulesSite.init);
