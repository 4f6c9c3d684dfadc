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
