"""Rules pages written in Markdown, turned into a styled pyglet document for reading in the app.

Covers what our rules pages use: headings, paragraphs, bullet and numbered lists (nested),
block quotes, code blocks, tables (set in a fixed-width face, columns aligned), horizontal rules,
and inline **bold**, *italic*, `code` and [links](...) (shown as their text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pyglet

from navalgames.ui import theme
from navalgames.ui.palette import Palette

MONO = ("DejaVu Sans Mono", "Consolas", "Menlo", "Courier New", "monospace")
INLINE = re.compile(r"(\*\*.+?\*\*|__.+?__|\*[^*\s][^*]*?\*|(?<![\w])_[^_\s][^_]*?_(?![\w])|`[^`]+`|\[[^\]]+\]\([^)]*\))")


@dataclass
class Paragraph:
    runs: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    style: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.runs)


def inline_runs(text: str, base: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Split one line of Markdown into (text, style) runs for bold, italic and code."""
    runs: list[tuple[str, dict[str, Any]]] = []
    for piece in INLINE.split(text):
        if not piece:
            continue
        if piece[:2] in ("**", "__") and piece[-2:] == piece[:2] and len(piece) > 4:
            runs.extend(inline_runs(piece[2:-2], {**base, "weight": "bold"}))
        elif piece[0] in "*_" and piece[-1] == piece[0] and len(piece) > 2:
            runs.extend(inline_runs(piece[1:-1], {**base, "italic": True}))
        elif piece[0] == "`" and piece[-1] == "`" and len(piece) > 2:
            runs.append((piece[1:-1], {**base, "font_name": MONO, "font_size": base["font_size"] - 2}))
        elif piece[0] == "[" and "](" in piece:
            runs.extend(inline_runs(piece[1:piece.index("](")], {**base, "underline": base["color"]}))
        else:
            runs.append((piece, base))
    return runs


def _table(rows: list[str], body: dict[str, Any]) -> list[Paragraph]:
    cells = [[c.strip() for c in row.strip().strip("|").split("|")] for row in rows]
    cells = [row for row in cells if not all(re.fullmatch(r":?-{2,}:?", c) for c in row if c)]
    if not cells:
        return []
    cells = [[re.sub(r"[*_`]", "", c) for c in row] for row in cells]
    widths = [max(len(row[i]) if i < len(row) else 0 for row in cells) for i in range(max(map(len, cells)))]
    mono = {**body, "font_name": MONO, "font_size": body["font_size"] - 3}
    out = []
    for n, row in enumerate(cells):
        line = "  ".join((row[i] if i < len(row) else "").ljust(widths[i]) for i in range(len(widths)))
        style = {**mono, "weight": "bold" if n == 0 else "normal"}
        out.append(Paragraph([(line.rstrip(), style)], {"margin_left": 12, "margin_bottom": 2, "wrap": False}))
    out[-1].style["margin_bottom"] = 12
    return out


def parse(markdown: str, colours: Palette, scale: float = 1.0) -> list[Paragraph]:
    """The paragraphs of a Markdown text with their character and paragraph styles."""
    size = round(theme.BODY * scale)
    body = {"font_name": theme.FONT, "font_size": size, "color": (*colours.ink, 255),
            "weight": "normal", "italic": False}
    headings = {1: 1.6, 2: 1.3, 3: 1.12, 4: 1.0, 5: 1.0, 6: 1.0}
    paragraphs: list[Paragraph] = []
    lines = markdown.replace("\r\n", "\n").split("\n")
    i = 0
    pending: list[str] = []

    def flush() -> None:
        if pending:
            text = " ".join(s.strip() for s in pending)
            paragraphs.append(Paragraph(inline_runs(text, body), {"margin_bottom": round(size * 0.7)}))
            pending.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("```"):
            flush()
            i += 1
            mono = {**body, "font_name": MONO, "font_size": size - 3}
            while i < len(lines) and not lines[i].strip().startswith("```"):
                paragraphs.append(Paragraph([(lines[i].rstrip() or " ", mono)],
                                            {"margin_left": 16, "margin_bottom": 0, "wrap": False}))
                i += 1
        elif m := re.match(r"(#{1,6})\s+(.*)", stripped):
            flush()
            level = len(m.group(1))
            style = {**body, "weight": "bold", "font_size": round(size * headings[level]),
                     "color": (*colours.sea, 255) if level <= 2 else body["color"]}
            paragraphs.append(Paragraph(inline_runs(m.group(2).strip("# "), style),
                                        {"margin_top": round(size * (1.2 if level <= 2 else 0.6)),
                                         "margin_bottom": round(size * 0.5)}))
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(lines[i])
                i += 1
            paragraphs.extend(_table(rows, body))
            continue
        elif re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", stripped):
            flush()
            paragraphs.append(Paragraph([("~   ~   ~", {**body, "color": (*colours.ink_muted, 255)})],
                                        {"align": "center", "margin_top": 6, "margin_bottom": 14}))
        elif m := re.match(r"(\s*)([-*+]|\d+[.)])\s+(.*)", line):
            flush()
            depth = len(m.group(1).expandtabs(4)) // 2
            marker = "•" if m.group(2) in "-*+" else m.group(2)
            text = m.group(3)
            while i + 1 < len(lines) and lines[i + 1].strip() and not re.match(
                    r"\s*([-*+]|\d+[.)])\s+|\s*#|\s*\||\s*```", lines[i + 1]) \
                    and lines[i + 1].startswith(" "):
                i += 1
                text += " " + lines[i].strip()
            indent = 30 + 24 * depth
            paragraphs.append(Paragraph([(marker + "\t", body), *inline_runs(text, body)],
                                        {"margin_left": indent, "indent": -22, "tab_stops": [indent],
                                         "margin_bottom": round(size * 0.3)}))
        elif stripped.startswith(">"):
            flush()
            text = stripped.lstrip("> ")
            paragraphs.append(Paragraph(inline_runs(text, {**body, "italic": True,
                                                          "color": (*colours.ink_muted, 255)}),
                                        {"margin_left": 28, "margin_bottom": round(size * 0.6)}))
        else:
            pending.append(line)
        i += 1
    flush()
    return paragraphs


def markdown_document(markdown: str, colours: Palette, scale: float = 1.0) -> pyglet.text.document.FormattedDocument:
    """A pyglet document for ``ScrollText`` showing ``markdown`` in the suite's style."""
    paragraphs = parse(markdown, colours, scale) or [Paragraph([(" ", {"font_name": theme.FONT})])]
    text = "\n".join(p.text for p in paragraphs)
    document = pyglet.text.document.FormattedDocument(text)
    position = 0
    for p in paragraphs:
        start = position
        for run_text, style in p.runs:
            document.set_style(position, position + len(run_text), style)
            position += len(run_text)
        base = {"line_spacing": None, "leading": 4, "margin_top": 0, "margin_bottom": 0,
                "margin_left": 0, "indent": 0, "wrap": True, "align": "left"}
        document.set_paragraph_style(start, max(start + 1, position), {**base, **p.style})
        position += 1   # the newline between paragraphs
    return document
