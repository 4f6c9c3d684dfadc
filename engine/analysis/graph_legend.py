"""The legend of the paragraph graph (engine/analysis/graph.py): what its shapes,
colours and dashes mean, in the graph's language, for DOT and for Mermaid."""
from __future__ import annotations

LEGEND = {"fr": (("départ", "start"), ("victoire", "victory"), ("mort", "death"),
                 ("combat ou test", "activity"), ("inaccessible", "unreachable"), ("erreur", "problem"),
                 ("pointillés : saut calculé ou caché", "dashed")),
          "en": (("start", "start"), ("victory", "victory"), ("death", "death"),
                 ("fight or test", "activity"), ("unreachable", "unreachable"), ("error", "problem"),
                 ("dashed: computed or hidden jump", "dashed"))}


def dot(lang: str, colours: dict, problem: str, quote) -> list[str]:
    """What the shapes, colours and dashes mean, in a box of its own."""
    shapes = {"start": 'shape=box, style=filled, fillcolor="%s"' % colours["start"],
              "victory": 'shape=doublecircle, style=filled, fillcolor="%s"' % colours["victory"],
              "death": 'shape=Mcircle, style=filled, fillcolor="%s"' % colours["death"],
              "activity": "shape=octagon",
              "unreachable": 'shape=box, style="filled,dashed", fillcolor="%s", color="#888888"'
                             % colours["unreachable"],
              "problem": f'shape=box, color="{problem}", fontcolor="{problem}", penwidth=2',
              "dashed": "shape=plaintext"}
    title = "Légende" if lang == "fr" else "Legend"
    lines = ["  subgraph cluster_legend {", f"    label={quote(title)}; style=rounded; color=\"#999999\";"]
    for i, (text, kind) in enumerate(LEGEND.get(lang, LEGEND["en"])):
        lines.append(f"    legend{i} [label={quote(text)}, {shapes[kind]}, fontsize=9];")
    lines += ['    legend_a [label="", shape=point]; legend_b [label="", shape=point];',
              "    legend_a -> legend_b [style=dashed];",
              "  }"]
    return lines


def mermaid(lang: str, escape) -> list[str]:
    """The legend as a Mermaid subgraph, its boxes in the classes of the nodes they explain."""
    title = "Légende" if lang == "fr" else "Legend"
    lines = [f'  subgraph legend["{title}"]']
    for i, (text, kind) in enumerate(LEGEND.get(lang, LEGEND["en"])):
        if kind == "dashed":
            lines.append(f'    legend{i}a[" "] -.->|"{escape(text)}"| legend{i}b[" "]')
        else:
            lines.append(f'    legend{i}["{escape(text)}"]')
    lines.append("  end")
    for i, (_text, kind) in enumerate(LEGEND.get(lang, LEGEND["en"])):
        if kind != "dashed":
            lines.append(f"  class legend{i} {kind}")
    return lines
