// rules_ext: the 简体/繁體 switch keeps the reader's place: the #anchor of the provision, and the
// query of a search. Pages made from templates (search, indices) get the switch from their
// <link rel="alternate" hreflang> (rules_ext.rulebook_site.hant).
(function () {
  "use strict";
  // each name in its own script, escaped so that the 繁體 build's conversion leaves 简体 as it is
  var NAMES = { "zh-Hant": "\u7e41\u9ad4", "zh-Hans": "\u7b80\u4f53" };

  function addMissingSwitch() {
    if (document.querySelector(".rules-script-switch")) return;
    var alternate = document.querySelector("link[rel=alternate][hreflang]");
    var article = document.querySelector("article[role=main], article, .body");
    if (!alternate || !article) return;
    var lang = alternate.getAttribute("hreflang");
    var p = document.createElement("p");
    p.className = "rules-script-switch";
    var a = document.createElement("a");
    a.setAttribute("href", alternate.getAttribute("href"));
    a.setAttribute("lang", lang);
    a.setAttribute("hreflang", lang);
    a.textContent = NAMES[lang] || lang;
    p.appendChild(a);
    article.insertBefore(p, article.firstChild);
  }

  function keepPlace() {
    document.querySelectorAll(".rules-script-switch a, link[rel=alternate][hreflang]").forEach(function (a) {
      var url = new URL(a.getAttribute("href"), document.baseURI);
      url.search = window.location.search;
      url.hash = window.location.hash;
      a.href = url.href;
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    addMissingSwitch();
    keepPlace();
  });
  window.addEventListener("hashchange", keepPlace);
})();
