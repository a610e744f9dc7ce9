// Step-by-step replay.  Each hand section holds the lines of its moves (data-lines) and the
// count of its moves (data-moves); every element that changes with the move carries the
// move that changes it (data-step).  The controls are made here, from the page's
// template, once the page is read; without script the page shows no controls and each
// hand's final position.  A hand's drawings come inside <noscript> (read as text while the
// page loads, which is quick); "draw" makes them elements when the hand comes near the
// screen, is stepped, or the page is printed.  So with each game's chart.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var lit = null, watcher = null;
  function show(kept) {
    for (var i = 0; i < kept.length; i++) {
      kept[i].insertAdjacentHTML("beforebegin", kept[i].textContent);
      kept[i].remove();
    }
  }
  // A game's chart, or a hand's drawings.
  function draw(part) {
    show(part.matches("section.game")
      ? part.querySelectorAll(":scope > figure.chart > noscript")
      : part.querySelectorAll("noscript"));
    if (watcher) { watcher.unobserve(part); }
  }
  function drawAll() { show(document.querySelectorAll("main noscript")); }
  function go(hand, step) {
    draw(hand);
    var total = Number(hand.dataset.moves);
    step = Math.max(0, Math.min(total, step));
    hand.dataset.step = String(step);
    var items = hand.querySelectorAll("[data-step]");
    for (var i = 0; i < items.length; i++) {
      if (items[i] !== hand) { items[i].classList.toggle("future", Number(items[i].dataset.step) > step); }
    }
    hand.querySelector(".slider").value = String(step);
    var where = hand.querySelector(".where");
    where.textContent = step === 0 ? where.dataset.before
      : where.dataset.of.replace("{step}", step).replace("{total}", total);
    if (lit) { lit.classList.remove("now"); lit = null; }
    var now = hand.querySelector(".now");
    now.textContent = "";
    if (step === 0) { return; }
    var number = hand.dataset.lines.split(" ")[step - 1];
    var line = document.getElementById(hand.dataset.file + "-L" + number);
    if (!line) { return; }
    lit = line;
    line.classList.add("now");
    var parts = [number + " " + line.querySelector("code").textContent.trim()];
    var notes = line.querySelectorAll(".diag");
    for (var j = 0; j < notes.length; j++) { parts.push(notes[j].textContent.replace(/\s+/g, " ").trim()); }
    now.textContent = parts.join(" \u2014 ");
    var box = line.closest("aside");
    if (box && box.scrollHeight > box.clientHeight) {
      // The line in the middle of the panel, measured on the screen (offsetTop counts
      // from whichever ancestor is positioned, not from the panel).
      var shown = box.getBoundingClientRect(), at = line.getBoundingClientRect();
      if (at.top < shown.top || at.bottom > shown.bottom) {
        box.scrollTop += at.top - shown.top - (box.clientHeight - at.height) / 2;
      }
    }
  }
  function moved(hand, how) {
    var step = Number(hand.dataset.step), total = Number(hand.dataset.moves);
    var next = { first: 0, back: step - 1, forward: step + 1, last: total }[how];
    if (next !== undefined) { go(hand, next); }
  }
  function place() {
    var controls = document.getElementById("bn-controls").content.firstElementChild;
    var hands = document.querySelectorAll("section.hand");
    for (var k = 0; k < hands.length; k++) {
      if (hands[k].dataset.moves === "0") { continue; }  // nothing to step through
      var made = controls.cloneNode(true), total = hands[k].dataset.moves;
      var slider = made.querySelector(".slider"), where = made.querySelector(".where");
      slider.max = total;
      slider.value = total;
      where.textContent = total === "0" ? where.dataset.before
        : where.dataset.of.replace("{step}", total).replace("{total}", total);
      hands[k].insertBefore(made, hands[k].querySelector(".now"));
    }
    // The first games and hands are drawn at once, the others as they come near the screen.
    if (!("IntersectionObserver" in window)) { drawAll(); return; }
    watcher = new IntersectionObserver(function (seen) {
      for (var i = 0; i < seen.length; i++) {
        if (seen[i].isIntersecting) { draw(seen[i].target); }
      }
    }, { rootMargin: "1500px 0px" });
    var parts = [document.querySelectorAll("section.game"), hands], first = [3, 20];
    for (var p = 0; p < parts.length; p++) {
      for (var h = 0; h < parts[p].length; h++) {
        if (h < first[p]) { draw(parts[p][h]); } else { watcher.observe(parts[p][h]); }
      }
    }
  }
  window.addEventListener("beforeprint", drawAll);
  document.addEventListener("DOMContentLoaded", place);
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-go]");
    if (button) { moved(button.closest("section.hand"), button.dataset.go); }
  });
  document.addEventListener("input", function (event) {
    if (event.target.classList.contains("slider")) {
      go(event.target.closest("section.hand"), Number(event.target.value));
    }
  });
  document.addEventListener("keydown", function (event) {
    var hand = event.target.closest && event.target.closest("section.hand");
    if (!hand || hand.dataset.moves === "0" || event.target.classList.contains("slider")) {
      return;
    }
    var how = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
    if (how) { event.preventDefault(); moved(hand, how); }
  });
}());
