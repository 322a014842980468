// rules_ext: the 简体/繁體 switch keeps the reader's place (the #anchor of the provision)
(function () {
  "use strict";
  function keepAnchor() {
    document.querySelectorAll(".rules-script-switch a, link[rel=alternate][hreflang]").forEach(function (a) {
      var url = new URL(a.getAttribute("href"), document.baseURI);
      url.hash = window.location.hash;
      a.href = url.href;
    });
  }
  document.addEventListener("DOMContentLoaded", keepAnchor);
  window.addEventListener("hashchange", keepAnchor);
})();
