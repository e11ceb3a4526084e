// Primer's reader features: theme toggle, contents drawer, keyboard navigation, copy buttons,
// search (Pagefind, loaded on first use). No dependencies and no requests off the site; every
// word shown comes from the page (the string catalog, through data-* attributes).
(function () {
  "use strict";
  var doc = document.documentElement;
  var body = document.body;
  var words = body.dataset;

  // Theme: the system's unless the reader chose; the choice is remembered.
  var themeButton = document.getElementById("theme-toggle");
  var systemDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function showTheme() {
    if (themeButton) {
      var mode = doc.dataset.theme || "system", label = themeButton.dataset[mode];
      themeButton.dataset.mode = mode;
      themeButton.title = label;
      themeButton.querySelector(".visually-hidden").textContent = label;
    }
    // Dark versions of images follow the chosen theme, not only the system's.
    var chosen = doc.dataset.theme;
    var sources = document.querySelectorAll("source[data-theme-source]");
    for (var i = 0; i < sources.length; i++) {
      sources[i].media = chosen ? (chosen === "dark" ? "all" : "not all") : "(prefers-color-scheme: dark)";
    }
  }
  // The button goes round: the system's theme, light, dark, and back to the system's.
  if (themeButton) {
    themeButton.addEventListener("click", function () {
      var next = { system: "light", light: "dark", dark: "system" }[doc.dataset.theme || "system"];
      try {
        if (next === "system") localStorage.removeItem("primer-theme");
        else localStorage.setItem("primer-theme", next);
      } catch (e) {}
      if (next === "system") delete doc.dataset.theme;
      else doc.dataset.theme = next;
      showTheme();
    });
  }
  if (systemDark && systemDark.addEventListener) systemDark.addEventListener("change", showTheme);
  showTheme();

  // The contents drawer on small screens.
  var tocButton = document.getElementById("toc-toggle");
  var toc = document.getElementById("toc");
  function setDrawer(open) {
    if (!tocButton || !toc) return;
    tocButton.setAttribute("aria-expanded", open ? "true" : "false");
    body.classList.toggle("toc-open", open);
    if (open) {
      var current = toc.querySelector("[aria-current]") || toc.querySelector("a");
      if (current) current.focus();
    }
  }
  if (tocButton && toc) {
    tocButton.addEventListener("click", function () { setDrawer(tocButton.getAttribute("aria-expanded") !== "true"); });
    toc.addEventListener("click", function (event) { if (event.target.closest("a")) setDrawer(false); });
  }

  // The language switcher keeps the reader's place: section ids are the same in every language.
  // The place on screen is the fragment while its target shows, else the last heading scrolled
  // past. The links are at the top of the page, and going up to them scrolls past other sections,
  // so the place kept is where the reader last stayed (half a second without scrolling).
  function placeOnScreen() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) {
      var box = target.getBoundingClientRect();
      if (box.bottom > 0 && box.top < window.innerHeight) return location.hash;
    }
    var place = "";
    document.querySelectorAll("main h2[id], main h3[id], main h4[id]").forEach(function (heading) {
      if (heading.getBoundingClientRect().top <= window.innerHeight * 0.2) place = "#" + heading.id;
    });
    return place;
  }
  var readingPlace = location.hash, settling;
  window.addEventListener("scroll", function () {
    clearTimeout(settling);
    settling = setTimeout(function () { var here = placeOnScreen(); if (here) readingPlace = here; }, 500);
  }, { passive: true });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".languages a");
    if (link) link.href = link.href.split("#")[0] + (placeOnScreen() || readingPlace);
  });

  // Copy buttons on listings and program output.
  document.querySelectorAll("main pre").forEach(function (pre) {
    if (!pre.hasAttribute("tabindex")) pre.tabIndex = 0;  // wide listings scroll with the keyboard too
    var button = document.createElement("button");
    button.type = "button";
    button.className = "copy-button";
    button.textContent = words.copy;
    button.addEventListener("click", function () {
      var text = pre.querySelector("code, samp") ? pre.querySelector("code, samp").innerText : pre.innerText;
      var done = function () {
        button.textContent = words.copied;
        setTimeout(function () { button.textContent = words.copy; }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () { fallbackCopy(text); done(); });
      } else {
        fallbackCopy(text); done();
      }
    });
    var wrap = document.createElement("div");
    wrap.className = "code-wrap";
    pre.parentNode.insertBefore(wrap, pre);
    wrap.appendChild(pre);
    wrap.appendChild(button);
  });
  function fallbackCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed"; area.style.opacity = "0";
    body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) {}
    body.removeChild(area);
  }

  // Search with Pagefind's index (one per language, chosen from <html lang>).
  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  var pagefind = null;
  var latest = 0;
  function loadPagefind() {
    if (!pagefind) {
      var root = new URL(body.dataset.root || "./", location.href);
      pagefind = import(new URL("pagefind/pagefind.js", root).href).then(function (module) {
        return module.options({ baseUrl: root.pathname }).then(function () { module.init(); return module; });
      });
    }
    return pagefind;
  }
  function message(text) {
    results.replaceChildren();
    var p = document.createElement("p");
    p.className = "search-message";
    p.textContent = text;
    results.appendChild(p);
    results.hidden = false;
  }
  function search() {
    var query = input.value.trim();
    var ticket = ++latest;
    if (!query) { results.hidden = true; results.replaceChildren(); return; }
    loadPagefind().then(function (module) {
      return module.debouncedSearch(query, {}, 150).then(function (found) {
        if (found === null || ticket !== latest) return null;
        return Promise.all(found.results.slice(0, 8).map(function (r) { return r.data(); }));
      });
    }).then(function (pages) {
      if (pages === null || ticket !== latest) return;
      if (pages.length === 0) { message(words.searchEmpty.replace("%@", query)); return; }
      var list = document.createElement("ul");
      pages.forEach(function (page) {
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = page.url;
        link.className = "search-result-title";
        link.textContent = (page.meta && page.meta.title) || page.url;
        var excerpt = document.createElement("p");
        excerpt.className = "search-excerpt";
        excerpt.innerHTML = page.excerpt;  // Pagefind's own escaped text with <mark>
        item.appendChild(link);
        item.appendChild(excerpt);
        list.appendChild(item);
      });
      results.replaceChildren(list);
      results.hidden = false;
    }, function () {
      pagefind = null;
      if (ticket === latest) message(words.searchUnavailable);
    });
  }
  if (input && results) {
    input.addEventListener("input", search);
    input.addEventListener("focus", function () { loadPagefind().catch(function () {}); });
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") { input.value = ""; search(); input.blur(); }
      if (event.key === "ArrowDown") {
        var first = results.querySelector("a");
        if (first) { event.preventDefault(); first.focus(); }
      }
    });
    document.addEventListener("click", function (event) {
      if (!event.target.closest(".search")) results.hidden = true;
    });
  }

  // Keyboard: ← → between chapters, / to search, Escape closes the drawer.
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
    var target = event.target;
    if (target.closest && target.closest("input, textarea, select, [contenteditable]")) return;
    if (event.key === "/" && input) {
      event.preventDefault();
      input.focus();
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      var link = document.querySelector(event.key === "ArrowLeft" ? "a[rel=prev]" : "a[rel=next]");
      if (link) location.href = link.href;
    } else if (event.key === "Escape") {
      if (body.classList.contains("toc-open")) { setDrawer(false); tocButton.focus(); }
    }
  });
})();

// ---- The sample gallery's filter (gallery.mustache). Without the script the box stays hidden
// and every sample is shown; with it, typing shows the samples whose name or description holds
// every word typed, hides chapters left empty, and says how many are shown once typing pauses.
(function () {
  "use strict";
  var filter = document.querySelector(".gallery-filter");
  if (!filter) return;
  var input = document.getElementById("gallery-filter-input");
  var status = document.getElementById("gallery-filter-count");
  var entries = Array.prototype.slice.call(document.querySelectorAll(".gallery-entry"));
  var chapters = Array.prototype.slice.call(document.querySelectorAll(".gallery-chapter"));
  var timer = null;
  filter.hidden = false;
  function apply() {
    var words = input.value.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    entries.forEach(function (entry) {
      var text = (entry.getAttribute("data-filter") || "").toLocaleLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) >= 0; });
      entry.hidden = !match;
      if (match) shown += 1;
    });
    chapters.forEach(function (chapter) { chapter.hidden = !chapter.querySelector(".gallery-entry:not([hidden])"); });
    clearTimeout(timer);
    timer = setTimeout(function () {
      status.textContent = status.getAttribute("data-format").replace("%1$@", shown).replace("%2$@", status.getAttribute("data-total"));
    }, 300);
  }
  input.addEventListener("input", apply);
  input.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && input.value) { event.preventDefault(); input.value = ""; apply(); }
  });
})();
