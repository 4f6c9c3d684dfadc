"""`gamebook graph`: the graph model, its DOT/Mermaid/SVG/HTML renderings and the command."""
import glob
import os
import shutil

import pytest

from tests.analysis_fixtures.support import BOOKS, FIXTURES, load
from engine.analysis import graph as G
from engine.cli import main

ALL_BOOKS = sorted(glob.glob(str(FIXTURES / "*.yaml"))) + BOOKS


def nodes(g):
    return {n.number: n for n in g.nodes}


def test_model_marks_endings_activities_and_unreachable():
    book, module, _ = load("quest")
    g = G.book_graph(book, module, "en")
    n = nodes(g)
    assert n[5].ending == "death" and n[6].ending == "victory"
    assert n[2].activities == ("combat",) and n[3].activities == ("test",)
    assert n[1].start and not n[2].start
    assert [k for k, v in n.items() if v.unreachable] == [8]
    assert g.complete


def test_conditions_and_computed_jumps():
    book, module, _ = load("quest")
    edges = {(e.source, e.target): e for e in G.book_graph(book, module, "en").edges}
    assert edges[(1, 9)].label == 'Porte close [if has("cle")]'
    assert not edges[(1, 9)].dashed
    assert edges[(4, 7)].dashed  # "here + 3", resolved statically but computed
    assert edges[(2, 4)].kind == "win" and edges[(3, 5)].kind == "failure"
    fr = {(e.source, e.target): e for e in G.book_graph(book, module, "fr").edges}
    assert fr[(1, 9)].label == 'Porte close [si has("cle")]'


def test_unknown_target_goes_to_question_mark(tmp_path):
    path = tmp_path / "dyn.yaml"
    path.write_text((FIXTURES / "hopeless.yaml").read_text().replace(
        "  2: {text: Victoire, end: victory}",
        "  2:\n    text: Un saut.\n    choices: [{text: Sauter, to: 'force + 1'}]\n"
        "  3: {text: Fin, end: victory}"))
    book, module, _ = load(path)
    g = G.book_graph(book, module, "en")
    assert not g.complete
    assert not any(n.unreachable for n in g.nodes)  # a computed jump could reach anything
    edge = next(e for e in g.edges if e.source == 2)
    assert edge.target == G.UNKNOWN and edge.dashed and "force + 1" in edge.label
    assert "p2 -> unknown" in G.to_dot(g) and "p2 -.->" in G.to_mermaid(g)


def test_dot_text():
    book, module, _ = load("quest")
    dot = G.to_dot(G.book_graph(book, module, "en"))
    assert dot.startswith('digraph "La Quête de test" {')
    assert 'p4 -> p7 [label="Avancer", style=dashed];' in dot
    assert 'p1 -> p9 [label="Porte close [if has(\\"cle\\")]"];' in dot
    assert 'p8 [label="8\\ndeath", shape="Mcircle", style="filled,dashed"' in dot
    assert 'p2 [label="2\\ncombat", shape="octagon"]' in dot


def test_mermaid_text():
    book, module, _ = load("quest")
    mm = G.to_mermaid(G.book_graph(book, module, "en"))
    assert mm.startswith("flowchart TD\n")
    assert '  p4 -.->|"Avancer"| p7' in mm
    assert '  p1 -->|"Porte close [if has(#quot;cle#quot;)]"| p9' in mm
    assert "  class p8 unreachable" in mm and "  class p5 death" in mm
    assert '  p2{{"2<br/>combat"}}' in mm


def test_svg_without_graphviz_is_a_clear_error(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))
    code = main(["graph", str(FIXTURES / "quest.yaml"), "--format", "svg", "--lang", "en"])
    err = capsys.readouterr().err
    assert code == 1
    assert "apt install graphviz" in err and "brew install graphviz" in err
    main(["graph", str(FIXTURES / "quest.yaml"), "--format", "svg", "--lang", "fr"])
    assert "Installez-le" in capsys.readouterr().err


def test_html_without_graphviz_embeds_mermaid(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    out = tmp_path / "g.html"
    assert main(["graph", str(FIXTURES / "quest.yaml"), "--format", "html", "-o", str(out)]) == 0
    page = out.read_text()
    assert '<pre class="mermaid">' in page and "mermaid.js" in page and "<svg" not in page
    assert "http" not in page.split("<body>")[1].replace("http://www.w3.org", "")


FAKE_DOT = """#!/usr/bin/env python3
import re, sys
source = sys.stdin.read()
title = re.search(r'digraph "([^"]*)"', source).group(1)
sys.stdout.write('<svg xmlns="http://www.w3.org/2000/svg"><title>%s</title></svg>' % title)
"""


@pytest.fixture
def dot(tmp_path_factory, monkeypatch):
    """Graphviz's `dot`: the real one where installed (.ci/run installs it), else a
    stand-in that answers an SVG, so that the wiring is tested on every machine."""
    if shutil.which("dot") is None:
        if os.environ.get("CI"):
            pytest.fail("Graphviz 'dot' must be installed in CI (.ci/run installs it)")
        folder = tmp_path_factory.mktemp("fake-dot")
        (folder / "dot").write_text(FAKE_DOT)
        (folder / "dot").chmod(0o755)
        monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ.get('PATH', '')}")
    return shutil.which("dot")


def test_svg_and_html_with_graphviz(tmp_path, dot):
    svg, page = tmp_path / "g.svg", tmp_path / "g.html"
    assert main(["graph", str(FIXTURES / "quest.yaml"), "--format", "svg", "-o", str(svg)]) == 0
    text = svg.read_text()
    assert "<svg" in text and "La Quête de test" in text
    assert main(["graph", str(FIXTURES / "quest.yaml"), "--format", "html", "-o", str(page)]) == 0
    assert "<svg" in page.read_text() and "mermaid" not in page.read_text()


def test_a_book_with_errors_still_draws_its_problems_marked(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("gamebook: 1\ntitle: x\nrules: fixture\nstart: 1\nparagraphs:\n"
                   "  1: {text: a, choices: [{text: b, to: 2}]}\n"
                   "  2: {text: c, choices: [{text: d, to: 9}]}\n")
    assert main(["graph", str(bad), "--lang", "en"]) == 1   # drawn, and still a failure
    out, err = capsys.readouterr()
    assert "unknown-target" in err and "marked on the graph" in err
    assert 'p2 [label="2\\n⚠ unknown-target", shape="box", color="#d00000"' in out
    assert 'p1 [label="1", shape="box"' in out and 'p9 [label="9 ?", color=red' in out


def test_a_book_that_does_not_parse_is_refused(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("gamebook: 1\ntitle: x\nrules: fixture\nstart: 1\nparagraphs: {1: [\n")
    assert main(["graph", str(bad)]) == 1
    assert "yaml-syntax" in capsys.readouterr().err


def test_the_legend_in_the_book_language():
    book, module, _ = load("quest")
    dot, mm = G.to_dot(G.book_graph(book, module, "en")), G.to_mermaid(G.book_graph(book, module, "fr"))
    assert 'subgraph cluster_legend {\n    label="Legend";' in dot
    assert 'legend1 [label="victory", shape=doublecircle' in dot and "legend_a -> legend_b [style=dashed];" in dot
    assert '  subgraph legend["Légende"]' in mm and '    legend3["combat ou test"]' in mm
    assert "  class legend2 death" in mm


def test_several_ways_between_two_paragraphs_are_one_edge(tmp_path):
    path = tmp_path / "loops.yaml"
    path.write_text("gamebook: 1\ntitle: x\nrules: fixture\nstart: 1\nparagraphs:\n"
                    "  1:\n    text: a\n    choices:\n" + "".join(
                        f"      - {{text: Wait {i}, to: 1}}\n" for i in range(6)) +
                    "      - {text: Sing, to: 2}\n      - {text: Dance, to: 2}\n"
                    "  2: {text: b, end: victory}\n")
    book, module, _ = load(path)
    edges = {(e.source, e.target): e.label for e in G.book_graph(book, module, "en").edges}
    assert edges == {(1, 1): "Wait 0\nWait 1\nWait 2\nWait 3\n… (×6)", (1, 2): "Sing\nDance"}


def test_a_module_exit_is_labelled_in_english_in_an_english_graph():
    book, module, _ = load("quest")
    en = {(e.source, e.target): e.label for e in G.book_graph(book, module, "en").edges}
    fr = {(e.source, e.target): e.label for e in G.book_graph(book, module, "fr").edges}
    assert en[(2, 4)] == "win" and en[(3, 5)] == "failure"
    assert fr[(2, 4)] != "win"


@pytest.mark.parametrize("path", ALL_BOOKS)
def test_every_book_renders(path):
    book, module, _ = load(path)
    g = G.book_graph(book, module)
    assert {n.number for n in g.nodes} == set(book.paragraphs)
    dot, mm = G.to_dot(g), G.to_mermaid(g)
    for n in book.paragraphs:
        assert f"  p{n} [" in dot and f"  p{n}" in mm


def test_gen_graphs_writes_mermaid_and_svg(tmp_path, dot):
    from tools.gen_graphs import render
    written = render(str(FIXTURES / "quest.yaml"), tmp_path)
    assert sorted(p.name for p in written) == ["quest.mmd", "quest.svg"]
    assert (tmp_path / "quest.mmd").read_text().startswith("flowchart TD")
    assert "<svg" in (tmp_path / "quest.svg").read_text()


@pytest.mark.parametrize("path", BOOKS, ids=os.path.basename)
def test_docs_have_a_current_picture_of_each_bundled_book(path):
    """docs/graphs holds each bundled book's graph (python -m tools.gen_graphs)."""
    book, module, _ = load(path)
    docs = FIXTURES.parents[2] / "docs" / "graphs"
    assert (docs / f"{book.id}.svg").is_file()
    expected = G.to_mermaid(G.book_graph(book, module, book.language))
    assert (docs / f"{book.id}.mmd").read_text(encoding="utf-8") == expected, \
        "docs/graphs is stale: python -m tools.gen_graphs"
