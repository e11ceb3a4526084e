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
      if (heading.closest("nav")) return;  // "On this page" stays in view beside the text
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

  // "On this page": open beside the text on wide screens, folded under the header on narrow ones.
  var outline = document.querySelector(".outline details");
  var wide = window.matchMedia ? window.matchMedia("(min-width: 1200px)") : null;
  function foldOutline() { if (outline && wide) outline.open = wide.matches; }
  if (wide && wide.addEventListener) wide.addEventListener("change", foldOutline);
  foldOutline();

  // While the reader scrolls: the outline marks the section being read, the phone's header goes
  // away going down and comes back going up, and the back-to-top button shows two screens down.
  var outlineLinks = outline ? Array.prototype.slice.call(outline.querySelectorAll("a[href^='#']")) : [];
  var outlineTargets = outlineLinks.map(function (a) { return document.getElementById(decodeURIComponent(a.getAttribute("href").slice(1))); });
  var lastY = window.scrollY, ticking = false;
  function markSection() {
    var current = -1;
    for (var i = 0; i < outlineTargets.length; i++) {
      if (outlineTargets[i] && outlineTargets[i].getBoundingClientRect().top <= window.innerHeight * 0.25) current = i;
    }
    outlineLinks.forEach(function (a, i) {
      if (i === current) {
        if (!a.hasAttribute("aria-current")) {
          a.setAttribute("aria-current", "location");
          var box = outline.getBoundingClientRect(), link = a.getBoundingClientRect();
          if (link.top < box.top || link.bottom > box.bottom) outline.scrollTop += link.top - box.top - box.height / 3;
        }
      } else a.removeAttribute("aria-current");
    });
  }
  function onScroll() {
    ticking = false;
    var y = window.scrollY, searching = body.querySelector(".search:focus-within");
    if (y < lastY - 4 || y < 80 || searching || body.classList.contains("toc-open")) body.classList.remove("header-away");
    else if (y > lastY + 4) body.classList.add("header-away");
    lastY = y;
    body.classList.toggle("scrolled-far", y > window.innerHeight * 2);
    markSection();
  }
  window.addEventListener("scroll", function () {
    if (!ticking) { ticking = true; requestAnimationFrame(onScroll); }
  }, { passive: true });
  onScroll();

  // A drawing shrunk below three quarters of its size on a narrow screen keeps that size and
  // scrolls sideways: its labels stay readable.
  function fitFigures() {
    document.querySelectorAll(".figure > img").forEach(function (img) {
      var natural = img.naturalWidth || Number(img.getAttribute("width")) || 0, figure = img.parentNode;
      var narrow = natural > 0 && figure.clientWidth < natural * 0.75;
      figure.classList.toggle("figure-scroll", narrow);
      img.style.minWidth = narrow ? Math.round(natural * 0.75) + "px" : "";
    });
  }
  window.addEventListener("load", fitFigures);
  window.addEventListener("resize", fitFigures);

  // Arriving from a search result (?highlight=word): the word is marked in the text.
  var highlight = new URLSearchParams(location.search).get("highlight");
  if (highlight) markWords(document.querySelector("main article") || document.querySelector("main"), highlight);
  function markWords(root, query) {
    var terms = query.toLocaleLowerCase().split(/\s+/).filter(function (t) { return t.length > 0; });
    if (!root || !terms.length) return;
    var source = terms.map(function (t) { return t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join("|");
    var pattern = new RegExp(source, "giu"), found = new RegExp(source, "iu");
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) { return node.parentNode.closest("script, style, mark, nav, .anchor") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT; }
    });
    var nodes = [];
    while (walker.nextNode()) if (found.test(walker.currentNode.nodeValue)) nodes.push(walker.currentNode);
    nodes.forEach(function (node) {
      var text = node.nodeValue, at = 0, parts = document.createDocumentFragment(), match;
      pattern.lastIndex = 0;
      while ((match = pattern.exec(text)) !== null) {
        parts.appendChild(document.createTextNode(text.slice(at, match.index)));
        var mark = document.createElement("mark");
        mark.className = "search-hit";
        mark.textContent = match[0];
        parts.appendChild(mark);
        at = match.index + match[0].length;
      }
      parts.appendChild(document.createTextNode(text.slice(at)));
      node.parentNode.replaceChild(parts, node);
    });
  }

  // A table wider than the column scrolls in its box: the box then takes the keyboard's focus,
  // so it scrolls without a mouse, as a region named by the table's caption.
  function tableBoxes() {
    document.querySelectorAll("main .table-wrap").forEach(function (box) {
      var caption = box.querySelector("caption");
      if (box.scrollWidth > box.clientWidth + 1) {
        box.tabIndex = 0;
        if (caption) { box.setAttribute("role", "region"); box.setAttribute("aria-label", caption.textContent.trim()); }
      } else {
        box.removeAttribute("tabindex"); box.removeAttribute("role"); box.removeAttribute("aria-label");
      }
    });
  }
  tableBoxes();
  window.addEventListener("resize", tableBoxes);

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
  // Pagefind answers a word it does not know with pages holding a shorter word ("xyzzyq" finds
  // "xyz"). A page counts only when each word of the query, less a stem's ending, is in its text.
  function holdsEveryWord(text, query) {
    var lower = text.toLocaleLowerCase();
    return query.toLocaleLowerCase().split(/\s+/).every(function (word) {
      if (!word) return true;
      if (/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/.test(word)) return lower.indexOf(word) >= 0;
      var stem = word.length > 5 ? word.slice(0, Math.max(4, word.length - 3)) : word;
      return new RegExp("(^|[^\\p{L}\\p{N}_])" + stem.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "u").test(lower);
    });
  }
  function withHighlight(url, query) {
    var hash = url.indexOf("#"), path = hash >= 0 ? url.slice(0, hash) : url;
    return path + (path.indexOf("?") >= 0 ? "&" : "?") + "highlight=" + encodeURIComponent(query) + (hash >= 0 ? url.slice(hash) : "");
  }
  function resultItem(page, query) {
    var item = document.createElement("li");
    var link = document.createElement("a");
    link.href = withHighlight(page.url, query);
    link.className = "search-result-title";
    link.textContent = (page.meta && page.meta.title) || page.url;
    var excerpt = document.createElement("p");
    excerpt.className = "search-excerpt";
    excerpt.innerHTML = page.excerpt;  // Pagefind's own escaped text with <mark>
    item.appendChild(link);
    item.appendChild(excerpt);
    // The sections where the words are: a result lands on the section, not the chapter's top.
    // The three holding the most matches, in the page's order.
    var sections = (page.sub_results || []).filter(function (sub) { return sub.url.indexOf("#") >= 0; });
    var most = sections.map(function (sub) { return sub.locations.length; }).sort(function (a, b) { return b - a; })[2] || 0;
    sections = sections.filter(function (sub) { return sub.locations.length >= most; }).slice(0, 3);
    if (sections.length) {
      var list = document.createElement("ul");
      list.className = "search-sections";
      sections.forEach(function (sub) {
        var entry = document.createElement("li");
        var to = document.createElement("a");
        to.href = withHighlight(sub.url, query);
        to.textContent = sub.title;
        var words = document.createElement("p");
        words.className = "search-excerpt";
        words.innerHTML = sub.excerpt;
        entry.appendChild(to);
        entry.appendChild(words);
        list.appendChild(entry);
      });
      item.appendChild(list);
    }
    return item;
  }
  function search() {
    var query = input.value.trim();
    var ticket = ++latest;
    if (!query) { results.hidden = true; results.replaceChildren(); return; }
    loadPagefind().then(function (module) {
      return module.debouncedSearch(query, {}, 150).then(function (found) {
        if (found === null || ticket !== latest) return null;
        return Promise.all(found.results.slice(0, 10).map(function (r) { return r.data(); }));
      });
    }).then(function (pages) {
      if (pages === null || ticket !== latest) return;
      pages = pages.filter(function (page) { return holdsEveryWord(page.content || "", query); }).slice(0, 8);
      if (pages.length === 0) { message(words.searchEmpty.replace("%@", query)); return; }
      var list = document.createElement("ul");
      pages.forEach(function (page) { list.appendChild(resultItem(page, query)); });
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

// ---- The filter box of the sample gallery (gallery.mustache) and of the index of compiler errors
// (errors.mustache). Without the script the box stays hidden and everything is shown; with it,
// typing shows the entries (the box's data-entries, by default the gallery's samples) whose text
// holds every word typed, hides groups left empty (data-groups: the gallery's chapters), and
// says how many are shown once typing pauses.
(function () {
  "use strict";
  Array.prototype.forEach.call(document.querySelectorAll(".gallery-filter"), function (filter) {
    var input = filter.querySelector("input");
    var status = filter.querySelector("[role=status]");
    var entrySelector = filter.getAttribute("data-entries") || ".gallery-entry";
    var entries = Array.prototype.slice.call(document.querySelectorAll(entrySelector));
    var groupSelector = filter.hasAttribute("data-entries") ? filter.getAttribute("data-groups") : ".gallery-chapter";
    var groups = groupSelector ? Array.prototype.slice.call(document.querySelectorAll(groupSelector)) : [];
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
      groups.forEach(function (group) { group.hidden = !group.querySelector(entrySelector + ":not([hidden])"); });
      clearTimeout(timer);
      timer = setTimeout(function () {
        status.textContent = status.getAttribute("data-format").replace("%1$@", shown).replace("%2$@", status.getAttribute("data-total"));
      }, 300);
    }
    input.addEventListener("input", apply);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && input.value) { event.preventDefault(); input.value = ""; apply(); }
    });
  });
})();

// Reading progress, kept on this device only (localStorage; no cookie, nothing sent): the
// chapters read (scrolled to the end, or marked with the button at a chapter's end) are ticked
// in the contents and on the home page, the home page offers to continue where the reader left
// off, and one button there clears it all. Without storage, none of the controls show.
(function () {
  "use strict";
  var body = document.body;
  var root = new URL(body.getAttribute("data-root") || "./", location.href).pathname;
  var key = "primer-progress:" + root;
  var storage = null;
  try { storage = window.localStorage; storage.setItem(key + ":probe", "1"); storage.removeItem(key + ":probe"); } catch (e) { storage = null; }
  if (!storage) return;
  function load() {
    try {
      var value = JSON.parse(storage.getItem(key) || "{}");
      return { read: value.read || {}, last: value.last || {}, questions: value.questions || {} };
    } catch (e) { return { read: {}, last: {}, questions: {} }; }
  }
  function save(progress) { try { storage.setItem(key, JSON.stringify(progress)); } catch (e) {} }
  var lang = document.documentElement.lang;

  // A link to a chapter of this locale: its id (the file name), else null.
  function chapterOf(link) {
    var href = link.getAttribute("href") || "";
    if (!/^[^/:#?]+\.html$/.test(href) || href === "index.html") return null;
    return href.slice(0, -5);
  }
  function tick() {
    var progress = load();
    document.querySelectorAll("#toc a, .home-chapters a").forEach(function (link) {
      var id = chapterOf(link);
      var read = id !== null && progress.read[id] === true;
      link.classList.toggle("is-read", read);
      var note = link.querySelector(".read-note");
      if (read && !note) {
        note = document.createElement("span");
        note.className = "read-note visually-hidden";
        note.textContent = " " + (body.getAttribute("data-progress-read") || "");
        link.appendChild(note);
      } else if (!read && note) note.remove();
    });
  }

  var article = document.querySelector("article.chapter[data-chapter]");
  if (article) {
    var id = article.getAttribute("data-chapter");
    var mark = document.querySelector(".progress-mark");
    var button = mark && mark.querySelector("button");
    function setRead(read) {
      var progress = load();
      if (read) progress.read[id] = true; else delete progress.read[id];
      save(progress);
      if (button) button.setAttribute("aria-pressed", read ? "true" : "false");
      tick();
    }
    if (mark && button) {
      mark.hidden = false;
      button.setAttribute("aria-pressed", load().read[id] === true ? "true" : "false");
      button.addEventListener("click", function () { setRead(button.getAttribute("aria-pressed") !== "true"); });
      // Scrolled to the end: the button (after the chapter's last line) comes into view.
      if ("IntersectionObserver" in window) {
        // Once a visit: the reader may then unmark it.
        var seen = new IntersectionObserver(function (entries) {
          if (!entries.some(function (entry) { return entry.isIntersecting; })) return;
          seen.disconnect();
          if (load().read[id] !== true) setRead(true);
        });
        seen.observe(mark);
      }
    }
    // Where the reader is: the last heading scrolled past, kept half a second after scrolling stops.
    var title = (article.querySelector("h1") || {}).textContent || document.title;
    function remember() {
      var place = "";
      article.querySelectorAll("h2[id], h3[id], h4[id]").forEach(function (heading) {
        if (heading.closest("nav, .outline")) return;
        if (heading.getBoundingClientRect().top <= window.innerHeight * 0.2) place = "#" + heading.id;
      });
      var progress = load();
      progress.last[lang] = { href: location.pathname + place, title: title.trim() };
      save(progress);
    }
    var settle;
    window.addEventListener("scroll", function () { clearTimeout(settle); settle = setTimeout(remember, 500); }, { passive: true });
    // Opening the chapter is a place too, unless the reader was further into it already.
    var before = load().last[lang];
    if (!before || before.href.split("#")[0] !== location.pathname || location.hash) remember();
  }

  var resume = document.querySelector(".continue-reading");
  var last = load().last[lang];
  if (resume && last && last.href) {
    var link = resume.querySelector("a");
    link.href = last.href;
    link.textContent = last.title;
    resume.hidden = false;
  }
  var clear = document.querySelector(".progress-clear");
  if (clear) {
    clear.hidden = false;
    clear.querySelector("button").addEventListener("click", function () {
      try { storage.removeItem(key); } catch (e) {}
      if (resume) resume.hidden = true;
      tick();
      clear.querySelector(".progress-status").textContent = body.getAttribute("data-progress-cleared") || "";
    });
  }
  tick();
})();

// Self-check questions: the reader picks a choice (radio buttons or checkboxes, the browser's
// own keyboard handling), "Check answer" says whether it is right in the live region and shows
// every choice's explanation. With storage, the answer is kept on this device under the reading
// progress's key (questions: {"<chapter>#<question>": {choice: [...], correct: bool}}) and shown
// again on the next visit; "Clear reading progress" clears it. Without script, the button stays
// hidden and "Show answer" unfolds the answer.
(function () {
  "use strict";
  var sections = document.querySelectorAll("div.question[data-question]");
  if (!sections.length) return;
  var body = document.body;
  var root = new URL(body.getAttribute("data-root") || "./", location.href).pathname;
  var key = "primer-progress:" + root;
  var storage = null;
  try { storage = window.localStorage; storage.setItem(key + ":probe", "1"); storage.removeItem(key + ":probe"); } catch (e) { storage = null; }
  function load() {
    if (!storage) return {};
    try { return JSON.parse(storage.getItem(key) || "{}") || {}; } catch (e) { return {}; }
  }
  function keep(place, choice, correct) {
    if (!storage) return;
    var progress = load();
    progress.questions = progress.questions || {};
    progress.questions[place] = { choice: choice, correct: correct };
    try { storage.setItem(key, JSON.stringify(progress)); } catch (e) {}
  }
  sections.forEach(function (section) {
    // "<chapter>#<question>": the print page holds every chapter, each in its own article.
    var article = section.closest("article[data-chapter]");
    var place = (article ? article.getAttribute("data-chapter") : location.pathname) + "#" + section.getAttribute("data-question");
    var items = Array.prototype.slice.call(section.querySelectorAll(".choice"));
    var button = section.querySelector(".question-check");
    var verdict = section.querySelector(".question-verdict");
    var answer = section.querySelector(".question-answer");
    if (!button || !verdict) return;
    function chosen() {
      return items.filter(function (item) { return item.querySelector("input").checked; })
        .map(function (item) { return item.getAttribute("data-choice"); });
    }
    function show(choice) {
      var right = items.every(function (item) {
        return item.hasAttribute("data-correct") === (choice.indexOf(item.getAttribute("data-choice")) >= 0);
      });
      items.forEach(function (item) {
        var picked = choice.indexOf(item.getAttribute("data-choice")) >= 0;
        item.classList.toggle("is-chosen", picked);
        item.classList.toggle("is-right", item.hasAttribute("data-correct"));
        var explanation = item.querySelector(".choice-explanation");
        if (explanation) explanation.hidden = false;
      });
      section.classList.toggle("is-correct", right);
      section.classList.toggle("is-wrong", !right);
      verdict.textContent = section.getAttribute(right ? "data-correct" : "data-wrong") || "";
      return right;
    }
    function reset() {
      section.classList.remove("is-correct", "is-wrong");
      items.forEach(function (item) {
        item.classList.remove("is-chosen", "is-right");
        var explanation = item.querySelector(".choice-explanation");
        if (explanation) explanation.hidden = true;
      });
      verdict.textContent = "";
    }
    button.hidden = false;
    if (answer) answer.hidden = true;
    button.addEventListener("click", function () {
      var choice = chosen();
      if (!choice.length) { reset(); verdict.textContent = section.getAttribute("data-choose") || ""; return; }
      keep(place, choice, show(choice));
    });
    // Another choice after checking: the verdict was about the old one.
    items.forEach(function (item) {
      item.querySelector("input").addEventListener("change", function () { if (verdict.textContent) reset(); });
    });
    var saved = (load().questions || {})[place];
    if (saved && Array.isArray(saved.choice) && saved.choice.length) {
      items.forEach(function (item) { item.querySelector("input").checked = saved.choice.indexOf(item.getAttribute("data-choice")) >= 0; });
      show(saved.choice);
    }
  });
})();
