// The web export's engine: Pyodide runs the same Python game the server runs
// (engine/web/runtime.py), in the page; nothing is fetched but this folder's files.
// The save slots live in Pyodide's memory file system under DATA, copied into the
// browser's localStorage after every answer and back at start.
"use strict";

(() => {
  const DATA = "/home/pyodide/gamebook-data";
  const GAME = "/home/pyodide/gamebook-code";

  function script(src) {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = () => reject(new Error(src));
      document.head.appendChild(tag);
    });
  }

  async function bytes(name) {
    const response = await fetch(name);
    if (!response.ok) throw new Error(name + ": " + response.status);
    return response.arrayBuffer();
  }

  function walk(FS, dir, found) {
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = dir + "/" + name;
      if (FS.isDir(FS.stat(path).mode)) walk(FS, path, found);
      else found.push(path);
    }
    return found;
  }

  function keyPrefix(book) { return "gamebook:" + book + ":"; }

  function restoreFiles(FS, book) {
    const prefix = keyPrefix(book);
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key.startsWith(prefix)) continue;
      const rel = key.slice(prefix.length);
      if (rel.split("/").some((part) => part === ".." || part === "")) continue;
      const path = DATA + "/" + rel;
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, localStorage.getItem(key));
    }
  }

  function keepFiles(FS, book) {
    const prefix = keyPrefix(book);
    const present = new Set();
    for (const path of walk(FS, DATA, [])) {
      const key = prefix + path.slice(DATA.length + 1);
      present.add(key);
      const text = FS.readFile(path, { encoding: "utf8" });
      if (localStorage.getItem(key) !== text) localStorage.setItem(key, text);
    }
    for (let i = localStorage.length - 1; i >= 0; i--) {   // a slot deleted in the game
      const key = localStorage.key(i);
      if (key.startsWith(prefix) && !present.has(key)) localStorage.removeItem(key);
    }
  }

  const ready = (async () => {
    await script("pyodide/pyodide.js");
    const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", location.href).href });
    const [code, book] = await Promise.all([bytes("game.zip"), fetch("book.json").then((r) => r.text())]);
    pyodide.unpackArchive(code, "zip", { extractDir: GAME });
    const id = JSON.parse(book).data.id;
    pyodide.FS.mkdirTree(DATA);
    restoreFiles(pyodide.FS, id);
    pyodide.runPython("import sys\nif '" + GAME + "' not in sys.path: sys.path.insert(0, '" + GAME + "')");
    const runtime = pyodide.pyimport("engine.web.runtime");
    // ?seed=N replays a game exactly (as --seed does), ?lang=en plays in English
    const query = new URLSearchParams(location.search);
    const seed = /^[0-9]{1,9}$/.test(query.get("seed") || "") ? Number(query.get("seed"))
      : crypto.getRandomValues(new Uint32Array(1))[0];
    const lang = query.get("lang") || "";
    runtime.boot(book, seed, DATA, lang);
    return { pyodide, runtime, id };
  })();

  window.GamebookTransport = async (what, action) => {
    const { pyodide, runtime, id } = await ready;
    const answer = runtime.answer(what, JSON.stringify(action || {}));
    try { keepFiles(pyodide.FS, id); } catch (_) { /* storage full or off: the game goes on */ }
    return JSON.parse(answer);
  };
})();
