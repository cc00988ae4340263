"""The suite's colours by role, in a normal and a colour-blind-friendly set.

Plain RGB tuples and no arcade, so Pillow art scripts and game screens share them. Screens ask
for ``palette(settings.colour_blind)`` and use role names (``side_colour``, ``good``, ``bad``),
never a literal colour, so the colour-blind setting reaches every screen. The colour-blind set
keeps the sea and paper but draws sides and signals from the Okabe-Ito colours, which stay apart
for red-green and blue-yellow colour blindness alike.
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
    ink_muted: RGB = (104, 92, 78)
    brass: RGB = (201, 162, 82)
    brass_light: RGB = (236, 204, 134)
    # text on the dark sea
    text: RGB = (239, 233, 220)
    text_muted: RGB = (158, 174, 192)
    # the two sides, in seat order (first seat, second seat)
    sides: tuple[RGB, RGB] = ((184, 42, 42), (44, 104, 184))
    # signals
    good: RGB = (86, 160, 92)
    bad: RGB = (204, 62, 48)
    warning: RGB = (232, 172, 44)
    selection: RGB = (250, 216, 92)
    hint: RGB = (120, 200, 220)

    def side_colour(self, seat: int) -> RGB:
        """The colour of the side sitting in ``seat`` (0 or 1) of a game's ``sides``."""
        return self.sides[seat % len(self.sides)]


NORMAL = Palette("normal")

# Okabe & Ito (2008): orange and sky blue for the sides, blue for good, vermillion for bad.
COLOUR_BLIND = replace(
    NORMAL,
    name="colour-blind",
    sides=((230, 159, 0), (86, 180, 233)),
    good=(0, 158, 115),
    bad=(213, 94, 0),
    warning=(240, 228, 66),
    selection=(240, 228, 66),
    hint=(204, 121, 167),
)


def palette(colour_blind: bool = False) -> Palette:
    return COLOUR_BLIND if colour_blind else NORMAL


def with_alpha(colour: RGB, alpha: int) -> tuple[int, int, int, int]:
    return (*colour, alpha)


def mix(a: RGB, b: RGB, share_of_b: float) -> RGB:
    """An opaque blend of two colours (arcade.gui surfaces darken translucent fills, so widgets
    draw tints as opaque mixes instead)."""
    return tuple(round(x + (y - x) * share_of_b) for x, y in zip(a, b))
