/* A published event's pages, a little more at hand; every page reads whole without this script.
   - "This is me": a pair's (team's, player's) page remembers it in the browser (localStorage, per
     event, nothing sent anywhere); every page then shades my rows, marks my opponents, opens my
     table's auction and play, and links to my card from its head.
   - The ranking: find by number or name as one types, sort by any column, tabs for each direction
     and section.
   - A board's play, trick by trick: the four hands as the cards leave them.
   The words shown are the page's own (in its script): this file holds none. */
(function () {
  "use strict";
  var html = document.documentElement;
  var root = html.getAttribute("data-root") || "";
  var storeKey = "rules-events-me:" + (html.getAttribute("data-event") || "");

  function readMe() {
    try { return JSON.parse(window.localStorage.getItem(storeKey) || "null"); } catch (e) { return null; }
  }
  function writeMe(me) {
    try {
      if (me) { window.localStorage.setItem(storeKey, JSON.stringify(me)); }
      else { window.localStorage.removeItem(storeKey); }
    } catch (e) { /* a browser that keeps nothing: the marks last for this page only */ }
  }
  function tokens(el, name) { return (el.getAttribute(name) || "").split(/\s+/).filter(Boolean); }
  function each(selector, fn, within) { Array.prototype.forEach.call((within || document).querySelectorAll(selector), fn); }

  /* -- me ---------------------------------------------------------------------------------- */
  var me = readMe();

  function mark() {
    var id = me && me.id;
    each("[data-who]", function (el) {
      var mine = !!id && tokens(el, "data-who").indexOf(id) >= 0;
      el.classList.toggle("me", mine);
      if (mine && el.tagName === "DETAILS") { el.open = true; }
    });
    each("[data-opp]", function (el) { el.classList.toggle("opp", !!id && tokens(el, "data-opp").indexOf(id) >= 0); });
    each("tbody[data-vs]", function (el) { el.classList.toggle("opp", !!id && tokens(el, "data-vs").indexOf(id) >= 0); });
    each("a.me-link", function (a) {
      a.hidden = !id;
      if (id) { a.href = root + me.page; }
    });
    each(".me-choice", function (p) {
      var here = p.getAttribute("data-who");
      p.hidden = false;
      p.querySelector(".me-set").hidden = id === here;
      p.querySelector(".me-is").hidden = id !== here;
    });
    each(".me-bar", function (bar) {
      var row = id ? document.querySelector("table.ranking tr[data-who='" + cssEscape(id) + "']") : null;
      bar.hidden = !row;
      if (row) {
        var link = bar.querySelector(".me-card");
        link.href = root + me.page;
        link.textContent = row.cells[0].textContent.trim() + " · " + row.cells[1].textContent.replace(/\s+/g, " ").trim();
      }
    });
  }
  function cssEscape(text) { return text.replace(/["'\\\]]/g, "\\$&"); }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("button") : null;
    if (!button) { return; }
    if (button.classList.contains("me-set")) {
      var p = button.closest(".me-choice");
      me = { id: p.getAttribute("data-who"), page: p.getAttribute("data-page") };
      writeMe(me);
      mark();
    } else if (button.classList.contains("me-clear")) {
      me = null;
      writeMe(null);
      mark();
    }
  });

  /* -- the ranking: find, tabs, sort --------------------------------------------------------- */
  function fold(text) {
    return (text || "").normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().trim();
  }
  var filter = { query: "", tab: "", section: "" };

  function applyFilter() {
    var shown = 0;
    var query = fold(filter.query);
    each("section.ranking", function (section) {
      var inTab = !filter.tab || section.getAttribute("data-tab") === filter.tab;
      section.hidden = !inTab;
      each("tbody tr", function (row) {
        var ok = inTab;
        if (ok && filter.section) { ok = tokens(row, "data-section").indexOf(filter.section) >= 0; }
        if (ok && query) {
          ok = row.getAttribute("data-who").toLowerCase() === query || fold(row.getAttribute("data-search")).indexOf(query) >= 0;
        }
        row.hidden = !ok;
        if (ok) { shown += 1; }
      }, section);
    });
    each(".find .found", function (out) {
      var input = document.getElementById("find");
      out.textContent = !query ? "" : shown ? input.getAttribute("data-found").replace("{n}", shown) : input.getAttribute("data-none");
    });
  }

  each(".find", function (box) {
    box.hidden = false;
    var input = box.querySelector("input");
    input.addEventListener("input", function () { filter.query = input.value; applyFilter(); });
  });
  each("nav.tabs", function (nav) {
    nav.hidden = false;
    nav.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) { return; }
      if (button.hasAttribute("data-section")) {
        filter.section = button.getAttribute("data-section");
        filter.tab = "";
      } else {
        filter.tab = button.getAttribute("data-tab") || "";
        filter.section = "";
      }
      each("button", function (b) { b.setAttribute("aria-pressed", b === button ? "true" : "false"); }, nav);
      applyFilter();
    });
  });

  function sortKey(cell, kind) {
    if (kind === "key") { return parseFloat(cell.getAttribute("data-key")); }
    var text = cell.textContent.replace(/\s+/g, " ").trim();
    if (kind === "num") {
      var value = parseFloat(text.replace(/[^0-9.+-]/g, ""));
      return isNaN(value) ? -Infinity : value;
    }
    return text;
  }
  each("table.sortable", function (table) {
    var heads = table.tHead.rows[0].cells;
    Array.prototype.forEach.call(heads, function (th, column) {
      var kind = th.getAttribute("data-sort");
      if (!kind) { return; }
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (th.firstChild) { button.appendChild(th.firstChild); }
      th.appendChild(button);
      button.addEventListener("click", function () {
        var down = th.getAttribute("aria-sort") !== (kind === "text" || kind === "key" ? "ascending" : "descending");
        var ascending = kind === "text" || kind === "key" ? down : !down;
        Array.prototype.forEach.call(heads, function (other) { other.removeAttribute("aria-sort"); });
        th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function (a, b) {
          var x = sortKey(a.cells[column], kind), y = sortKey(b.cells[column], kind);
          var order = typeof x === "string" ? x.localeCompare(y, undefined, { numeric: true }) : x - y;
          return ascending ? order : -order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });

  /* -- the play, trick by trick -------------------------------------------------------------- */
  var SEATS = ["N", "E", "S", "W"];
  var SUITS = [["S", "\u2660", false], ["H", "\u2665", true], ["D", "\u2666", true], ["C", "\u2663", false]];
  var RANKS = "AKQJT98765432";

  function hands(deal) {
    var first = SEATS.indexOf(deal.charAt(0));
    var out = {};
    deal.slice(2).split(" ").forEach(function (hand, i) {
      var cards = [];
      hand.split(".").forEach(function (ranks, suit) {
        ranks.split("").forEach(function (rank) { cards.push(SUITS[suit][0] + rank); });
      });
      out[SEATS[(first + i) % 4]] = cards;
    });
    return out;
  }
  function cardHtml(card) {
    var suit = SUITS.filter(function (s) { return s[0] === card.charAt(0); })[0];
    var rank = card.slice(1).replace("T", "10");
    return '<span class="' + (suit[2] ? "red" : "ink") + '">' + suit[1] + "</span>" + rank;
  }
  function seatNames() {
    var names = {};
    SEATS.forEach(function (seat) {
      var el = document.querySelector(".deal .hand-" + seat.toLowerCase() + " .seat");
      names[seat] = el ? el.firstChild.textContent.trim() : seat;
    });
    return names;
  }

  each(".stepper[data-steps]", function (stepper) {
    var dealEl = document.querySelector(".deal[data-deal]");
    if (!dealEl) { return; }
    var start = hands(dealEl.getAttribute("data-deal"));
    var names = seatNames();
    var tricks = stepper.getAttribute("data-steps").split(";").map(function (step) {
      var parts = step.split(":");
      var leader = SEATS.indexOf(parts[0]);
      var cards = {};
      parts[1].split(",").forEach(function (card, i) { cards[SEATS[(leader + i) % 4]] = card; });
      return { cards: cards, winner: parts[2] };
    });
    var at = 0;
    var view = stepper.querySelector(".step-deal");
    var counter = stepper.querySelector(".step-at");

    function draw() {
      var gone = {};
      tricks.slice(0, at).forEach(function (t) { SEATS.forEach(function (s) { gone[t.cards[s]] = true; }); });
      var out = "";
      SEATS.forEach(function (seat) {
        var held = start[seat].filter(function (card) { return !gone[card]; });
        out += '<div class="hand hand-' + seat.toLowerCase() + '"><div class="seat">' + names[seat] + "</div>";
        SUITS.forEach(function (suit) {
          var ranks = held.filter(function (c) { return c.charAt(0) === suit[0]; })
            .sort(function (a, b) { return RANKS.indexOf(a.charAt(1)) - RANKS.indexOf(b.charAt(1)); })
            .map(function (c) { return c.slice(1).replace("T", "10"); }).join("");
          out += '<div class="suit"><span class="' + (suit[2] ? "red" : "ink") + '">' + suit[1] + "</span> " + (ranks || "\u2014") + "</div>";
        });
        out += "</div>";
      });
      if (at > 0) {
        var trick = tricks[at - 1];
        out += '<div class="trick">';
        SEATS.forEach(function (seat) {
          out += '<span style="grid-area:' + seat.toLowerCase() + '"' + (seat === trick.winner ? ' class="won"' : "") + ">" +
            cardHtml(trick.cards[seat]) + "</span>";
        });
        out += "</div>";
      }
      view.innerHTML = out;
      counter.textContent = at ? stepper.getAttribute("data-at").replace("{n}", at) + " / " + tricks.length : "0 / " + tricks.length;
    }
    stepper.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-step]");
      if (!button) { return; }
      var step = button.getAttribute("data-step");
      at = step === "first" ? 0 : step === "last" ? tricks.length : step === "prev" ? Math.max(0, at - 1)
        : Math.min(tricks.length, at + 1);
      draw();
    });
    stepper.hidden = false;
    draw();
  });

  mark();
}());
