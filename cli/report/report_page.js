(function () {
  "use strict";
  // A link to a row of the table of every tool (a tile, a finding) opens the scope it is in.
  function reveal() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    var folded = target ? target.closest("details:not([open])") : null;
    if (folded) {
      folded.open = true;
      target.scrollIntoView();
    }
  }
  window.addEventListener("hashchange", reveal);
  reveal();
})();

(function () {
  "use strict";
  // The treemap's tooltip: a tile's figures, read from its row in the table of every tool
  // (text only: nothing is parsed as markup).
  var map = document.querySelector(".treemap");
  var tip = document.getElementById("tip");
  if (!map || !tip) {
    return;
  }
  function rowOf(tile) {
    var target = tile.getAttribute("href") || "";
    return document.getElementById(target.slice(1));
  }

  function show(tile) {
    var row = rowOf(tile);
    if (!row) {
      return;
    }
    var cells = row.querySelectorAll("th, td");
    var fields = Array.prototype.map.call(
      row.closest("table").querySelectorAll("thead th"),
      function (header) { return header.textContent; }
    );
    var title = document.createElement("strong");
    title.textContent = cells[0].textContent;
    var list = document.createElement("dl");
    for (var i = 1; i < cells.length && i < fields.length; i += 1) {
      var value = cells[i].textContent.trim();
      var term = document.createElement("dt");
      term.textContent = fields[i];
      var description = document.createElement("dd");
      description.textContent = value || (fields[i] === "Findings" ? "none" : "");
      list.append(term, description);
    }
    tip.replaceChildren(title, list);
    tip.hidden = false;
    var wrap = map.getBoundingClientRect();
    var box = tile.getBoundingClientRect();
    var left = Math.max(0, Math.min(box.left - wrap.left, wrap.width - tip.offsetWidth));
    var top = box.bottom - wrap.top + 4;
    if (top + tip.offsetHeight > wrap.height && box.top - wrap.top > tip.offsetHeight + 4) {
      top = box.top - wrap.top - tip.offsetHeight - 4;
    }
    tip.style.left = left + "px";
    tip.style.top = top + "px";
  }

  function hide() {
    tip.hidden = true;
  }

  map.addEventListener("mouseover", function (event) {
    var tile = event.target.closest(".tile");
    if (tile) {
      show(tile);
    }
  });
  map.addEventListener("mouseleave", function () {
    var focused = document.activeElement;
    if (focused && focused.classList.contains("tile") && map.contains(focused)) {
      show(focused); // the pointer left: show the focused tile again
    } else {
      hide();
    }
  });
  map.addEventListener("focusin", function (event) {
    var tile = event.target.closest(".tile");
    if (tile) {
      show(tile);
    }
  });
  map.addEventListener("focusout", hide);
  window.addEventListener("resize", hide); // its place was the old layout's
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") {
      hide();
    }
  });
})();
