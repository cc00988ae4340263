"""Every text/background pair the palettes define reads at 4.5:1 or better (WCAG AA), issue 21."""

from __future__ import annotations

import pytest

from navalgames.ui.palette import COLOUR_BLIND, NORMAL, TEXT_PAIRS, contrast_ratio, text_pairs


def test_the_contrast_ratio_is_wcags():
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)
    # the complaint: white numerals on the colour-blind orange
    assert contrast_ratio((255, 255, 255), (230, 159, 0)) == pytest.approx(2.25, abs=0.01)


@pytest.mark.parametrize("pal", [NORMAL, COLOUR_BLIND], ids=lambda p: p.name)
def test_every_text_pair_reads_at_four_and_a_half_to_one(pal):
    pairs = text_pairs(pal)
    assert len(pairs) >= len(TEXT_PAIRS) + 2       # both sides of each side pair
    weak = [(name, round(contrast_ratio(fg, bg), 2)) for name, fg, bg in pairs if contrast_ratio(fg, bg) < 4.5]
    assert weak == []


@pytest.mark.parametrize("pal", [NORMAL, COLOUR_BLIND], ids=lambda p: p.name)
def test_numerals_on_each_side_colour_read(pal):
    for seat in (0, 1):
        assert contrast_ratio(pal.on_side, pal.side_colour(seat)) >= 4.5
        assert contrast_ratio(pal.side_text_colour(seat), pal.sea_deep) >= 4.5
