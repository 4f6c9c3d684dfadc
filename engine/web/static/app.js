// The page of `gamebook serve` (and of the web export): it draws the views the game
// API returns and sends the player's actions; no rule and no sentence of its own
// (the words of its controls come with each view, in the game's language).
// Every text from the book or the game is set with textContent, never as HTML.
"use strict";

const $ = (id) => document.getElementById(id);
const MAX_LINES = 600;
let view = null;
let busy = false;

// --- transport: the local server (token in a header), or the export's in-page engine
function serverTransport() {
  const token = document.querySelector('meta[name="gamebook-token"]').content;
  return async (what, action) => {
    const response = await fetch("api/" + what, {
      method: "POST", credentials: "same-origin",
      headers: { "content-type": "application/json", "x-gamebook-token": token },
      body: JSON.stringify(action || {}),
    });
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  };
}
const send = window.GamebookTransport || serverTransport();

async function act(what, action) {
  if (busy) return;
  busy = true;
  window.gamebookIdle = false;   // (for tests and tools: true once the answer is drawn)
  try {
    draw(await send(what, action));
  } catch (err) {
    line($("story"), { style: "error", text: (view && view.labels.error) || String(err) });
  } finally {
    busy = false;
    window.gamebookIdle = true;
  }
}

// --- drawing -------------------------------------------------------------------------
function el(tag, text, cls) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}

function line(parent, row) {
  const p = el("p", row.text || "\u00a0", row.style ? "s-" + row.style : "");
  parent.appendChild(p);
  return p;
}

function labels(L) {
  document.documentElement.lang = view.lang;
  const names = {
    "story-h": "story", "choices-h": "choices", "sheet-h": "sheet", "fight-h": "fight",
    "tools-h": "tools", "history-h": "history", "slots-h": "slots", "slot-label": "slot",
    "note-label": "note", "add-note": "add-note", "save": "save", "undo": "undo", "look": "look",
    "odds": "odds", "restart": "restart", "yes": "yes", "no": "no", "amount-ok": "ok",
    "rule-command-label": "rule-command", "rule-arg-label": "rule-arg", "rule-run": "rule-run",
    "sheet-toggle": "open-sheet", "sheet-close": "close", "lang-toggle": "lang", "skip": "skip",
  };
  for (const [id, key] of Object.entries(names)) $(id).textContent = L[key];
  $("theme-toggle").textContent = L.theme;
  $("controls").setAttribute("aria-label", L.tools);
}

function draw(next) {
  view = next;
  const L = view.labels;
  labels(L);
  document.title = view.book.title;
  $("title").textContent = view.book.title;
  $("toolbar").textContent = view.toolbar;
  document.body.dataset.ended = view.ended || "";
  document.body.dataset.paragraph = String(view.paragraph);
  // a new paragraph starts a new page of the story; what happens in the same one
  // (a round of a fight, a refusal, a save) is added under what was there
  const story = $("story");
  const turned = view.fresh || story.dataset.paragraph !== String(view.paragraph);
  story.dataset.paragraph = String(view.paragraph);
  if (turned) story.replaceChildren();
  for (const old of story.querySelectorAll("p:not(.old)")) old.classList.add("old");
  let first = null;
  for (const row of view.lines) {
    const p = line(story, row);
    first = first || p;
  }
  while (story.childElementCount > MAX_LINES) story.firstElementChild.remove();
  if (turned) window.scrollTo(0, 0);
  else if (first) first.scrollIntoView({ block: "nearest" });
  drawPrompt(L);
  drawSheet(L);
  drawFight(L);
  drawHistory();
  drawSlots();
  drawCommands();
  if (view.author) drawAuthor(view.author);
  focusFirst();
}

function drawPrompt(L) {
  const prompt = view.prompt;
  $("prompt-title").textContent = prompt && prompt.title ? prompt.title : "";
  const info = $("prompt-info");
  info.replaceChildren();
  const list = $("choices");
  list.replaceChildren();
  $("question").hidden = !view.question;
  const awaiting = view.awaiting;
  $("amount-form").hidden = !awaiting;
  $("amount-label").textContent = awaiting ? awaiting.prompt : L.amount;
  if (awaiting) {
    $("amount").min = awaiting.low;
    $("amount").max = awaiting.high;
  }
  if (!prompt || view.question) return;
  for (const text of prompt.info) line(info, { style: "info", text });
  for (const option of prompt.options) {
    const item = el("li");
    const button = el("button", null, option.default ? "default" : "");
    button.type = "button";
    button.dataset.n = String(option.n);
    button.appendChild(el("span", String(option.n), "num"));
    const label = el("span");
    label.appendChild(document.createTextNode(option.label));
    if (option.amount && !option.typed) label.appendChild(document.createTextNode(
      " [" + option.amount[0] + "–" + option.amount[1] + "]"));
    if (!option.enabled && option.reason) label.appendChild(el("span", option.reason, "why"));
    button.appendChild(label);
    button.disabled = !option.enabled;
    button.addEventListener("click", () => act("act", { do: "choose", n: option.n }));
    item.appendChild(button);
    list.appendChild(item);
  }
}

function drawSheet() {
  const sheet = $("sheet");
  sheet.replaceChildren();
  for (const row of view.sheet.slice(1)) line(sheet, row);   // (the first: the panel's title)
}

function drawFight(L) {
  const box = $("fight-box");
  const fight = $("fight");
  fight.replaceChildren();
  box.hidden = !view.fight;
  if (!view.fight) return;
  const you = el("div");
  you.appendChild(el("p", L.you, "s-title"));
  for (const [label, value] of view.fight.you) you.appendChild(el("p", label + " " + value, "s-good"));
  const them = el("div");
  for (const foe of view.fight.foes) {
    const out = foe.mark === "✝";
    them.appendChild(el("p", (foe.mark ? foe.mark + " " : "") + foe.name, out ? "s-title out" : "s-title"));
    for (const [label, value] of foe.stats) them.appendChild(el("p", label + " " + value, out ? "out" : "s-bad"));
  }
  fight.append(you, them);
}

function drawHistory() {
  const list = $("history");
  list.replaceChildren();
  for (const entry of view.history) {
    const item = el("li");
    const button = el("button", entry.text);
    button.type = "button";
    button.addEventListener("click", () => act("act", { do: "command", name: "history", arg: String(entry.n) }));
    item.appendChild(button);
    list.appendChild(item);
  }
}

function drawSlots() {
  const list = $("slots");
  list.replaceChildren();
  for (const slot of view.slots) {
    const item = el("li");
    const button = el("button", view.labels.load + " " + slot);
    button.type = "button";
    button.addEventListener("click", () => act("act", { do: "command", name: "load", arg: slot }));
    item.appendChild(button);
    list.appendChild(item);
  }
}

function drawCommands() {   // the rule module's own commands (the Oracle, Zeus, eat...)
  const select = $("rule-command");
  const kept = select.value;
  select.replaceChildren();
  for (const command of view.commands) {
    const option = el("option", command.label + " — " + command.help);
    option.value = command.name;
    select.appendChild(option);
  }
  if (view.commands.some((c) => c.name === kept)) select.value = kept;
  $("rule-form").hidden = view.commands.length === 0;
}

let watching = null;

function drawAuthor(author) {
  const L = author.labels;
  if (!watching) {   // the book reloaded on the server: draw the game again
    let known = author.version;
    watching = setInterval(async () => {
      if (busy) return;
      try {
        const now = (await send("author", { do: "version" })).version;
        if (now !== known) {
          known = now;
          await act("author", { do: "poll" });
        }
      } catch (_) { /* the server stopped: the page stays as it was */ }
    }, 700);
  }
  $("author-box").hidden = false;
  $("author-h").textContent = L.author;
  for (const key of ["jump-start", "jump-set", "jump-give"]) $(key + "-label").textContent = L[key];
  $("jump").textContent = L.jump;
  $("graph-link").textContent = L.graph;
  $("fight-odds").textContent = author.odds || "";
  const list = $("diagnostics");
  list.replaceChildren();
  for (const d of author.diagnostics) {
    const item = el("li");
    const button = el("button", d.text, "s-" + d.severity);
    button.type = "button";
    if (d.paragraph !== null) {
      button.addEventListener("click", () => act("author", { do: "jump", start: String(d.paragraph) }));
    } else button.disabled = true;
    item.appendChild(button);
    list.appendChild(item);
  }
}

function focusFirst() {
  const active = document.activeElement;
  if (active && active.tagName === "INPUT" && active.id !== "amount") return;
  if (view.question) return $("yes").focus();
  if (view.awaiting) return $("amount").focus();
  const button = $("choices").querySelector("button:not(:disabled)");
  if (button && !$("side").classList.contains("open")) button.focus({ preventScroll: true });
}

// --- controls ------------------------------------------------------------------------
function wire() {
  $("yes").addEventListener("click", () => act("act", { do: "yes" }));
  $("no").addEventListener("click", () => act("act", { do: "no" }));
  $("amount-form").addEventListener("submit", (e) => {
    e.preventDefault();
    act("act", { do: "amount", value: Number.parseInt($("amount").value, 10) });
  });
  $("save-form").addEventListener("submit", (e) => {
    e.preventDefault();
    act("act", { do: "command", name: "save", arg: $("slot").value });
  });
  $("rule-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const arg = $("rule-arg").value;
    $("rule-arg").value = "";
    act("act", { do: "command", name: $("rule-command").value, arg });
  });
  $("note-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("note").value;
    $("note").value = "";
    if (text.trim()) act("act", { do: "command", name: "notes", arg: text });
  });
  $("jump-form").addEventListener("submit", (e) => {
    e.preventDefault();
    act("author", { do: "jump", start: $("jump-start").value, set: $("jump-set").value, give: $("jump-give").value });
  });
  for (const button of document.querySelectorAll("[data-command]")) {
    button.addEventListener("click", () => act("act", { do: "command", name: button.dataset.command }));
  }
  $("lang-toggle").addEventListener("click", () => act("act", { do: "lang", lang: view.lang === "fr" ? "en" : "fr" }));
  $("theme-toggle").addEventListener("click", () => theme(document.documentElement.dataset.theme !== "dark"));
  $("sheet-toggle").addEventListener("click", () => drawer(true));
  $("sheet-close").addEventListener("click", () => drawer(false));
  document.addEventListener("keydown", keys);
}

function keys(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const target = e.target;
  if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
  if (e.key === "Escape" && $("side").classList.contains("open")) return drawer(false);
  if (!/^[1-9]$/.test(e.key) || !view || view.question || view.awaiting) return;
  const button = $("choices").querySelector('button[data-n="' + e.key + '"]');
  if (button && !button.disabled) {
    e.preventDefault();
    button.click();
  }
}

function drawer(open) {
  $("side").classList.toggle("open", open);
  $("sheet-toggle").setAttribute("aria-expanded", String(open));
  (open ? $("sheet-close") : $("sheet-toggle")).focus();
}

function theme(dark) {
  document.documentElement.dataset.theme = dark ? "dark" : "light";
  $("theme-toggle").setAttribute("aria-pressed", String(dark));
  try { localStorage.setItem("gamebook-theme", dark ? "dark" : "light"); } catch (_) { /* private mode */ }
}

function start() {
  let saved = null;
  try { saved = localStorage.getItem("gamebook-theme"); } catch (_) { /* private mode */ }
  theme(saved ? saved === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches);
  wire();
  act("start", {});
}

document.addEventListener("DOMContentLoaded", start);
