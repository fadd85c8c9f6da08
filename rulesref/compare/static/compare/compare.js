// Translator workbench: pointing at a glossary term outlines the same term in every
// column. Progressive: the pages work without it. No inline handlers (CSP).
(function () {
  "use strict";
  function toggle(event, on) {
    var mark = event.target.closest && event.target.closest("mark.term[data-term]");
    if (!mark) return;
    var key = mark.getAttribute("data-term");
    document.querySelectorAll("mark.term").forEach(function (other) {
      if (other.getAttribute("data-term") === key) other.classList.toggle("active", on);
    });
  }
  document.addEventListener("mouseover", function (event) { toggle(event, true); });
  document.addEventListener("mouseout", function (event) { toggle(event, false); });
  document.addEventListener("focusin", function (event) { toggle(event, true); });
  document.addEventListener("focusout", function (event) { toggle(event, false); });
})();
