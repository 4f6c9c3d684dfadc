"""The live preview's helpers (engine/web/watch.py): a finding's paragraph, the graph's mark."""
from __future__ import annotations

from engine.web.watch import mark, paragraph_at


def test_a_findings_paragraph_is_the_nearest_key_above_its_line(tmp_path):
    book = tmp_path / "b.yaml"
    book.write_text("title: x\nparagraphs:\n  1:\n    text: a\n  12:\n    text: |\n      b\n"
                    "    choices:\n      - {text: c, to: 1}\n", encoding="utf-8")
    assert paragraph_at(str(book), 0) is None          # the header
    assert paragraph_at(str(book), 1) is None          # `paragraphs:` itself
    assert paragraph_at(str(book), 3) == 1
    assert paragraph_at(str(book), 6) == 12            # inside a block of text
    assert paragraph_at(str(book), 8) == 12            # a choice's line
    assert paragraph_at(str(book), -1) is None         # no position
    assert paragraph_at(str(tmp_path / "gone.yaml"), 3) is None


def test_the_graph_marks_the_current_paragraphs_node_only():
    page = ('<html><head></head><body><svg><g id="node1" class="node">\n<title>p1</title></g>'
            '<g id="node2" class="node">\n<title>p12</title></g></svg></body></html>')
    marked = mark(page, 12)
    assert '<g id="node2" class="node current" aria-current="step">' in marked
    assert '<g id="node1" class="node">' in marked
    assert 'class="node current"' not in mark(page, 3)   # no node of §3: none marked


def author_over(tmp_path):
    """An Author (the --watch side) over a copy of la-cloche-de-brumesel, its game at §12."""
    import argparse
    import shutil
    from engine.commands.serve import web_game
    from engine.web.server import Served
    from engine.web.watch import Author
    from tests.web.helpers import CLOCHE, web
    book = tmp_path / "cloche.yaml"
    shutil.copy(CLOCHE, book)
    w = web(book, root=tmp_path / "data")
    w.start()
    w.act({"do": "choose", "n": 2})
    served = Served(w)
    args = argparse.Namespace(seed=5, dice=None)
    author = Author(served, book, args, web_game)
    author.stop()   # (the test reloads by hand)
    return served, author, book


def test_a_reload_keeps_the_game_or_says_why_it_cannot(tmp_path):
    served, author, book = author_over(tmp_path)
    text = book.read_text(encoding="utf-8")
    book.write_text(text.replace("Flâner parmi les étals de la foire", "Flâner sur la place"), encoding="utf-8")
    author.reload()
    view = author.act({"do": "poll"})
    assert view["paragraph"] == 12 and any("12" in row["text"] for row in view["lines"][:2])
    book.write_text(text.replace("\n  12:\n", "\n  1200:\n").replace("to: 12}", "to: 1200}"), encoding="utf-8")
    author.reload()
    view = author.act({"do": "poll"})
    assert view["paragraph"] == 1 and view["lines"][1]["style"] == "warning"
    book.write_text(text.replace("start: 1\n", "start: nowhere\n"), encoding="utf-8")
    before = served.web
    author.reload()
    view = author.act({"do": "poll"})
    assert served.web is before and view["lines"][1]["style"] == "error"
    assert any(d["severity"] == "error" for d in author.view()["diagnostics"])


def test_without_graphviz_the_mermaid_text_marks_the_current_paragraph(monkeypatch):
    from engine.analysis import graph as G
    from engine.lint.loader import load_book
    from tests.web.helpers import CLOCHE
    monkeypatch.setattr(G, "dot_program", lambda: None)   # no Graphviz: the Mermaid page
    loaded = load_book(CLOCHE, use_cache=False)
    page = G.to_html(G.book_graph(loaded.book, loaded.module, "en"), "en")
    marked = mark(page, 12, "en")
    text = marked.split('<pre class="mermaid">', 1)[1].split("</pre>", 1)[0]
    assert text.rstrip().endswith("  class p12 current") and "  classDef current fill:#ffd54f" in text
    assert text.count("current") == 2   # the two lines added, nothing else touched:
    assert text.startswith(page.split('<pre class="mermaid">', 1)[1].split("</pre>", 1)[0])
    assert '<p class="note" id="current">Current paragraph: 12 (' in marked
    assert "Paragraphe actuel : 12 (" in mark(page, 12)
    assert "class p9999" not in mark(page, 9999) and 'id="current"' not in mark(page, 9999)   # no such node
