/* rulesref: small progressive enhancements. Every page works without this file. */
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function ready(fn) {
    if (document.readyState !== "loading") fn();
    else document.addEventListener("DOMContentLoaded", fn);
  }

  // A link shared as "<edition>/#r208.2a" (the old one-page edition) lands on the rule's own page.
  function forwardRuleFragment() {
    var toc = document.querySelector(".toc[data-rule-base]");
    var match = /^#r(\d+(?:\.\d+[a-z]{0,2})*)(?:-\d+)?$/.exec(window.location.hash);
    if (!toc || !match) return;
    window.location.replace(toc.getAttribute("data-rule-base") + match[1] + "/");
  }

  // The interface-language switch submits as soon as a language is chosen.
  function autosubmit() {
    document.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
      select.addEventListener("change", function () { select.form.submit(); });
    });
  }

  // Tooltips: a cited rule's text (data-preview) or a glossary term's entry (#term-…).
  var tip = null;
  var owner = null;
  function hideTip() {
    if (tip) { tip.remove(); tip = null; }
    if (owner) { owner.removeAttribute("aria-describedby"); owner = null; }
  }
  function showTip(link) {
    var content = null;
    if (link.hasAttribute("data-preview")) {
      content = document.createElement("div");
      var title = document.createElement("div");
      title.className = "tip-title";
      title.textContent = link.firstChild ? link.firstChild.textContent : "";
      var text = document.createElement("div");
      text.textContent = link.getAttribute("data-preview");
      var lang = link.getAttribute("data-preview-lang");
      if (lang) text.lang = lang;
      content.appendChild(title);
      content.appendChild(text);
    } else if (link.hasAttribute("data-term")) {
      var info = document.getElementById("term-" + link.getAttribute("data-term"));
      if (!info) return;
      content = document.createElement("dl");
      content.innerHTML = "";
      Array.prototype.forEach.call(info.children, function (child) {
        content.appendChild(child.cloneNode(true));
      });
      content.querySelectorAll("a").forEach(function (a) { a.setAttribute("tabindex", "-1"); });
    }
    if (!content) return;
    hideTip();
    tip = document.createElement("div");
    tip.className = "tooltip";
    tip.id = "tooltip";
    tip.setAttribute("role", "tooltip");
    tip.appendChild(content);
    document.body.appendChild(tip);
    var box = link.getBoundingClientRect();
    var left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - tip.offsetWidth - 8));
    tip.style.left = left + "px";
    tip.style.top = (box.bottom + window.scrollY + 6) + "px";
    owner = link;
    link.setAttribute("aria-describedby", "tooltip");
  }
  function tooltips() {
    var selector = "a.xref[data-preview], a.term[data-term]";
    document.addEventListener("mouseover", function (event) {
      var link = event.target.closest && event.target.closest(selector);
      if (link && link !== owner) showTip(link);
    });
    document.addEventListener("mouseout", function (event) {
      var link = event.target.closest && event.target.closest(selector);
      if (link && link === owner && !link.contains(event.relatedTarget)) hideTip();
    });
    document.addEventListener("focusin", function (event) {
      var link = event.target.closest && event.target.closest(selector);
      if (link) showTip(link); else hideTip();
    });
    document.addEventListener("focusout", function (event) {
      if (owner && event.target === owner) hideTip();
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape") hideTip();
    });
  }

  // Copy: the rule's number, text, edition and address.
  function copyButtons() {
    document.querySelectorAll("button.copy").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var number = button.getAttribute("data-copy-number");
        var entry = document.getElementById("r" + number);
        var text = entry ? entry.querySelector(".text").textContent.replace(/\s+/g, " ").trim() : "";
        var url = window.location.origin + window.location.pathname;
        var payload = number + " " + text + "\n" + button.getAttribute("data-copy-edition") + "\n" + url;
        var done = function () {
          button.setAttribute("data-copied", "");
          button.setAttribute("aria-live", "polite");
        };
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(payload).then(done, function () { fallbackCopy(payload); done(); });
        } else {
          fallbackCopy(payload);
          done();
        }
      });
    });
  }
  function fallbackCopy(payload) {
    var area = document.createElement("textarea");
    area.value = payload;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) { /* nothing more to try */ }
    area.remove();
  }

  forwardRuleFragment();
  ready(function () {
    autosubmit();
    tooltips();
    copyButtons();
  });
  window.addEventListener("hashchange", forwardRuleFragment);
})();
