"""The value on a piece reads against its side's band in both palettes (issue 21: white on the
colour-blind orange was about 2.2:1; WCAG asks 4.5:1 for text)."""

from __future__ import annotations

import pytest

from games.dover_patrol.ui.art import COLOUR_BLIND, NORMAL, piece_face
from navalgames.ui.palette import contrast_ratio


@pytest.mark.parametrize("pal", [NORMAL, COLOUR_BLIND], ids=lambda p: p.name)
@pytest.mark.parametrize("side", ["south", "north"])
def test_a_pieces_value_reads_on_its_band(pal, side):
    assert contrast_ratio(pal.numeral[side], pal.side[side]) >= 4.5


def test_the_value_is_drawn_in_the_numeral_colour():
    face = piece_face("10", "south", COLOUR_BLIND).convert("RGB")
    width, height = face.size
    band = [face.getpixel((x, int(height * 0.2))) for x in range(int(width * 0.3), int(width * 0.7))]
    dark = COLOUR_BLIND.numeral["south"]
    assert any(max(abs(a - b) for a, b in zip(pixel, dark)) < 40 for pixel in band)
