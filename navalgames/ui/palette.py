"""The suite's colours by role, in a normal and a colour-blind-friendly set.

Plain RGB tuples and no arcade, so Pillow art scripts and game screens share them. Screens ask
for ``palette(settings.colour_blind)`` and use role names (``side_colour``, ``good``, ``bad``),
never a literal colour, so the colour-blind setting reaches every screen. The colour-blind set
keeps the sea and paper but draws sides and signals from the Okabe-Ito colours, which stay apart
for red-green and blue-yellow colour blindness alike.

Words are drawn only in the pairs ``TEXT_PAIRS`` names (text role on background role), and every
pair reads at 4.5:1 or better by WCAG's contrast ratio in both sets (a test computes each). A
side's colour is for fills: words in a side's colour on the dark sea use ``side_text``, and
numerals or words on a side-coloured fill use ``on_side``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    name: str
    # the sea and the chart
    sea_deep: RGB = (12, 27, 46)
    sea: RGB = (24, 52, 84)
    sea_light: RGB = (48, 92, 132)
    chart_line: RGB = (62, 98, 136)
    foam: RGB = (222, 233, 240)
    # land
    land: RGB = (122, 134, 86)
    sand: RGB = (214, 196, 150)
    cliff: RGB = (236, 232, 220)
    rock: RGB = (92, 88, 84)
    # paper, ink and brass: panels and cards
    paper: RGB = (241, 232, 211)
    paper_dark: RGB = (221, 205, 172)
    ink: RGB = (36, 31, 27)
    ink_muted: RGB = (92, 80, 68)
    brass: RGB = (201, 162, 82)
    brass_light: RGB = (236, 204, 134)
    # text on the dark sea
    text: RGB = (239, 233, 220)
    text_muted: RGB = (158, 174, 192)
    # the two sides, in seat order (first seat, second seat)
    sides: tuple[RGB, RGB] = ((184, 42, 42), (44, 104, 184))
    side_text: tuple[RGB, RGB] = ((240, 128, 118), (120, 170, 240))   # words in a side's colour, on the sea
    on_side: RGB = (255, 255, 255)          # numerals and words on a side-coloured fill
    # signals
    good: RGB = (86, 160, 92)
    bad: RGB = (204, 62, 48)
    warning: RGB = (232, 172, 44)
    selection: RGB = (250, 216, 92)
    hint: RGB = (120, 200, 220)
    bad_ink: RGB = (160, 34, 26)            # "bad" for words on paper (messages, problems)

    def side_colour(self, seat: int) -> RGB:
        """The colour of the side sitting in ``seat`` (0 or 1) of a game's ``sides`` (fills)."""
        return self.sides[seat % len(self.sides)]

    def side_text_colour(self, seat: int) -> RGB:
        """The side's colour for words on the dark sea (a side's fill colour is too dark there)."""
        return self.side_text[seat % len(self.side_text)]


# Every (text, background) pair of roles that words are drawn in; "sides" and "side_text" stand
# for each of the two. Each must read at 4.5:1 or better (WCAG AA) in both sets.
TEXT_PAIRS = (
    ("text", "sea_deep"), ("text", "sea"), ("text", "sea_light"),
    ("text_muted", "sea_deep"), ("text_muted", "sea"),
    ("brass_light", "sea_deep"), ("brass_light", "sea"),
    ("warning", "sea_deep"), ("warning", "sea"),
    ("side_text", "sea_deep"), ("side_text", "sea"),
    ("on_side", "sides"),
    ("ink", "paper"), ("ink", "paper_dark"), ("ink", "brass"), ("ink", "brass_light"), ("ink", "selection"),
    ("ink_muted", "paper"), ("ink_muted", "paper_dark"),
    ("bad_ink", "paper"), ("bad_ink", "paper_dark"),
)


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    def luminance(colour: RGB) -> float:
        channels = [v / 255 for v in colour[:3]]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_pairs(pal: "Palette") -> list[tuple[str, RGB, RGB]]:
    """Each pair of TEXT_PAIRS as (name, text colour, background colour), sides taken one by one."""
    def colours(role: str) -> list[tuple[str, RGB]]:
        value = getattr(pal, role)
        if isinstance(value[0], tuple):
            return [(f"{role}[{i}]", v) for i, v in enumerate(value)]
        return [(role, value)]
    return [(f"{fg_name} on {bg_name}", fg, bg) for fg_role, bg_role in TEXT_PAIRS
            for fg_name, fg in colours(fg_role) for bg_name, bg in colours(bg_role)
            if not (fg_role == "side_text" and bg_role == "sides")]


NORMAL = Palette("normal")

# Okabe & Ito (2008): orange and sky blue for the sides, blue for good, vermillion for bad.
COLOUR_BLIND = replace(
    NORMAL,
    name="colour-blind",
    sides=((230, 159, 0), (86, 180, 233)),
    side_text=((230, 159, 0), (86, 180, 233)),   # light enough to read on the sea as they are
    on_side=(24, 24, 30),                        # dark numerals: white on orange read at 2.2:1
    good=(0, 158, 115),
    bad=(213, 94, 0),
    warning=(240, 228, 66),
    selection=(240, 228, 66),
    hint=(204, 121, 167),
    bad_ink=(150, 58, 0),
)


def palette(colour_blind: bool = False) -> Palette:
    return COLOUR_BLIND if colour_blind else NORMAL


def with_alpha(colour: RGB, alpha: int) -> tuple[int, int, int, int]:
    return (*colour, alpha)


def mix(a: RGB, b: RGB, share_of_b: float) -> RGB:
    """An opaque blend of two colours (arcade.gui surfaces darken translucent fills, so widgets
    draw tints as opaque mixes instead)."""
    return tuple(round(x + (y - x) * share_of_b) for x, y in zip(a, b))
