// blocknot serve: what every page's script shares. Values go on the page as text only.
"use strict";

const DATA = JSON.parse(document.getElementById("data").textContent);
const WORDS = DATA.words;

/** A word of the page, in its language, with {placeholders} filled in. */
function t(key, args) {
  let text = WORDS[key] || key;
  for (const [name, value] of Object.entries(args || {})) {
    text = text.split("{" + name + "}").join(String(value));
  }
  return text;
}

/** An element: attributes (class, text, on<event>, others), then its children. */
function el(tag, attrs, ...children) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") made.className = value;
    else if (name === "text") made.textContent = value;
    else if (name.startsWith("on")) made.addEventListener(name.slice(2), value);
    else made.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    made.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return made;
}

/** A fresh idempotency key: 32 hexadecimal digits from the browser's random source. */
function newKey() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** How long an answer is waited for: a request the Wi-Fi lost on the way (no answer, no
 * error) is given up then, and fails as a network failure does, so that what it carried is
 * sent again with its key. The server writes an entry once whatever the number of times it
 * is sent. */
const ANSWER_WITHIN_MS = 15000;

/** fetch, given up after ANSWER_WITHIN_MS (it then throws, as a network failure does). */
async function fetchWithin(url, options) {
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(), ANSWER_WITHIN_MS);
  try {
    const response = await fetch(url, { ...options, signal: stop.signal });
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    return { status: response.status, data };
  } finally {
    clearTimeout(timer);
  }
}

/** POST JSON; the answer's status and JSON (a network failure, or no answer, throws). */
async function postJSON(url, body) {
  return fetchWithin(url, {
    method: "POST", credentials: "same-origin", cache: "no-store",
    headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
}

/** GET JSON: null for a refusal (to /join when the code is needed); throws as postJSON. */
async function getJSON(url) {
  const answer = await fetchWithin(url, { credentials: "same-origin", cache: "no-store" });
  if (answer.status === 401) { location.href = "/join"; return null; }
  return answer.status >= 200 && answer.status < 300 ? answer.data : null;
}

/** The 28 tiles of the double-six set, low pip first. */
const SET = [];
for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) SET.push(a + "-" + b);

/** A tile drawn as two halves of pips, with its text for readers. */
function tileFace(tile, extra) {
  const [a, b] = tile.split("-");
  return el("span", { class: "tile" + (extra ? " " + extra : ""), "aria-label": tile },
    el("span", { class: "half", text: a }), el("span", { class: "half", text: b }));
}
