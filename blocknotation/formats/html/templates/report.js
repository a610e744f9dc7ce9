// The HTML report's script: it draws every chain, hand held, chart and numbered line from the
// page's data, as they come near the screen, are stepped or printed, and runs the replay.
// A hand section gives the lines of its moves (data-l: "9-24 26"), its moves (data-m: a seat
// then "p" for a pass, or the tile as laid and L, R, F for the first tile, or ? where it
// cannot be drawn), each seat's deal (data-d: digit pairs, "?" not recorded) and show (data-s:
// digit pairs, "." nothing, "-" none); its game gives the names (data-names) and the tiles
// each player is dealt (data-each).  The record is written once, as text, in blocks
// (pre.src) that become numbered lines.  Every text is set as text, never as markup.
(function () {
  "use strict";
  var SVG = null;  // the SVG namespace, read from the page's own symbols once it is read
  var HALF = 20, GAP = 2, ROW_WIDTH = 24 * HALF, ROW_HEIGHT = 2 * HALF + 3 * GAP;
  var LEAST = 24 / HALF, MOST = 1.5;  // a half tile on the screen: at least 24 px, at most 30
  var MARKERS = ["circle", "square", "triangle", "diamond"];
  var words = {}, lit = null, watcher = null, marked = null;
  document.documentElement.classList.add("js");

  function svg(name, attrs, parent) {
    var node = document.createElementNS(SVG, name);
    for (var key in attrs) { node.setAttribute(key, attrs[key]); }
    if (parent) { parent.appendChild(node); }
    return node;
  }
  function html(name, attrs, parent, text) {
    var node = document.createElement(name);
    for (var key in attrs) { node.setAttribute(key, attrs[key]); }
    if (text !== undefined) { node.textContent = text; }
    if (parent) { parent.appendChild(node); }
    return node;
  }
  function titled(node, text) { svg("title", {}, node).textContent = text; return node; }
  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }
  function tileText(a, b) { return "[" + Math.min(a, b) + "|" + Math.max(a, b) + "]"; }
  function key(a, b) { return Math.min(a, b) + "" + Math.max(a, b); }
  function round(value) { return String(Math.round(value * 10) / 10); }
  function list(text) { return text ? text.split(" ") : []; }

  // ---- A hand's data ----
  function lines(hand) {
    var out = [], runs = list(hand.dataset.l);
    for (var i = 0; i < runs.length; i++) {
      var ends = runs[i].split("-"), last = Number(ends[ends.length - 1]);
      for (var n = Number(ends[0]); n <= last; n++) { out.push(n); }
    }
    return out;
  }
  function moves(hand) {
    var at = lines(hand), tokens = list(hand.dataset.m), out = [];
    for (var i = 0; i < tokens.length; i++) {
      var t = tokens[i], move = { seat: parseInt(t[0], 36), line: at[i], step: i + 1 };
      if (t[1] === "p") { move.pass = true; } else {
        move.a = Number(t[1]); move.b = Number(t[2]); move.side = t[3];
      }
      out.push(move);
    }
    return out;
  }
  function names(hand) {
    return list(hand.closest("section.game").dataset.names).concat(list(hand.dataset.n));
  }
  // The analysis's mistakes, by step: the points given away and the best moves.
  function mistakes(hand) {
    var out = {}, tokens = list(hand.dataset.a);
    for (var i = 0; i < tokens.length; i++) {
      var parts = tokens[i].split(":");
      out[parts[0]] = { points: Number(parts[1]), best: parts[2].split(",") };
    }
    return out;
  }
  function moveText(token) {  // "23R" is 2-3 R, "34" is 3-4, "p" a pass
    if (token === "p") { return "pass"; }
    return token[0] + "-" + token[1] + (token[2] ? " " + token[2] : "");
  }
  function bestSvg(best) {  // the best moves, as tiles standing beside the chain
    var drawing = svg("svg", { "class": "best", viewBox: "0 0 " + best.length * 24 + " 44",
      width: best.length * 24, height: 44 });
    best.forEach(function (token, index) {
      if (token === "p") { return; }
      titled(svg("use", { href: "#bn-S" + token[0] + token[1], x: index * 24 + 2, y: 2 }, drawing),
        moveText(token));
    });
    return drawing;
  }
  function pairs(text) {
    var out = [];
    for (var i = 0; i + 1 < text.length; i += 2) { out.push([Number(text[i]), Number(text[i + 1])]); }
    return out;
  }

  // ---- The chain ----
  // Left to right: a tile on the left end goes first.  It runs left to right, and when a
  // row is full it turns down and runs back (as players lay a long chain on a table); a
  // double lies crosswise.
  function chainOf(all) {
    var chain = [];
    for (var i = 0; i < all.length; i++) {
      var m = all[i];
      if (m.pass) { continue; }
      if (m.side === "?") { break; }  // where it lies cannot be known: not drawn from here
      if (m.side === "L") { chain.unshift(m); } else { chain.push(m); }
    }
    return chain;
  }
  function layOut(chain, width) {
    var drawn = [], row = 0, x = 0, forward = true;
    for (var i = 0; i < chain.length; i++) {
      var t = chain[i], double = t.a === t.b, w = double ? HALF : 2 * HALF;
      if ((forward && x + w > width) || (!forward && x - w < 0)) { row += 1; forward = !forward; }
      var h = double ? 2 * HALF : HALF, left = forward ? x : x - w;
      drawn.push({ tile: t, x: left, y: row * ROW_HEIGHT + GAP + HALF - h / 2, double: double,
        first: forward ? t.a : t.b, second: forward ? t.b : t.a, forward: forward });
      x = forward ? left + w + GAP : left - GAP;
    }
    return { tiles: drawn, height: (chain.length ? row + 1 : 0) * ROW_HEIGHT };
  }
  function drawChain(hand, figure) {
    var old = figure.querySelector("svg.chain");
    if (old) { old.remove(); }
    var chain = chainOf(moves(hand)), who = names(hand);
    if (!chain.length) { return; }
    // As wide as the column allows, with a half tile at least 24 px: a narrow screen
    // gets shorter rows, not smaller tiles.
    var room = Math.floor(figure.getBoundingClientRect().width) || ROW_WIDTH * MOST;
    var scale = Math.min(MOST, room / ROW_WIDTH), width = ROW_WIDTH;
    if (scale < LEAST) { scale = LEAST; width = Math.max(2 * HALF, Math.floor(room / LEAST)); }
    var laid = layOut(chain, width);
    var drawing = svg("svg", { "class": "chain", viewBox: "0 0 " + width + " " + laid.height,
      width: round(width * scale), height: round(laid.height * scale), role: "img",
      "aria-label": words.chain });
    for (var i = 0; i < laid.tiles.length; i++) {
      var d = laid.tiles[i], t = d.tile;
      var g = svg("g", { "class": "tile", "data-step": t.step, "data-a": t.a, "data-b": t.b,
        "data-line": t.line, "data-dir": d.forward ? "r" : "l" }, drawing);
      titled(g, say(words.tileTitle, { tile: tileText(t.a, t.b), player: who[t.seat] || "?", line: t.line }));
      svg("use", { href: "#bn-" + (d.double ? "S" + t.a + t.a : "H" + d.first + d.second),
        x: d.x, y: d.y }, g);
    }
    figure.appendChild(drawing);
  }

  // ---- What each player held ----
  function holders(hand) {
    var who = names(hand), all = moves(hand), deals = list(hand.dataset.d);
    var shows = list(hand.dataset.s), each = Number(hand.closest("section.game").dataset.each);
    var replayed = hand.dataset.r !== "0", played = [];
    for (var s = 0; s < who.length; s++) { played.push({ order: [], at: {} }); }
    for (var i = 0; replayed && i < all.length; i++) {
      var m = all[i], mine = played[m.seat], k = m.pass ? null : key(m.a, m.b);
      if (k !== null && mine && !(k in mine.at)) {
        mine.at[k] = m; mine.order.push([m.a, m.b]);
      }
    }
    var out = html("ul", { "class": "holders" });
    for (var seat = 0; seat < deals.length; seat++) {
      var known = deals[seat] !== "?", show = shows[seat] === "-" ? null : pairs(shows[seat]);
      var item = html("li", {}, out);
      html("span", { "class": "who" }, item, who[seat]);
      if (!known) { html("span", { "class": "nr" }, item, "(" + words.notRecorded + ")"); }
      var tiles = [];
      if (known) {
        tiles = pairs(deals[seat]).map(function (t) {
          var at = played[seat].at[key(t[0], t[1])];
          return { a: t[0], b: t[1], step: at ? at.step : null,
            title: at ? say(words.playedAt, { tile: tileText(t[0], t[1]), line: at.line })
              : say(words.held, { tile: tileText(t[0], t[1]) }) };
        });
      } else {
        tiles = played[seat].order.map(function (t) {
          var at = played[seat].at[key(t[0], t[1])];
          return { a: t[0], b: t[1], step: at.step,
            title: say(words.playedAt, { tile: tileText(t[0], t[1]), line: at.line }) };
        });
        (show || []).forEach(function (t) {
          tiles.push({ a: t[0], b: t[1], step: null, shownAt: all.length,
            title: say(words.held, { tile: tileText(t[0], t[1]) }) });
        });
        for (var hidden = Math.max(each - tiles.length, 0); hidden > 0; hidden--) {
          tiles.push({ a: null, title: words.faceDown });
        }
      }
      if (tiles.length) { item.appendChild(heldSvg(tiles, known)); }
      if (show !== null) {
        var text = show.map(function (t) { return "[" + t[0] + "|" + t[1] + "] "; }).join("");
        html("span", { "class": "shown" }, item, words.shown + ": " + (text || words.nothing));
      }
    }
    return out;
  }
  function heldSvg(tiles, known) {
    var width = tiles.length * 24;
    var drawing = svg("svg", { "class": known ? "held" : "held unknown",
      viewBox: "0 0 " + width + " 44", width: width, height: 44 });
    tiles.forEach(function (t, index) {
      var x = index * 24 + 2, when = t.step || t.shownAt;
      if (t.a === null) {
        titled(svg("use", { "class": "htile down", href: "#bn-back", x: x, y: 2 }, drawing), t.title);
        return;
      }
      var face = svg("use", { "class": "htile" + (t.step ? " played" : "") + " face",
        href: "#bn-S" + t.a + t.b, x: x, y: 2 }, drawing);
      if (when) { face.setAttribute("data-step", when); }
      titled(face, t.title);
      if (!known) {
        var back = svg("use", { "class": "htile back", href: "#bn-back", x: x, y: 2 }, drawing);
        if (when) { back.setAttribute("data-step", when); }
      }
    });
    return drawing;
  }

  // ---- A game's chart, from its table of totals ----
  function drawChart(game) {
    var figure = game.querySelector(":scope > figure.chart");
    if (!figure || figure.querySelector("svg")) { return; }
    var table = game.querySelector(":scope > table.totals"), rows = table.tBodies[0].rows;
    var who = list(game.dataset.names), target = Number(table.dataset.target || 0);
    var totals = who.map(function () { return []; }), hands = [], known = [];
    for (var r = 0; r < rows.length; r++) {
      hands.push({ anchor: "#" + game.id + "-h" + (r + 1), number: rows[r].cells[0].textContent });
      for (var p = 0; p < who.length; p++) {
        var cell = rows[r].cells[p + 1].textContent, value = cell === "?" ? null : Number(cell);
        totals[p].push(value);
        if (value !== null) { known.push(value); }
      }
    }
    var top = Math.max.apply(null, [target, 1].concat(known));
    var step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000, 1e9].filter(function (s) {
      return top / s <= 6;
    })[0];
    var left = 44, upper = 12, high = 180, wide = 600 - left - 20, n = hands.length;
    var right = left + wide, bottom = upper + high + 20;
    function x(i) { return round(left + wide * i / Math.max(n, 1)); }
    function y(v) { return round(upper + high * (1 - v / top)); }
    var drawing = svg("svg", { "class": "chart", viewBox: "0 0 600 " + (upper + high + 40),
      role: "img", "aria-labelledby": game.id + "-ct" });
    svg("title", { id: game.id + "-ct" }, drawing).textContent = figure.dataset.title;
    function label(at, ly, anchor, text) {
      svg("text", { "class": "tick", x: at, y: ly, "text-anchor": anchor }, drawing).textContent = text;
    }
    for (var v = 0; v <= top; v += step) {
      svg("line", { "class": "grid", x1: left, x2: right, y1: y(v), y2: y(v) }, drawing);
      label(left - 6, round(Number(y(v)) + 4), "end", v);
    }
    // The hand numbers sit clear below the lowest value's label (0, at the same corner).
    for (var i = 0; i <= n; i += Math.floor(n / 12) + 1) { label(x(i), bottom, "middle", i ? i : words.start); }
    if (target) {
      svg("line", { "class": "target", x1: left, x2: right, y1: y(target), y2: y(target) }, drawing);
      label(right, round(Number(y(target)) - 4), "end", say(words.targetLine, { target: target }));
    }
    for (var q = 0; q < who.length; q++) {
      var runs = [[[0, 0]]];
      totals[q].forEach(function (value, index) {  // an unknown total is a gap
        if (value === null) { if (runs[runs.length - 1].length) { runs.push([]); } return; }
        runs[runs.length - 1].push([index + 1, value]);
      });
      runs.forEach(function (run) {
        if (!run.length) { return; }
        svg("polyline", { "class": "series p" + q, points: run.map(function (pt) {
          return x(pt[0]) + "," + y(pt[1]);
        }).join(" ") }, drawing);
      });
      totals[q].forEach(function (value, index) {
        if (value === null) { return; }
        var a = svg("a", { href: hands[index].anchor }, drawing);
        titled(a, say(words.pointTitle, { player: who[q], total: value, number: hands[index].number }));
        marker(a, MARKERS[q], Number(x(index + 1)), Number(y(value)), q);
      });
    }
    figure.insertBefore(drawing, figure.firstChild);
    var keys = game.querySelectorAll("ol.seats .key");
    for (var s = 0; s < keys.length; s++) {  // each seat's line style and marker
      var key = svg("svg", { width: 40, height: 12 }, keys[s]);
      svg("line", { "class": "series p" + s, x1: 2, y1: 6, x2: 38, y2: 6 }, key);
      marker(key, MARKERS[s], 20, 6, s);
    }
  }
  function marker(parent, kind, cx, cy, seat) {
    var cls = "mark p" + seat;
    if (kind === "circle") { return svg("circle", { "class": cls, cx: cx, cy: cy, r: 4 }, parent); }
    if (kind === "square") {
      return svg("rect", { "class": cls, x: cx - 3.5, y: cy - 3.5, width: 7, height: 7 }, parent);
    }
    var d = kind === "triangle"
      ? "M" + cx + " " + (cy - 5) + "L" + (cx + 4.5) + " " + (cy + 3.5) + "H" + (cx - 4.5) + "Z"
      : "M" + cx + " " + (cy - 5) + "L" + (cx + 5) + " " + cy + "L" + cx + " " + (cy + 5) + "L" + (cx - 5) + " " + cy + "Z";
    return svg("path", { "class": cls, d: d }, parent);
  }

  // ---- The record: blocks of text that become numbered lines ----
  function notesOf(file) {
    var notes = {}, items = document.querySelectorAll("#" + file + " ol.diags li[data-line]");
    for (var i = 0; i < items.length; i++) {
      (notes[items[i].dataset.line] = notes[items[i].dataset.line] || []).push(items[i]);
    }
    return notes;
  }
  var notesByFile = {};
  function number(block) {
    if (block.tagName !== "PRE") { return block; }
    var file = block.closest("section.file").id, start = Number(block.dataset.start);
    var notes = notesByFile[file] = notesByFile[file] || notesOf(file);
    var text = block.textContent.split("\n");  // the parser dropped the newline after <pre>
    var ol = html("ol", { "class": "lines", start: start, id: block.id });
    text.forEach(function (line, index) {
      var n = start + index, found = notes[n];
      var li = html("li", { id: file + "-L" + n }, ol);
      html("code", {}, li, line);
      if (!found) { return; }
      li.className = "fault";
      found.forEach(function (d) {
        var note = html("div", { "class": "diag " + d.className }, li);
        html("span", { "class": "code" }, note, d.querySelector(".code").textContent);
        note.appendChild(document.createTextNode(" "));
        html("span", { "class": "sev" }, note, d.querySelector(".sev").textContent);
        note.appendChild(document.createTextNode(": " + d.querySelector(".msg").textContent));
      });
    });
    if (watcher) { watcher.unobserve(block); }
    block.replaceWith(ol);
    return ol;
  }
  function lineOf(file, n) {
    var chunk = Number(document.querySelector("aside[data-file='" + file + "']").dataset.chunk);
    var block = document.getElementById(file + "-c" + Math.floor((n - 1) / chunk));
    return block ? number(block).children[n - Number(block.dataset.start || block.start)] || null : null;
  }
  function inPanel(line) {
    var box = line.closest("aside");
    if (box && box.scrollHeight > box.clientHeight) {
      // The line in the middle of the panel, measured on the screen.
      var shown = box.getBoundingClientRect(), at = line.getBoundingClientRect();
      if (at.top < shown.top || at.bottom > shown.bottom) {
        box.scrollTop += at.top - shown.top - (box.clientHeight - at.height) / 2;
      }
      return true;
    }
    return false;
  }

  // ---- A hand: drawn when needed, then stepped ----
  function draw(part) {
    if (watcher) { watcher.unobserve(part); }
    if (part.matches("section.game")) { drawChart(part); return; }
    if (part.matches("pre.src")) { number(part); return; }
    if (part.dataset.drawn) { return; }
    part.dataset.drawn = "1";
    var total = list(part.dataset.m).length, outcome = part.querySelector(".outcome");
    var heading = part.querySelector("h4");
    heading.id = part.id + "-t";
    part.setAttribute("aria-labelledby", heading.id);
    outcome.insertBefore(html("h5", {}, null, words.outcome), outcome.firstChild);
    part.dataset.moves = String(total);
    part.dataset.step = String(total);
    if (total) {
      var controls = document.getElementById("bn-controls").content.firstElementChild.cloneNode(true);
      var slider = controls.querySelector(".slider");
      slider.max = total;
      slider.value = total;
      part.insertBefore(controls, outcome);
    }
    part.insertBefore(html("p", { "class": "now", "aria-live": "polite" }), outcome);
    var figure = html("figure", { "class": "chain" });
    html("figcaption", {}, figure, words.chain);
    part.insertBefore(figure, outcome);
    drawChain(part, figure);
    if (!figure.querySelector("svg")) { html("p", {}, figure, words.noChain); }
    html("h5", {}, part, words.hands);
    part.insertBefore(part.lastChild, outcome);
    part.insertBefore(holders(part), outcome);
    if (total) { go(part, total, false); }
  }
  function drawAll() {
    var parts = document.querySelectorAll("section.game, section.hand, pre.src");
    for (var i = 0; i < parts.length; i++) { draw(parts[i]); }
  }
  function go(hand, step, follow) {
    draw(hand);
    var total = Number(hand.dataset.moves);
    step = Math.max(0, Math.min(total, step));
    hand.dataset.step = String(step);
    var items = hand.querySelectorAll("[data-step]");
    for (var i = 0; i < items.length; i++) {
      if (items[i] !== hand) { items[i].classList.toggle("future", Number(items[i].dataset.step) > step); }
    }
    if (!total) { return; }
    hand.querySelector(".slider").value = String(step);
    var where = hand.querySelector(".where");
    where.textContent = step === 0 ? where.dataset.before
      : say(where.dataset.of, { step: step, total: total });
    if (follow === false) { return; }
    if (lit) { lit.classList.remove("now"); lit = null; }
    var now = hand.querySelector(".now");
    now.textContent = "";
    if (step === 0) { return; }
    var n = lines(hand)[step - 1], line = lineOf(hand.closest("section.file").id, n);
    if (!line) { return; }
    lit = line;
    line.classList.add("now");
    var parts = [n + " " + line.querySelector("code").textContent.trim()];
    var notes = line.querySelectorAll(".diag");
    for (var j = 0; j < notes.length; j++) { parts.push(notes[j].textContent.replace(/\s+/g, " ").trim()); }
    var wrong = mistakes(hand)[step], best = hand.querySelector("figure.chain .best");
    if (best) { best.remove(); }
    now.classList.toggle("mistake", !!wrong);
    if (wrong) {
      parts.push(say(words.mistake, { points: wrong.points, moves: wrong.best.map(moveText).join(", ") }));
      var shown = html("div", { "class": "best" });
      html("span", {}, shown, words.best + ": ");
      shown.appendChild(bestSvg(wrong.best));
      hand.querySelector("figure.chain").appendChild(shown);
    }
    now.textContent = parts.join(" \u2014 ");
    inPanel(line);
  }
  function moved(hand, how) {
    var step = Number(hand.dataset.step), total = Number(hand.dataset.moves);
    var next = { first: 0, back: step - 1, forward: step + 1, last: total }[how];
    if (next !== undefined) { go(hand, next); }
  }
  // A link to a line of the record: the line shown in the panel, and the hand it belongs
  // to shown in the main column, at the move on that line if it is one.
  function toLine(file, n) {
    var line = lineOf(file, n);
    if (!line) { return false; }
    if (marked) { marked.classList.remove("target"); }
    marked = line;
    line.classList.add("target");
    var hands = document.querySelectorAll("#" + file + " section.hand"), hand = null;
    for (var i = 0; i < hands.length; i++) {
      var span = hands[i].dataset.span.split(" ");
      if (Number(span[0]) <= n && n <= Number(span[1])) { hand = hands[i]; break; }
    }
    if (hand && inPanelColumn(line)) {
      var step = lines(hand).indexOf(n);
      draw(hand);
      if (step >= 0) { go(hand, step + 1); }
      hand.scrollIntoView({ block: "start" });
      inPanel(line);
    } else {
      line.scrollIntoView({ block: "center" });
    }
    return true;
  }
  function inPanelColumn(line) {  // the panel scrolls by itself (a wide screen)
    var box = line.closest("aside");
    return getComputedStyle(box).position === "sticky";
  }

  function place() {
    SVG = document.querySelector("svg.defs").namespaceURI;
    var kept = document.getElementById("bn-words");
    for (var name in kept.dataset) { words[name] = kept.dataset[name]; }
    var games = document.querySelectorAll("section.game"), hands = document.querySelectorAll("section.hand");
    var blocks = document.querySelectorAll("pre.src");
    for (var k = 0; k < hands.length; k++) { hands[k].tabIndex = 0; }  // stepped by keys
    // The first games, hands and blocks of lines are drawn at once, the others as they
    // come near the screen (or near the panel's view).
    if (!("IntersectionObserver" in window)) { drawAll(); return; }
    watcher = new IntersectionObserver(function (seen) {
      for (var i = 0; i < seen.length; i++) {
        if (seen[i].isIntersecting) { draw(seen[i].target); }
      }
    }, { rootMargin: "1500px 0px" });
    var parts = [games, hands, blocks], first = [3, 20, 2];
    for (var p = 0; p < parts.length; p++) {
      for (var h = 0; h < parts[p].length; h++) {
        if (h < first[p]) { draw(parts[p][h]); } else { watcher.observe(parts[p][h]); }
      }
    }
    if (location.hash) { jump(location.hash.slice(1)); }
  }
  function jump(id) {
    var found = /^(f\d+)-L(\d+)$/.exec(id);
    return found ? toLine(found[1], Number(found[2])) : false;
  }
  var width = window.innerWidth;
  window.addEventListener("resize", function () {
    if (window.innerWidth === width) { return; }
    width = window.innerWidth;
    var drawn = document.querySelectorAll("section.hand[data-drawn] > figure.chain");
    for (var i = 0; i < drawn.length; i++) {
      var hand = drawn[i].parentNode;
      drawChain(hand, drawn[i]);
      go(hand, Number(hand.dataset.step), false);
    }
  });
  window.addEventListener("beforeprint", drawAll);
  document.addEventListener("DOMContentLoaded", place);
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-go]");
    if (button) { moved(button.closest("section.hand"), button.dataset.go); return; }
    var link = event.target.closest("a[href^='#']");
    if (link && jump(link.getAttribute("href").slice(1))) {
      event.preventDefault();
      history.replaceState(null, "", link.getAttribute("href"));
    }
  });
  document.addEventListener("input", function (event) {
    if (event.target.classList.contains("slider")) {
      go(event.target.closest("section.hand"), Number(event.target.value));
    }
  });
  document.addEventListener("keydown", function (event) {
    var hand = event.target.closest && event.target.closest("section.hand");
    if (!hand || !list(hand.dataset.m).length || event.target.classList.contains("slider")) {
      return;
    }
    var how = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
    if (how) { event.preventDefault(); moved(hand, how); }
  });
}());
