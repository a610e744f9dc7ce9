// Step-by-step replay: each hand section holds its moves (data-moves) and every element that
// changes with the move carries data-step; nothing else is read from the page.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  function go(hand, step) {
    var total = Number(hand.dataset.moves);
    step = Math.max(0, Math.min(total, step));
    hand.dataset.step = String(step);
    var items = hand.querySelectorAll("[data-step]");
    for (var i = 0; i < items.length; i++) {
      var s = Number(items[i].dataset.step);
      items[i].classList.toggle("future", s > step);
      if (items[i].classList.contains("move")) { items[i].classList.toggle("current", s === step); }
    }
    hand.querySelector(".slider").value = String(step);
    var where = hand.querySelector(".where");
    where.textContent = step === 0 ? where.dataset.before
      : where.dataset.of.replace("{step}", step).replace("{total}", total);
    var old = document.querySelectorAll("ol.lines li.now");
    for (var j = 0; j < old.length; j++) { old[j].classList.remove("now"); }
    var move = hand.querySelector(".move.current");
    var now = hand.querySelector(".now");
    now.textContent = move ? move.textContent.replace(/\s+/g, " ").trim() : "";
    if (!move) { return; }
    var line = document.getElementById(hand.dataset.file + "-L" + move.dataset.line);
    if (line) {
      line.classList.add("now");
      var box = line.closest("aside");
      if (box && box.scrollHeight > box.clientHeight) {
        box.scrollTop = line.offsetTop - box.offsetTop - box.clientHeight / 2;
      }
    }
  }
  function moved(hand, how) {
    var step = Number(hand.dataset.step), total = Number(hand.dataset.moves);
    var next = { first: 0, back: step - 1, forward: step + 1, last: total }[how];
    if (next !== undefined) { go(hand, next); }
  }
  var hands = document.querySelectorAll("section.hand .controls");
  for (var k = 0; k < hands.length; k++) { hands[k].hidden = false; }
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
    if (!hand || event.target.classList.contains("slider")) { return; }
    var how = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[event.key];
    if (how) { event.preventDefault(); moved(hand, how); }
  });
}());
