/* rules_ext: the 裁决助手 questionnaire (rules_ext/rulebook_site/assistant.py embeds its tree as JSON).
   One question at a time; the outcome with its provisions quoted and linked; the ruling copied as
   text to read out (rules_ext/core/rulings/prose.py), or as a ruling record (TOML,
   rules_ext/pdf/rulings/format.md), and printed as a one-page ruling sheet.
   No server, no network: everything is in the page. */
(function () {
  "use strict";

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") node.textContent = attrs[k];
      else if (k === "className") node.className = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(typeof c === "string" ? document.createTextNode(c) : c); });
    return node;
  }

  /* a TOML basic string (JSON's escapes are TOML's) */
  function tomlString(s) { return JSON.stringify(String(s)); }

  /* the answer of a judgement the director has not yet decided, or of a choice the text gives a
     side that it has not made yet (the core's PENDING): every answer is followed */
  var PENDING = "pending";
  function waits(q) { return q.judgement || Boolean(q.chooser); }

  function Assistant(root, data) {
    this.root = root;
    this.data = data;
    this.answers = [];   /* [{id, key, value, label}] in the order asked */
    this.pending = null; /* the answer chosen on the current question, not yet confirmed */
    this.app = root.querySelector(".law-assistant-app");
    document.documentElement.classList.add("law-assistant-js");
    var tree = root.querySelector(".law-assistant-tree");
    if (tree) {
      var toggle = el("button", {type: "button", className: "law-assistant-tree-toggle", "aria-expanded": "false"}, ["显示全部问题与结果"]);
      toggle.addEventListener("click", function () {
        var shown = root.classList.toggle("law-assistant-show-tree");
        toggle.setAttribute("aria-expanded", shown ? "true" : "false");
        toggle.textContent = shown ? "隐藏全部问题与结果" : "显示全部问题与结果";
      });
      tree.parentNode.insertBefore(el("p", {className: "law-assistant-tree-switch"}, [toggle]), tree);
    }
    this.render();
  }

  Assistant.prototype.cite = function (law) {
    var p = this.data.provisions[law];
    var name = p ? p.citation : law;
    return p && p.url ? el("a", {href: p.url, className: "law-assistant-law"}, [name]) : el("span", {}, [name]);
  };

  Assistant.prototype.laws = function (labels) {
    var self = this, span = el("span", {className: "law-assistant-laws"});
    labels.forEach(function (law, i) {
      if (i) span.appendChild(document.createTextNode("、"));
      span.appendChild(self.cite(law));
    });
    return span;
  };

  Assistant.prototype.quotes = function (cites) {
    var self = this;
    return el("div", {className: "law-assistant-quotes"}, cites.map(function (c) {
      var text = c.quote || "";
      return el("blockquote", {className: "law-assistant-quote"}, [
        el("p", {className: "law-assistant-quote-source"}, [self.cite(c.law)]),
        el("p", {}, ["“" + text + "”"])]);
    }));
  };

  /* the answers given so far, by fact (a question asks the fact named by its id unless it says otherwise) */
  Assistant.prototype.facts = function () {
    var facts = {};
    this.answers.forEach(function (a) { facts[a.fact] = a.value; });
    return facts;
  };

  /* Tree.walk of the core: from node ``id`` with the answers given, to the first question not yet
     answered ({question}), or to an outcome ({outcome, steps}); a judgement answered "pending" (待定)
     is followed into every answer ({open, steps, branches: [{answer, result}]}); an outcome that
     refers the case to another law goes on into that law's tree (``data.referred``) with the same
     answers and those the referral settles ({outcome, steps, referral: {tree, result}}), or stops
     at its first question not yet answered */
  Assistant.prototype.walk = function (id, facts, tree, seen) {
    var steps = [], t = tree || this.data;
    seen = seen || [this.data.kind];
    while (t.questions[id]) {
      var q = t.questions[id], fact = q.fact || q.id;
      if (!(fact in facts)) return {question: q};
      var value = facts[fact];
      if (waits(q) && value === PENDING) {
        steps.push({question: q, pending: true, label: q.chooser ? this.data.words.choice_pending : this.data.words.pending});
        var branches = [];
        for (var i = 0; i < q.answers.length; i++) {
          var sub = this.walk(q.answers[i].next, facts, t, seen);
          if (sub.question) return sub;
          branches.push({answer: q.answers[i], result: sub});
        }
        return {open: q, steps: steps, branches: branches};
      }
      var a = this.chosen(q, value);
      steps.push({question: q, answer: a, label: q.number ? String(value) : a.label});
      id = a.next;
    }
    var o = t.outcomes[id], referred = o.refer_kind && (this.data.referred || {})[o.refer_kind];
    if (!referred || seen.indexOf(o.refer_kind) >= 0) return {outcome: o, steps: steps};
    var settled = Object.assign({}, facts);
    (o.refer_facts || []).forEach(function (pair) { settled[pair[0]] = pair[1]; });
    var result = this.walk(referred.start, settled, referred, seen.concat([o.refer_kind]));
    if (result.question) return result;
    return {outcome: o, steps: steps, referral: {tree: referred, result: result}};
  };

  Assistant.prototype.current = function () { return this.walk(this.data.start, this.facts()); };

  /* the provisions a result rests on (Ruling.laws of the core): the answers' decisive provisions,
     the outcome's, its options' and restrictions', every case's; in the rulebook's order */
  Assistant.prototype.resultLaws = function (r) {
    var self = this, named = [];
    r.steps.forEach(function (s) { named = named.concat(s.pending ? s.question.cites.map(function (c) { return c.law; }) : s.answer.laws || []); });
    if (r.outcome) {
      var o = r.outcome;
      named = named.concat(o.cites.map(function (c) { return c.law; }));
      o.options.forEach(function (x) { named = named.concat(x.laws); });
      [o.lead_restriction, o.penalty_card].forEach(function (x) { if (x) named = named.concat(x.laws); });
    } else {
      r.branches.forEach(function (b) { named = named.concat(self.resultLaws(b.result)); });
    }
    if (r.referral) named = named.concat(self.resultLaws(r.referral.result));
    named = named.filter(function (law, i) { return named.indexOf(law) === i; });
    var order = function (law) { var p = self.data.provisions[law]; return p ? p.order : 0; };
    return named.sort(function (x, y) { return order(x) - order(y); });
  };

  /* whether an adjusted score may follow: the outcome's, or of an undecided judgement "may" unless
     every case agrees (the core's combine) */
  Assistant.prototype.adjusted = function (r) {
    if (r.referral) return this.adjusted(r.referral.result);
    if (r.outcome) return r.outcome.adjusted_score;
    var self = this, all = r.branches.map(function (b) { return self.adjusted(b.result); });
    return all.every(function (x) { return x === all[0]; }) ? all[0] : "may";
  };

  /* a result's fields as the core's JSON gives them (Ruling.to_dict): each settled value, or
     "pending" where the cases of a judgement or the options of a choice differ; a referral's the
     referred law's, the final answer (the browser test compares them, case by case) */
  Assistant.prototype.fields = function (r) {
    var self = this, f = r;
    while (f.referral) f = f.referral.result;
    var out = {laws: this.resultLaws(r), adjusted_score: this.adjusted(r), refer: r.outcome ? r.outcome.refer_kind || "" : ""};
    var names = ["offender_must_pass", "partner_must_pass", "lead_restriction", "penalty_card", "tricks_transferred"];
    function own(o) {
      return {offender_must_pass: o.offender_must_pass, partner_must_pass: o.partner_must_pass,
              lead_restriction: o.lead_restriction ? o.lead_restriction.laws.slice().sort() : [],
              penalty_card: o.penalty_card ? o.penalty_card.kind : "", tricks_transferred: o.tricks_transferred,
              options: o.options.map(function (x) { return x.by + ":" + x.laws.slice().sort().join(","); })};
    }
    if (f.outcome) return Object.assign(out, own(f.outcome));
    var cases = f.branches.map(function (b) { return self.fields(b.result); });
    names.forEach(function (n) {
      var all = cases.map(function (c) { return JSON.stringify(c[n]); });
      out[n] = all.every(function (x) { return x === all[0]; }) ? cases[0][n] : PENDING;
    });
    /* the options every case offers (the core's combine) */
    out.options = cases[0].options.filter(function (x) { return cases.every(function (c) { return c.options.indexOf(x) >= 0; }); });
    return out;
  };

  Assistant.prototype.chosen = function (q, value) {
    if (waits(q) && value === PENDING) return {key: PENDING, label: q.chooser ? this.data.words.choice_pending : this.data.words.pending, next: "", laws: []};
    if (!q.number) {
      for (var i = 0; i < q.answers.length; i++) if (q.answers[i].key === value) return q.answers[i];
      return null;
    }
    var n = Number(value);
    if (value === "" || !Number.isInteger(n) || n < q.minimum || n > q.maximum) return null;
    for (var j = 0; j < q.answers.length; j++) if (n <= parseInt(q.answers[j].key.replace(/^\.+/, ""), 10)) return q.answers[j];
    return null;
  };

  Assistant.prototype.answer = function () {
    var node = this.current();
    if (!node.question || this.pending === null) return;   /* nothing chosen: no step forward */
    var q = node.question, a = this.chosen(q, this.pending);
    if (!a) return;
    this.answers.push({id: q.id, fact: q.fact || q.id, value: q.number ? Number(this.pending) : a.key,
                       label: q.number ? String(Number(this.pending)) : a.label, question: q.text, laws: q.cites.map(function (c) { return c.law; }),
                       chooser: q.chooser || "", decisive: a.laws || [], options: q.answers.map(function (x) { return x.label; })});
    this.pending = null;
    this.render(true);
  };

  Assistant.prototype.back = function () {
    if (!this.answers.length) return;
    var last = this.answers.pop();
    this.pending = String(last.value);
    this.render(true);
  };

  Assistant.prototype.restart = function () {
    this.answers = [];
    this.pending = null;
    this.render(true);
  };

  Assistant.prototype.questionView = function (q) {
    var self = this, number = this.answers.length + 1;
    var next = el("button", {type: "submit", className: "law-assistant-next"}, ["下一步"]);
    var status = el("p", {className: "law-assistant-status", role: "status"});
    function update() {
      var ok = self.pending !== null && self.chosen(q, self.pending) !== null;
      next.disabled = !ok;
      next.setAttribute("aria-disabled", ok ? "false" : "true");
      status.textContent = ok ? "" : (q.number ? "请输入 " + q.minimum + " 至 " + q.maximum + " 的整数。" : "请选择一个答案。");
    }
    var form = el("form", {className: "law-assistant-question", "data-question": q.id});
    var fieldset = el("fieldset");
    var legend = el("legend", {className: "law-assistant-legend", tabindex: "-1"}, [
      el("span", {className: "law-assistant-number"}, ["第" + number + "题"]), " ", q.text]);
    fieldset.appendChild(legend);
    if (q.judgement) fieldset.appendChild(el("p", {className: "law-assistant-judgement"}, ["裁判长判断"]));
    if (q.chooser) fieldset.appendChild(el("p", {className: "law-assistant-chooser"}, ["由" + q.chooser + "选择（助手不代为决定）"]));
    if (q.help) fieldset.appendChild(el("p", {className: "law-assistant-help"}, [q.help]));
    if (q.number) {
      var input = el("input", {type: "number", inputmode: "numeric", min: String(q.minimum), max: String(q.maximum),
                               step: "1", className: "law-assistant-input", "aria-label": q.text});
      if (this.pending !== null) input.value = this.pending;
      input.addEventListener("input", function () { self.pending = input.value; update(); });
      fieldset.appendChild(el("label", {className: "law-assistant-answer"}, [input, " （" + q.minimum + "–" + q.maximum + "）"]));
    } else {
      q.answers.forEach(function (a) {
        var radio = el("input", {type: "radio", name: "law-assistant-" + q.id, value: a.key});
        if (self.pending === a.key) radio.checked = true;
        radio.addEventListener("change", function () { self.pending = a.key; update(); });
        fieldset.appendChild(el("label", {className: "law-assistant-answer", "data-answer": a.key}, [radio, el("span", {}, [a.label])]));
      });
      if (waits(q)) {   /* the last answer of every judgement and choice: not yet decided, or not yet chosen */
        var wait = el("input", {type: "radio", name: "law-assistant-" + q.id, value: PENDING});
        if (self.pending === PENDING) wait.checked = true;
        wait.addEventListener("change", function () { self.pending = PENDING; update(); });
        fieldset.appendChild(el("label", {className: "law-assistant-answer law-assistant-pending", "data-answer": PENDING},
                                [wait, el("span", {}, [q.chooser ? self.data.words.choice_pending : self.data.words.pending])]));
      }
    }
    form.appendChild(fieldset);
    form.appendChild(status);
    form.appendChild(el("div", {className: "law-assistant-buttons"}, [next]));
    if (q.cites.length) {
      form.appendChild(el("p", {className: "law-assistant-basis"}, ["依据：", this.laws(q.cites.map(function (c) { return c.law; }))]));
      form.appendChild(this.quotes(q.cites));
    }
    form.addEventListener("submit", function (e) { e.preventDefault(); self.answer(); });
    update();
    return form;
  };

  /* the ruling of a result: an outcome, or an undecided judgement with each of its cases */
  Assistant.prototype.resultView = function (r, depth) {
    if (r.outcome) return this.outcomeView(r.outcome, r, depth);
    var self = this, w = this.data.words;
    var by = r.open.chooser;
    var box = el("section", {className: "law-assistant-outcome-view law-assistant-open", "data-outcome": r.open.id + ":" + PENDING}, [
      el(depth ? "h3" : "h2", {className: depth ? "" : "law-assistant-result-title", tabindex: "-1"}, [depth ? (by ? "待" + by + "选择" : "待定") : "裁定"]),
      el("p", {className: "law-assistant-summary"}, [by ? "尚待" + by + "选择：" + r.open.text + "各选项的裁定如下。"
                                                        : "尚待裁判长判定：" + r.open.text + "裁定视其判定而定。"]),
      el("dl", {className: "law-assistant-fields"}, [
        el("div", {className: "law-assistant-field", "data-field": "laws"}, [el("dt", {}, ["适用条文"]), el("dd", {}, [this.laws(this.resultLaws(r))])]),
        el("div", {className: "law-assistant-field", "data-field": "adjusted_score"}, [el("dt", {}, ["调整分"]), el("dd", {}, [w.adjusted[this.adjusted(r)]])])])]);
    box.appendChild(this.quotes(r.open.cites));
    r.branches.forEach(function (b) {
      var part = el("section", {className: "law-assistant-branch", "data-answer": b.answer.key},
                    [el("h3", {}, [by ? "若" + by + "选择“" + b.answer.label + "”：" : "若" + b.answer.label + "："])]);
      part.appendChild(self.resultView(b.result, (depth || 0) + 1));
      box.appendChild(part);
    });
    return box;
  };

  Assistant.prototype.outcomeView = function (o, r, depth) {
    var self = this, w = this.data.words, rows = [];
    function row(name, value, key) {
      rows.push(el("div", {className: "law-assistant-field", "data-field": key}, [el("dt", {}, [name]), el("dd", {}, value)]));
    }
    row("适用条文", [this.laws(this.resultLaws(r))], "laws");
    if (o.options.length) {
      row("可供选择", [el("ul", {}, o.options.map(function (x) {
        return el("li", {}, [x.by + "：" + x.choice].concat(x.laws.length ? [" （", self.laws(x.laws), "）"] : []));
      }))], "options");
    }
    if (o.refer) {
      row("转至", ["见第" + o.refer_law + "条（" + o.refer + "）"], "refer");   /* o.refer: the kind's name */
    } else {
      row("违规者", [w.pass[o.offender_must_pass]], "offender_must_pass");
      row("违规者的同伴", [w.pass[o.partner_must_pass]], "partner_must_pass");
    }
    row("引牌限制", o.lead_restriction ? [o.lead_restriction.text, " （", this.laws(o.lead_restriction.laws), "）"] : ["无"], "lead_restriction");
    row("罚张", o.penalty_card ? [w.penalty[o.penalty_card.kind] + "：" + o.penalty_card.text, " （", this.laws(o.penalty_card.laws), "）"] : ["无"], "penalty_card");
    row("移墩", [o.tricks_transferred ? o.tricks_transferred + "墩" : "无"], "tricks_transferred");
    if (!o.refer) row("调整分", [w.adjusted[o.adjusted_score]], "adjusted_score");
    var box = el("section", {className: "law-assistant-outcome-view", "data-outcome": o.id}, [
      depth ? null : el("h2", {className: "law-assistant-result-title", tabindex: "-1"}, ["裁定"]),
      el("p", {className: "law-assistant-summary"}, [o.summary]),
      el("dl", {className: "law-assistant-fields"}, rows)]);
    if (o.notes.length) box.appendChild(el("ul", {className: "law-assistant-notes"}, o.notes.map(function (n) { return el("li", {}, ["注：" + n]); })));
    box.appendChild(el(depth ? "h4" : "h3", {}, ["条文"]));
    box.appendChild(this.quotes(o.cites));
    if (r.referral) {   /* the referred law's ruling on the same facts */
      var part = el("section", {className: "law-assistant-referral", "data-refer": o.refer_kind},
                    [el(depth ? "h4" : "h3", {}, [this.data.prose.referral.replace("{law}", o.refer_law).replace("{title}", o.refer)])]);
      part.appendChild(this.resultView(r.referral.result, (depth || 0) + 1));
      box.appendChild(part);
    }
    return box;
  };

  Assistant.prototype.stepsView = function () {
    var self = this;
    if (!this.answers.length) return null;
    return el("section", {className: "law-assistant-steps"}, [
      el("h3", {}, ["经过"]),
      el("ol", {}, this.answers.map(function (s) {
        return el("li", {}, [s.question + " —— ", el("strong", {}, [s.label])].concat(s.laws.length ? [" （", self.laws(s.laws), "）"] : []));
      }))]);
  };

  /* the ruling's lines of a record (the CLI's record_text): the outcome, or each case */
  Assistant.prototype.recordText = function (r) {
    var self = this, w = this.data.words, text = [];
    if (!r.outcome) {
      text.push(r.open.chooser ? "尚待" + r.open.chooser + "选择：" + r.open.text + "各选项的裁定如下。"
                               : "尚待裁判长判定：" + r.open.text + "裁定视其判定而定。");
      text.push("调整分：" + w.adjusted[this.adjusted(r)] + "。");
      r.branches.forEach(function (b) { text.push("若" + b.answer.label + "：" + self.recordText(b.result).join("")); });
      return text;
    }
    var o = r.outcome;
    text = [o.summary].concat(o.options.map(function (x) { return x.by + "：" + x.choice + "。"; }));
    if (o.offender_must_pass !== "no") text.push("违规者" + w.pass[o.offender_must_pass] + "。");
    if (o.partner_must_pass !== "no") text.push("违规者的同伴" + w.pass[o.partner_must_pass] + "。");
    if (o.lead_restriction) text.push("引牌限制：" + o.lead_restriction.text);
    if (o.penalty_card) text.push("罚张：" + o.penalty_card.text);
    if (o.tricks_transferred) text.push("移墩：" + o.tricks_transferred + "墩。");
    if (!o.refer) text.push("调整分：" + w.adjusted[o.adjusted_score] + "。");
    if (r.referral) {
      text.push(this.data.prose.referral.replace("{law}", o.refer_law).replace("{title}", o.refer));
      text = text.concat(this.recordText(r.referral.result));
    }
    return text;
  };

  /* the judgements a result leaves open, each once (a choice not yet made is the record's choices) */
  Assistant.prototype.open = function (r, found) {
    var self = this;
    found = found || [];
    if (r.open) {
      if (!r.open.chooser && found.indexOf(r.open) < 0) found.push(r.open);
      r.branches.forEach(function (b) { self.open(b.result, found); });
    }
    return found;
  };

  /* the choices the text gives a side, as the record writes them (the CLI's choice_words): the
     option chosen with its provisions, or, not yet made, the question and its options to tick */
  Assistant.prototype.choices = function () {
    var d = this.data;
    function cites(labels) {
      return labels.length ? "（" + labels.map(function (law) { return (d.provisions[law] || {}).citation || law; }).join("、") + "）" : "";
    }
    return this.answers.filter(function (a) { return a.chooser; }).map(function (a) {
      if (a.value === PENDING) {
        return a.chooser + "尚未选择：" + a.question + cites(a.laws) + a.options.map(function (o) { return "□ " + o; }).join(" ");
      }
      return a.chooser + "选择：" + a.label + cites(a.decisive.length ? a.decisive : a.laws);
    });
  };

  /* the result at the table and the auction as the record writes them (the core's spelling: 4S,
     3NTX, Pass, X), read from what a director types (4♠, 3无将加倍, 不叫, 加倍 too); null: unreadable */
  /* One grammar with the core (rules_ext.core: Call.parse, Contract.parse, Deal.from_pbn), held to the
     shared table of spellings tests/grammar/spellings.toml by the browser test: outline suits, Chinese
     words, lower case, PBN's "-" hand; null: refused (as the core refuses it) */
  var STRAINS = {"NT": "NT", "N": "NT", "无将": "NT", "S": "S", "♠": "S", "♤": "S", "H": "H", "♥": "H", "♡": "H",
                 "D": "D", "♦": "D", "♢": "D", "C": "C", "♣": "C", "♧": "C"};
  var STRAIN = "NT|N|S|H|D|C|♠|♤|♥|♡|♦|♢|♣|♧|无将";
  var DOUBLINGS = {"": "", "X": "X", "XX": "XX", "*": "X", "**": "XX", "加倍": "X", "再加倍": "XX"};
  var PASSES = ["PASS", "P", "AP", "PASSED OUT", "不叫", "-"];
  function contractOf(text) {
    var t = text.trim().toUpperCase();
    if (PASSES.indexOf(t) >= 0) return "Pass";
    var m = new RegExp("^([1-7])\\s*(" + STRAIN + ")\\s*(XX|X|\\*\\*|\\*|再加倍|加倍)?$").exec(t);
    return m ? m[1] + STRAINS[m[2]] + DOUBLINGS[m[3] || ""] : null;
  }
  var CALL_WORDS = {"PASS": "Pass", "P": "Pass", "不叫": "Pass", "-": "Pass", "X": "X", "D": "X", "DBL": "X",
                    "DOUBLE": "X", "加倍": "X", "XX": "XX", "R": "XX", "RDBL": "XX", "REDOUBLE": "XX", "再加倍": "XX"};
  var BID = new RegExp("^([1-9])(" + STRAIN + ")$");
  function callOf(word) {
    var alert = /[*!]$/.test(word) ? "*" : "", w = word.replace(/[*!]$/, "").trim().toUpperCase();
    if (w === "AP") return alert ? null : "AP";   /* all pass: the record's last call */
    if (CALL_WORDS[w]) return CALL_WORDS[w] + alert;
    var bid = BID.exec(w);
    return bid ? bid[1] + STRAINS[bid[2]] + alert : null;
  }
  function auctionOf(text) {
    var calls = text.trim().split(/[\s,，、]+/).filter(Boolean).map(callOf);
    return calls.indexOf(null) < 0 ? calls : null;
  }
  /* a PBN deal, North's hand first (as the core writes it); null: not four hands of 13 cards (a hand
     may be "-"), or a card twice */
  function dealOf(text) {
    var m = /^([NESW]):\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$/.exec(text.trim().toUpperCase());
    if (!m) return null;
    var hands = m.slice(2, 6), seen = {};
    var ok = hands.every(function (h) {
      if (h === "-") return true;
      if (!/^[AKQJT2-9]*(\.[AKQJT2-9]*){3}$/.test(h) || h.replace(/\./g, "").length !== 13) return false;
      return h.split(".").every(function (suit, i) {
        return suit.split("").every(function (rank) { var card = i + rank; if (seen[card]) return false; seen[card] = true; return true; });
      });
    });
    if (!ok) return null;
    var first = "NESW".indexOf(m[1]);
    return "N:" + [0, 1, 2, 3].map(function (i) { return hands[(i - first + 4) % 4]; }).join(" ");
  }
  window.lawAssistantGrammar = {call: callOf, contract: contractOf, deal: dealOf};

  /* The ruling record, in the one shape `rule --record` writes too (the page's data names its fields,
     core.rulings.RECORD_FIELDS and RECORD_RESULT_FIELDS): each field the inputs give, in that order */
  Assistant.prototype.record = function (r, inputs) {
    var d = this.data, edition = d.source_edition, values = {}, result = {};
    values.event = tomlString(inputs.event);
    values.board = String(inputs.board);
    ["table", "director", "called_by", "deal"].forEach(function (k) { if (inputs[k]) values[k] = tomlString(inputs[k]); });
    if (inputs.auction && inputs.auction.length) values.auction = "[" + inputs.auction.map(tomlString).join(", ") + "]";
    var facts = this.answers.map(function (s, i) { return (i + 1) + ". " + s.question + s.label + "。"; });
    values.facts = tomlString(facts.join("\n"));
    values.laws = "[" + this.resultLaws(r).map(function (law) { return tomlString(edition + ":" + law); }).join(", ") + "]";
    var choices = this.choices();
    if (choices.length) values.choices = "[" + choices.map(tomlString).join(", ") + "]";
    var open = this.open(r);
    if (open.length) {
      values.pending = "[" + open.map(function (q) {
        var cites = q.cites.map(function (c) { return (d.provisions[c.law] || {}).citation || c.law; }).join("、");
        return tomlString(q.text + "（" + cites + "）" + q.answers.map(function (a) { return "□ " + a.label; }).join(" "));
      }).join(", ") + "]";
    }
    var text = this.recordText(r);
    if (d.reference_edition) text.push("本裁定按" + d.source_name + "作参考（" + d.edition_name + "文本未收录此条）。");
    if (r.outcome) text = text.concat(r.outcome.notes);
    values.ruling = tomlString(text.join("\n"));
    values.adjusted_score = tomlString(this.adjusted(r));
    if (inputs.contract) {   /* the result at the table: its contract, then who declared it and the tricks */
      result.contract = tomlString(inputs.contract);
      if (inputs.declarer) result.declarer = tomlString(inputs.declarer);
      if (inputs.tricks !== "" && inputs.tricks !== undefined) result.tricks = String(inputs.tricks);
    }
    var lines = ["# 裁决助手生成的裁决记录（" + d.title + "，" + d.edition_name + "）"];
    d.record_fields.forEach(function (k) { if (k in values) lines.push(k + " = " + values[k]); });
    var shown = d.record_result_fields.filter(function (k) { return k in result; });
    if (shown.length) lines = lines.concat(["", "[result]"], shown.map(function (k) { return k + " = " + result[k]; }));
    return lines.join("\n") + "\n";
  };

  /* the ruling as text, as rules_ext/core/rulings/prose.py tells it (ruling_prose, result_lines):
     the head and each result's text come from the page's data (written by that renderer, keyed as
     rules_ext/rulebook_site/assistant.py's result_key); only the answers of the walk are filled into its
     facts template here, and the cases of a judgement not yet decided put in turn */
  Assistant.prototype.prose = function (r) {
    var self = this, p = this.data.prose;
    function fill(template, values) {
      return template.replace(/\{(\w+)\}/g, function (m, key) { return key in values ? String(values[key]) : m; });
    }
    function steps(list, first, indent) {
      return list.map(function (s, i) {
        var cites = s.question.cites.map(function (c) {
          var q = self.data.provisions[c.law];
          return q ? q.citation : c.law;
        });
        var laws = cites.length ? fill(p.laws, {laws: cites.join(p.separator)}) : "";
        return indent + fill(p.step, {n: first + i, question: s.question.text, answer: s.label, laws: laws});
      });
    }
    function key(r) {
      return r.outcome ? r.outcome.id : r.open.id + ":" + PENDING + "(" + r.branches.map(function (b) { return key(b.result); }).join(",") + ")";
    }
    /* the provisions an outcome names (Outcome.applied), or of an undecided one those its question
       and its cases cite (the core's combine) */
    function cited(r) {
      var named = [];
      if (r.outcome) {
        var o = r.outcome;
        named = o.cites.map(function (c) { return c.law; });
        o.options.forEach(function (x) { named = named.concat(x.laws); });
        [o.lead_restriction, o.penalty_card].forEach(function (x) { if (x) named = named.concat(x.laws); });
      } else {
        named = r.open.cites.map(function (c) { return c.law; });
        r.branches.forEach(function (b) { named = named.concat(cited(b.result)); });
      }
      return named.filter(function (law, i) { return named.indexOf(law) === i; });
    }
    /* a result's lines with its provisions cited, not quoted (prose: a case of an undecided judgement
       or choice quotes nothing of its own, the whole ruling does) */
    function citeOnly(lines, r) {
      var at = lines.indexOf(p.basis);
      if (at < 0) return lines;
      var end = at + 1;
      while (end < lines.length && lines[end].indexOf(p.indent) === 0) end++;
      var names = cited(r).map(function (law) { var q = self.data.provisions[law]; return q ? q.citation : law; });
      return lines.slice(0, at).concat([p.basis + names.join(p.separator)], lines.slice(end));
    }
    function result(r, textKey, first, indent, texts, quoted) {
      texts = texts || p;
      var own = texts.outcomes[keyHash(textKey)].map(function (i) { return texts.lines[i]; });
      if (quoted === false) own = citeOnly(own, r);
      var lines = own.map(function (line) { return indent + line; }), later = first + r.steps.length;
      if (r.referral) {   /* the referred law's ruling, its facts numbered on (prose.referral_lines) */
        lines.push(indent + fill(p.referral, {law: r.outcome.refer_law, title: r.outcome.refer}));
        lines = lines.concat(steps(r.referral.result.steps, later, indent + p.indent),
                             result(r.referral.result, key(r.referral.result), later, indent + p.indent, r.referral.tree.prose,
                                    quoted !== false));
      }
      (r.branches || []).forEach(function (b) {
        lines.push(indent + (r.open.chooser ? fill(p.choice_branch, {by: r.open.chooser, label: b.answer.label})
                                            : fill(p.branch, {label: b.answer.label})));
        lines = lines.concat(steps(b.result.steps, later, indent + p.indent),
                             result(b.result, textKey + ">" + key(b.result), later, indent + p.indent, texts, false));
      });
      return lines;
    }
    var lines = [p.head];
    if (r.steps.length) lines.push(p.facts);
    return lines.concat(steps(r.steps, 1, ""), result(r, key(r), 1, "", p, true)).join("\n");
  };

  /* the record as a file the browser downloads */
  function save(text, name) {
    if (typeof Blob === "undefined" || !window.URL || !URL.createObjectURL) return;
    var a = el("a", {href: URL.createObjectURL(new Blob([text], {type: "text/plain;charset=utf-8"})), download: name});
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
  }

  /* a result's key as the page stores it (rules_ext/rulebook_site/assistant.py key_hash): two 32-bit
     FNV-1a hashes of its UTF-16 code units, in hex */
  function keyHash(key) {
    return [0x811C9DC5, 0x01000193].map(function (seed) {
      var h = seed >>> 0;
      for (var i = 0; i < key.length; i++) { h ^= key.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
      return ("0000000" + h.toString(16)).slice(-8);
    }).join("");
  }

  /* text to the clipboard (or selected in ``output`` for the reader to copy) */
  function copyOut(text, output, status, done) {
    output.value = text;
    output.hidden = false;
    function fallback() {
      output.focus();
      output.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (err) { ok = false; }
      status.textContent = ok ? done : "请手动复制下面的文字。";
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { status.textContent = done; }, fallback);
    } else {
      fallback();
    }
  }

  Assistant.prototype.recordView = function (r) {
    var self = this;
    /* [name, label, input type (a seat: a choice of 北 东 南 西), required] */
    var fields = [["event", "赛事名称", "text", true], ["board", "牌号", "number", true],
                  ["table", "桌号", "text", false], ["director", "裁判长", "text", false],
                  ["called_by", "召请方", "seat", false],
                  ["auction", "叫牌过程（从发牌人起，含违规的叫品，以空格分开）", "text", false],
                  ["deal", "牌张分布（从北家起，四家各13张，花色以点分开）", "text", false],
                  ["contract", "桌上定约（如 4♠、3无将加倍）", "text", false], ["declarer", "庄家", "seat", false],
                  ["tricks", "庄家赢墩数", "tricks", false]];
    this.inputs = this.inputs || {};
    var form = el("form", {className: "law-assistant-record"}, [el("h3", {}, ["复制裁决"])]);
    var grid = el("div", {className: "law-assistant-record-fields"});
    fields.forEach(function (f) {
      var input;
      if (f[2] === "seat") {
        input = el("select", {name: f[0], className: "law-assistant-input"},
                   [["", "—"], ["N", "北"], ["E", "东"], ["S", "南"], ["W", "西"]].map(function (s) { return el("option", {value: s[0]}, [s[1]]); }));
      } else {
        input = el("input", {type: f[2] === "text" ? "text" : "number", name: f[0], className: "law-assistant-input"});
      }
      if (f[2] === "number") { input.min = "1"; input.step = "1"; input.setAttribute("inputmode", "numeric"); }
      if (f[2] === "tricks") { input.min = "0"; input.max = "13"; input.step = "1"; input.setAttribute("inputmode", "numeric"); }
      if (self.inputs[f[0]]) input.value = self.inputs[f[0]];
      input.addEventListener(f[2] === "seat" ? "change" : "input", function () { self.inputs[f[0]] = input.value; self.sheetHead(); });
      grid.appendChild(el("label", {}, [el("span", {}, [f[1] + (f[3] ? "（必填）" : "")]), input]));
    });
    form.appendChild(grid);
    var status = el("p", {className: "law-assistant-status", role: "status"});
    var output = el("textarea", {className: "law-assistant-toml", readonly: "readonly", rows: "8", "aria-label": "复制的内容"});
    output.hidden = true;
    var copyText = el("button", {type: "button", className: "law-assistant-copy-text"}, ["复制裁决（文字）"]);
    var copy = el("button", {type: "submit", className: "law-assistant-copy"}, ["保存裁决记录"]);
    var print = el("button", {type: "button", className: "law-assistant-print"}, ["打印裁决表"]);
    copyText.addEventListener("click", function () { copyOut(self.prose(r), output, status, "已复制裁决（文字）。"); });
    form.insertBefore(el("div", {className: "law-assistant-buttons"}, [copyText]), grid);
    form.insertBefore(el("p", {className: "law-assistant-help"}, ["保存裁决记录需填写赛事名称和牌号："]), grid);
    form.appendChild(el("div", {className: "law-assistant-buttons"}, [copy, print]));
    form.appendChild(status);
    form.appendChild(output);
    /* for those who run the tools: the record's format and the command that prints its form */
    form.appendChild(el("details", {className: "law-assistant-tools"}, [
      el("summary", {}, ["供使用工具的人参考"]),
      el("p", {}, ["保存的裁决记录是 TOML 文本（牌张分布按 PBN 写法），可存为 .toml 文件，用 python -m rules_ext ruling 记录.toml -o 裁决表.pdf 打印裁决表。"])]));
    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var board = Number(self.inputs.board);
      if (!(self.inputs.event || "").trim() || !Number.isInteger(board) || board < 1) {
        status.textContent = "请先填写赛事名称和牌号（正整数）。";
        return;
      }
      var given = function (k) { return (self.inputs[k] || "").trim(); };
      var auction = given("auction") ? auctionOf(given("auction")) : [];
      var deal = given("deal") ? dealOf(given("deal")) : "";
      var contract = given("contract") ? contractOf(given("contract")) : "";
      var tricks = given("tricks") === "" ? "" : Number(given("tricks"));
      var wrong = auction === null ? "叫牌过程有无法识别的叫品（可写 1♠、1S、不叫、加倍、再加倍）。"
        : deal === null ? "牌张分布无法识别：如 N: 开头，四家各13张，花色以点分开。"
        : contract === null ? "桌上定约无法识别（可写 4♠、4S、3无将、3无将加倍）。"
        : tricks !== "" && !(Number.isInteger(tricks) && tricks >= 0 && tricks <= 13) ? "庄家赢墩数须为0到13的整数。"
        : (given("declarer") || tricks !== "") && !contract ? "填写庄家或赢墩数时，请同时填写桌上定约。" : "";
      if (wrong) {
        status.textContent = wrong;
        return;
      }
      var text = self.record(r, {event: given("event"), board: board, table: given("table"), director: given("director"),
                                 called_by: given("called_by"), auction: auction, deal: deal, contract: contract,
                                 declarer: given("declarer"), tricks: tricks});
      copyOut(text, output, status, "已保存裁决记录（已复制，也已下载）。");
      save(text, "裁决记录-" + board + ".toml");
    });
    print.addEventListener("click", function () { window.print(); });
    return form;
  };

  /* the printed sheet's head: the kind, the edition and the record's inputs */
  Assistant.prototype.sheetHead = function () {
    var head = this.app.querySelector(".law-assistant-sheet-head");
    if (!head) return;
    var d = this.data, i = this.inputs || {}, parts = [];
    [["赛事", i.event], ["牌号", i.board], ["桌号", i.table], ["裁判长", i.director]].forEach(function (p) {
      parts.push(p[0] + "：" + ((p[1] || "").trim() || "＿＿＿＿"));
    });
    head.textContent = "裁决表 · " + d.title + " · " + d.edition_name + (d.reference_edition ? "（按" + d.source_name + "，仅供参考）" : "") + " · " + parts.join("　");
  };

  Assistant.prototype.render = function (focus) {
    var self = this, node = this.current(), app = this.app;
    app.textContent = "";
    // a reference page says so above the questionnaire (the page) and on the printed sheet's head
    var sheet = el("div", {className: "law-assistant-sheet"});
    sheet.appendChild(el("p", {className: "law-assistant-sheet-head"}));
    if (node.question) {
      document.documentElement.classList.remove("law-assistant-has-outcome");
      app.appendChild(this.questionView(node.question));
    } else {
      document.documentElement.classList.add("law-assistant-has-outcome");
      sheet.appendChild(this.resultView(node, 0));
    }
    var steps = this.stepsView();
    if (steps) sheet.appendChild(steps);
    if (!node.question) sheet.appendChild(el("p", {className: "law-assistant-signature"}, ["裁判长签名：＿＿＿＿＿＿＿＿　　时间：＿＿＿＿＿＿"]));
    app.appendChild(sheet);
    var controls = el("div", {className: "law-assistant-buttons law-assistant-controls"});
    var back = el("button", {type: "button", className: "law-assistant-back"}, ["上一步"]);
    back.disabled = !this.answers.length;
    back.addEventListener("click", function () { self.back(); });
    var restart = el("button", {type: "button", className: "law-assistant-restart"}, ["重新开始"]);
    restart.disabled = !this.answers.length;
    restart.addEventListener("click", function () { self.restart(); });
    controls.appendChild(back);
    controls.appendChild(restart);
    app.appendChild(controls);
    if (!node.question) app.appendChild(this.recordView(node));
    this.sheetHead();
    if (focus) {
      var target = app.querySelector(".law-assistant-legend, .law-assistant-result-title");
      if (target) {
        /* the question (or the ruling) at the top of the window, below the sticky header */
        target.scrollIntoView({block: "start", behavior: "instant"});
        target.focus({preventScroll: true});
      }
    }
  };

  function start() {
    document.querySelectorAll(".law-assistant").forEach(function (root) {
      var script = root.querySelector("script.law-assistant-data");
      if (!script || !root.querySelector(".law-assistant-app")) return;
      root.lawAssistant = new Assistant(root, JSON.parse(script.textContent));
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
