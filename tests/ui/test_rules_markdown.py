"""Rules pages: the Markdown we write becomes styled paragraphs."""

from navalgames.ui.markdown import inline_runs, markdown_document, parse
from navalgames.ui.palette import NORMAL

BASE = {"font_size": 16, "color": (0, 0, 0, 255), "weight": "normal", "italic": False}


def test_inline_bold_italic_code_and_links():
    runs = inline_runs("A **Runner** may *not* use `fire D4`, see [rule 3](#r3).", BASE)
    texts = [(t, s.get("weight"), s.get("italic"), "Mono" in str(s.get("font_name"))) for t, s in runs]
    assert ("Runner", "bold", False, False) in texts
    assert ("not", "normal", True, False) in texts
    assert ("fire D4", "normal", False, True) in texts
    assert "".join(t for t, _ in runs) == "A Runner may not use fire D4, see rule 3."


def test_snake_case_words_are_not_read_as_italics():
    assert "".join(t for t, _ in inline_runs("option fb_jump_over_ships here", BASE)) == \
        "option fb_jump_over_ships here"


def test_headings_lists_quotes_and_paragraphs():
    paragraphs = parse("# Title\n\nFirst line\ncontinues.\n\n- one\n- two\n  wrapped\n1. first\n\n> aside\n",
                       NORMAL)
    texts = [p.text for p in paragraphs]
    assert texts == ["Title", "First line continues.", "•\tone", "•\ttwo wrapped", "1.\tfirst", "aside"]
    assert paragraphs[0].runs[0][1]["weight"] == "bold"
    assert paragraphs[0].runs[0][1]["font_size"] > paragraphs[1].runs[0][1]["font_size"]
    assert paragraphs[2].style["margin_left"] > 0
    assert paragraphs[5].runs[0][1]["italic"]


def test_tables_are_aligned_in_a_fixed_width_face():
    paragraphs = parse("| piece | moves |\n|---|---|\n| Battleship | 1 |\n| Submarine | 2 |\n", NORMAL)
    lines = [p.text for p in paragraphs]
    assert lines == ["piece       moves", "Battleship  1", "Submarine   2"]
    assert paragraphs[0].runs[0][1]["weight"] == "bold"
    assert "Mono" in str(paragraphs[1].runs[0][1]["font_name"])


def test_code_blocks_keep_their_lines():
    paragraphs = parse("```\nnavalgames list\n  indented\n```\nafter", NORMAL)
    assert [p.text for p in paragraphs] == ["navalgames list", "  indented", "after"]


def test_document_text_joins_paragraphs():
    document = markdown_document("# A\n\nb **c**", NORMAL)
    assert document.text == "A\nb c"
    assert document.get_style("weight", 4) == "bold"
