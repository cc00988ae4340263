"""Dover Patrol pictures drawn with Pillow: piece faces with ship silhouettes, piece backs, flags.

Everything is drawn in code at start-up (a few dozen small images, well under a second), so the
colour-blind palette is just another call and nothing binary needs keeping in step with the code.
``python -m games.dover_patrol.ui.art OUT_DIR`` writes every picture as PNG plus a contact sheet
for looking at them.

Silhouettes are side views, bow to the right, in the spirit of the 1920 box's ship cards:
dreadnoughts with tripod masts and turrets, four-funnelled destroyers, a Felixstowe-like flying
boat, a horned mine.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

PIECE_PX = 128          # texture size of one piece; sprites are scaled to the square size
_SS = 4                 # drawn at 4x and reduced, for smooth edges
_CANVAS = PIECE_PX * _SS

KINDS = ("10", "9", "8", "7", "6", "5", "4", "3", "2", "1", "MS", "SS", "ML", "FB", "MI")


@dataclass(frozen=True)
class Palette:
    name: str
    sea: tuple[int, int, int]
    sea_alt: tuple[int, int, int]       # every other square, faintly
    harbour: tuple[int, int, int]
    grid: tuple[int, int, int]
    wall: tuple[int, int, int]
    wall_edge: tuple[int, int, int]
    base: tuple[int, int, int]
    setup_zone: tuple[int, int, int, int]
    side: dict                          # side -> main colour of its pieces
    side_dark: dict
    side_light: dict
    numeral: dict                       # side -> the value's colour on that side's band (4.5:1 at least)
    face: tuple[int, int, int]          # the card face of a piece
    ink: tuple[int, int, int]           # silhouettes and numbers
    legal: tuple[int, int, int]         # legal destinations
    target: tuple[int, int, int]        # attack targets
    selected: tuple[int, int, int]
    last_move: tuple[int, int, int]
    panel: tuple[int, int, int]
    panel_text: tuple[int, int, int]
    panel_dim: tuple[int, int, int]


NORMAL = Palette(
    name="normal",
    sea=(52, 112, 138), sea_alt=(57, 119, 145), harbour=(70, 128, 132), grid=(32, 78, 102),
    wall=(142, 124, 98), wall_edge=(86, 70, 52), base=(226, 196, 92),
    setup_zone=(250, 236, 170, 70),
    side={"south": (176, 48, 40), "north": (34, 60, 110)},
    side_dark={"south": (112, 26, 22), "north": (16, 30, 62)},
    side_light={"south": (226, 150, 140), "north": (150, 174, 214)},
    numeral={"south": (255, 255, 255), "north": (255, 255, 255)},
    face=(240, 232, 210), ink=(30, 36, 46),
    legal=(250, 226, 90), target=(255, 110, 60), selected=(255, 255, 255), last_move=(240, 200, 120),
    panel=(24, 32, 44), panel_text=(232, 228, 214), panel_dim=(150, 160, 170),
)

# Okabe-Ito orange and blue, and highlights that never rely on red against green.
COLOUR_BLIND = Palette(
    name="colour-blind",
    sea=(72, 104, 120), sea_alt=(78, 110, 126), harbour=(112, 134, 142), grid=(44, 70, 86),
    wall=(200, 190, 170), wall_edge=(90, 84, 74), base=(240, 228, 66),
    setup_zone=(255, 255, 255, 64),
    side={"south": (230, 159, 0), "north": (0, 114, 178)},
    side_dark={"south": (150, 96, 0), "north": (0, 62, 104)},
    side_light={"south": (250, 214, 140), "north": (140, 196, 232)},
    numeral={"south": (24, 24, 30), "north": (255, 255, 255)},    # white on orange read at 2.2:1
    face=(244, 240, 228), ink=(24, 24, 30),
    legal=(255, 255, 255), target=(240, 228, 66), selected=(255, 255, 255), last_move=(204, 121, 167),
    panel=(28, 30, 36), panel_text=(236, 236, 236), panel_dim=(160, 160, 160),
)


def palette(colour_blind: bool) -> Palette:
    return COLOUR_BLIND if colour_blind else NORMAL


def _font_path(bold: bool = True) -> str:
    import arcade  # the fonts arcade ships are always there, whatever the system has
    name = "Liberation_Serif_Bold.ttf" if bold else "Liberation_Serif_Regular.ttf"
    return str(arcade.resources.resolve(f":system:fonts/ttf/Liberation/{name}"))


@lru_cache(maxsize=None)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(_font_path(), size)


# --- silhouettes ------------------------------------------------------------------------

@dataclass(frozen=True)
class Warship:
    """A side profile: positions are fractions of the hull length from the stern."""

    length: float = 1.0
    freeboard: float = 0.09
    turrets: tuple[float, ...] = ()
    funnels: tuple[float, ...] = ()
    funnel_h: float = 0.16
    funnel_w: float = 0.035
    bridge: tuple[float, float] = (0.55, 0.68)
    bridge_h: float = 0.08
    tripods: tuple[float, ...] = ()
    poles: tuple[float, ...] = ()
    mast_h: float = 0.36
    admiral_flags: int = 0           # 1: vice-admiral, 2: admiral
    stern_gear: str = ""             # "mines" rails, "sweep" gantry


SHIPS = {
    "10": Warship(turrets=(0.10, 0.22, 0.74, 0.87), funnels=(0.44, 0.55), tripods=(0.63,),
                  poles=(0.32,), admiral_flags=2, bridge=(0.58, 0.70), mast_h=0.42),
    "9": Warship(turrets=(0.10, 0.22, 0.74, 0.87), funnels=(0.45, 0.55), tripods=(0.63,),
                 poles=(0.32,), admiral_flags=1, bridge=(0.58, 0.70), mast_h=0.40),
    "7": Warship(turrets=(0.10, 0.24, 0.72, 0.86), funnels=(0.42, 0.54), tripods=(0.62,),
                 poles=(0.30,), bridge=(0.58, 0.69), mast_h=0.38),
    "6": Warship(freeboard=0.08, turrets=(0.12, 0.52, 0.84), funnels=(0.34, 0.43, 0.62),
                 funnel_h=0.14, funnel_w=0.03, tripods=(0.70,), poles=(0.22,), bridge=(0.68, 0.76), mast_h=0.36),
    "5": Warship(length=0.86, freeboard=0.08, turrets=(0.10, 0.88), funnels=(0.40, 0.50, 0.60),
                 funnel_h=0.13, funnel_w=0.028, poles=(0.28, 0.72), bridge=(0.68, 0.78), mast_h=0.32),
    "4": Warship(length=0.80, freeboard=0.055, turrets=(0.12, 0.86), funnels=(0.38, 0.47, 0.56, 0.65),
                 funnel_h=0.11, funnel_w=0.022, poles=(0.74,), bridge=(0.74, 0.82), bridge_h=0.06, mast_h=0.26),
    "3": Warship(length=0.92, freeboard=0.11, turrets=(), funnels=(0.42, 0.54, 0.66), funnel_h=0.13,
                 poles=(0.22, 0.84), bridge=(0.34, 0.74), bridge_h=0.07, mast_h=0.34),
    "ML": Warship(length=0.78, freeboard=0.08, turrets=(0.86,), funnels=(0.50,), funnel_h=0.12,
                  poles=(0.66,), bridge=(0.62, 0.74), mast_h=0.28, stern_gear="mines"),
    "MS": Warship(length=0.62, freeboard=0.09, turrets=(), funnels=(0.50,), funnel_h=0.12,
                  poles=(0.74,), bridge=(0.60, 0.72), mast_h=0.28, stern_gear="sweep"),
    "1": Warship(length=0.56, freeboard=0.09, turrets=(0.88,), funnels=(0.46,), funnel_h=0.13,
                 poles=(0.72,), bridge=(0.60, 0.74), mast_h=0.30),
}


class _Pen:
    """Draws in a box given in canvas pixels; x from the stern (0) to the bow (1) of a ship unit."""

    def __init__(self, draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], ink) -> None:
        self.d = draw
        self.x0, self.y0, self.x1, self.y1 = box
        self.w = self.x1 - self.x0
        self.ink = ink

    def px(self, fx: float) -> float:
        return self.x0 + fx * self.w

    def py(self, fy: float) -> float:
        """Height above the waterline as a fraction of the box width (keeps proportions)."""
        return self.y1 - fy * self.w

    def poly(self, points, fill=None) -> None:
        self.d.polygon([(self.px(x), self.py(y)) for x, y in points], fill=fill or self.ink)

    def rect(self, x0, y0, x1, y1, fill=None) -> None:
        self.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill)

    def line(self, points, width: float, fill=None) -> None:
        self.d.line([(self.px(x), self.py(y)) for x, y in points], fill=fill or self.ink,
                    width=max(1, int(width * self.w)))

    def circle(self, cx, cy, r, fill=None) -> None:
        x, y, rr = self.px(cx), self.py(cy), r * self.w
        self.d.ellipse((x - rr, y - rr, x + rr, y + rr), fill=fill or self.ink)


def _draw_warship(pen: _Pen, ship: Warship, offset: float = 0.0, scale: float = 1.0) -> None:
    L, fb = ship.length * scale, ship.freeboard * scale
    s = offset + (1 - ship.length * scale) / 2

    def X(f: float) -> float:
        return s + f * L

    # hull: raked bow, rounded cruiser stern, a little sheer forward
    pen.poly([(X(0.02), 0), (X(0.93), 0), (X(1.0), fb * 1.25), (X(0.70), fb * 1.05),
              (X(0.20), fb), (X(0.0), fb * 0.95)])
    deck = fb
    bx0, bx1 = ship.bridge
    pen.rect(X(bx0), deck, X(bx1), deck + ship.bridge_h * scale)
    pen.rect(X(bx0 + 0.03), deck + ship.bridge_h * scale, X(bx1 - 0.02),
             deck + ship.bridge_h * scale * 1.45)
    for f in ship.funnels:
        w = ship.funnel_w * scale
        pen.poly([(X(f) - w, deck), (X(f) + w, deck), (X(f) + w * 0.6, deck + ship.funnel_h * scale),
                  (X(f) - w * 1.4, deck + ship.funnel_h * scale)])
    for f in ship.turrets:
        w, h = 0.045 * scale, 0.045 * scale
        pen.poly([(X(f) - w, deck), (X(f) + w, deck), (X(f) + w * 0.7, deck + h),
                  (X(f) - w * 0.7, deck + h)])
        direction = 1 if f > 0.5 else -1
        pen.line([(X(f), deck + h * 0.55), (X(f) + direction * 0.11 * scale, deck + h * 0.7)],
                 0.012 * scale)
    top = deck + ship.mast_h * scale
    for f in ship.tripods:
        pen.line([(X(f), deck), (X(f), top)], 0.014 * scale)
        pen.line([(X(f) - 0.05 * scale, deck), (X(f), top * 0.85)], 0.010 * scale)
        pen.rect(X(f) - 0.03 * scale, top * 0.86, X(f) + 0.03 * scale, top * 0.93)
    for f in ship.poles:
        pen.line([(X(f), deck), (X(f), top * 0.92)], 0.010 * scale)
        pen.line([(X(f) - 0.035 * scale, top * 0.8), (X(f) + 0.035 * scale, top * 0.8)], 0.008 * scale)
    if ship.admiral_flags and ship.tripods:
        f = ship.tripods[0]
        for i in range(ship.admiral_flags):
            y = top - i * 0.07 * scale
            pen.poly([(X(f), y), (X(f) + 0.10 * scale, y - 0.02 * scale), (X(f), y - 0.05 * scale)])
    if ship.stern_gear == "mines":
        for i in range(3):
            pen.circle(X(0.08 + i * 0.09), deck + 0.035 * scale, 0.03 * scale)
    elif ship.stern_gear == "sweep":
        pen.line([(X(0.04), deck), (X(0.16), deck + 0.16 * scale), (X(0.22), deck)], 0.012 * scale)
        pen.line([(X(0.04), deck + 0.01), (X(-0.04), -0.02)], 0.008 * scale)


def _draw_squadron(pen: _Pen) -> None:
    """Battle Squadron: three dreadnoughts in echelon, each hull clear of the next."""
    ship = Warship(turrets=(0.12, 0.86), funnels=(0.45, 0.56), tripods=(0.64,), bridge=(0.60, 0.72),
                   mast_h=0.30, freeboard=0.10)
    for dx, dy in ((0.42, 0.22), (0.21, 0.11), (0.0, 0.0)):
        x0 = pen.px(dx)
        _draw_warship(_Pen(pen.d, (x0, 0, x0 + pen.w * 0.58, pen.py(dy)), pen.ink), ship)


def _draw_mtb(pen: _Pen) -> None:
    """Coastal motor boat: low planing hull riding high at the bow, a tiny cockpit, a bow wave."""
    pen.poly([(0.15, 0.0), (0.80, 0.0), (0.95, 0.07), (0.60, 0.065), (0.15, 0.05)])
    pen.poly([(0.42, 0.06), (0.60, 0.06), (0.57, 0.11), (0.45, 0.11)])
    pen.line([(0.53, 0.11), (0.53, 0.20)], 0.012)
    pen.line([(0.20, 0.055), (0.34, 0.08)], 0.018)  # the torpedo trough
    pen.line([(0.82, -0.005), (0.99, 0.03)], 0.012)
    pen.line([(0.05, -0.01), (0.15, 0.005)], 0.010)


def _draw_submarine(pen: _Pen) -> None:
    pen.d.ellipse((pen.px(0.06), pen.py(0.07), pen.px(0.96), pen.py(-0.05)), fill=pen.ink)
    pen.poly([(0.44, 0.05), (0.62, 0.05), (0.60, 0.14), (0.47, 0.14)])
    pen.line([(0.55, 0.14), (0.55, 0.25)], 0.012)
    pen.line([(0.55, 0.25), (0.59, 0.25)], 0.012)
    pen.line([(0.50, 0.14), (0.50, 0.21)], 0.010)
    pen.line([(0.15, 0.07), (0.85, 0.09)], 0.006)  # jumping wire


def _draw_flying_boat(pen: _Pen) -> None:
    """A Felixstowe-like biplane flying boat, seen from the side, on the water."""
    pen.poly([(0.12, 0.10), (0.70, 0.04), (0.88, 0.04), (0.95, 0.09), (0.86, 0.13),
              (0.40, 0.14), (0.12, 0.15)])
    pen.poly([(0.04, 0.16), (0.16, 0.15), (0.16, 0.30), (0.10, 0.30)])      # fin
    pen.rect(0.02, 0.15, 0.22, 0.17)                                          # tailplane
    pen.rect(0.28, 0.30, 0.86, 0.33)                                          # upper wing
    pen.rect(0.30, 0.15, 0.84, 0.17)                                          # lower wing
    for x in (0.36, 0.52, 0.66, 0.80):
        pen.line([(x, 0.17), (x, 0.30)], 0.008)
    for x in (0.54, 0.68):
        pen.d.ellipse((pen.px(x - 0.05), pen.py(0.27), pen.px(x + 0.05), pen.py(0.20)), fill=pen.ink)
    pen.line([(0.40, 0.04), (0.80, 0.04)], 0.010)


def _draw_mine(pen: _Pen) -> None:
    cx, cy, r = 0.5, 0.20, 0.17
    for i in range(8):
        a = i * math.pi / 4
        pen.line([(cx, cy), (cx + math.cos(a) * r * 1.35, cy + math.sin(a) * r * 1.35)], 0.03)
        pen.circle(cx + math.cos(a) * r * 1.35, cy + math.sin(a) * r * 1.35, 0.025)
    pen.circle(cx, cy, r)
    pen.line([(cx, cy - r), (cx, -0.05)], 0.01)


def draw_silhouette(draw: ImageDraw.ImageDraw, kind: str, box, ink) -> None:
    """The ship of ``kind`` in ``box`` (x0, y0, x1, y1 in canvas pixels; waterline at the bottom)."""
    pen = _Pen(draw, box, ink)
    if kind == "8":
        _draw_squadron(pen)
    elif kind == "2":
        _draw_mtb(pen)
    elif kind == "SS":
        _draw_submarine(pen)
    elif kind == "FB":
        _draw_flying_boat(pen)
    elif kind == "MI":
        _draw_mine(pen)
    else:
        _draw_warship(pen, SHIPS[kind])


# --- pieces -------------------------------------------------------------------------------

def _rounded_tile(colour, border, border_w: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGBA", (_CANVAS, _CANVAS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    m = _CANVAS * 0.05
    radius = int(_CANVAS * 0.10)
    # a soft drop shadow so pieces stand off the sea like the tin stands did
    d.rounded_rectangle((m + 10, m + 14, _CANVAS - m + 10, _CANVAS - m + 14), radius, fill=(0, 0, 0, 90))
    d.rounded_rectangle((m, m, _CANVAS - m, _CANVAS - m), radius, fill=border)
    d.rounded_rectangle((m + border_w, m + border_w, _CANVAS - m - border_w, _CANVAS - m - border_w),
                        max(4, radius - border_w), fill=colour)
    return img, d


def _finish(img: Image.Image) -> Image.Image:
    return img.resize((PIECE_PX, PIECE_PX), Image.LANCZOS)


def _label_for(kind: str) -> str:
    return kind


def piece_face(kind: str, side: str, pal: Palette, remembered: bool = False) -> Image.Image:
    """A piece seen face up: its value in a band of its side's colour over a ship silhouette.

    ``remembered`` draws an enemy piece the viewer saw earlier: dimmer card, a dashed frame and
    a small eye, so it is never mistaken for certain knowledge of the present.
    """
    border = pal.side[side]
    face = pal.face if not remembered else tuple(int(c * 0.80 + b * 0.20) for c, b in zip(pal.face, border))
    img, d = _rounded_tile(face, border, int(_CANVAS * 0.05))
    m = _CANVAS * 0.05
    band_h = _CANVAS * 0.36
    d.rounded_rectangle((m, m, _CANVAS - m, m + band_h), int(_CANVAS * 0.10), fill=border)
    d.rectangle((m, m + band_h * 0.5, _CANVAS - m, m + band_h), fill=border)
    label = _label_for(kind)
    size = int(_CANVAS * (0.30 if len(label) <= 2 and label.isdigit() else 0.25))
    font = _font(size)
    d.text((_CANVAS / 2, m + band_h / 2 + _CANVAS * 0.01), label, font=font, fill=pal.numeral[side],
           anchor="mm")
    box = (_CANVAS * 0.12, _CANVAS * 0.40, _CANVAS * 0.88, _CANVAS * 0.84)
    draw_silhouette(d, kind, box, pal.ink)
    # the sea line under the ship
    d.line((_CANVAS * 0.10, _CANVAS * 0.855, _CANVAS * 0.90, _CANVAS * 0.855), fill=pal.ink,
           width=int(_CANVAS * 0.008))
    if remembered:
        _dashed_frame(d, pal.ink)
        _eye(d, (_CANVAS * 0.80, _CANVAS * 0.13), _CANVAS * 0.07, pal.numeral[side])
    return _finish(img)


def _dashed_frame(d: ImageDraw.ImageDraw, colour) -> None:
    m, w = _CANVAS * 0.11, int(_CANVAS * 0.012)
    a, b = m, _CANVAS - m
    dash = _CANVAS * 0.05
    pos = a
    while pos < b:
        end = min(pos + dash, b)
        for line in (((pos, b), (end, b)), ((a, pos), (a, end)), ((b, pos), (b, end))):
            d.line(line, fill=colour, width=w)
        pos += dash * 2


def _eye(d: ImageDraw.ImageDraw, centre, r: float, colour) -> None:
    x, y = centre
    d.ellipse((x - r, y - r * 0.55, x + r, y + r * 0.55), outline=colour, width=int(r * 0.25))
    d.ellipse((x - r * 0.3, y - r * 0.3, x + r * 0.3, y + r * 0.3), fill=colour)


def piece_back(side: str, pal: Palette) -> Image.Image:
    """The back every player sees of an enemy piece: his colour and emblem, nothing else.

    South's backs carry an anchor, North's a compass star, so the sides differ in shape as well as
    colour.
    """
    img, d = _rounded_tile(pal.side[side], pal.side_dark[side], int(_CANVAS * 0.04))
    m = _CANVAS * 0.14
    d.rounded_rectangle((m, m, _CANVAS - m, _CANVAS - m), int(_CANVAS * 0.06),
                        outline=pal.side_light[side], width=int(_CANVAS * 0.012))
    if side == "south":
        _anchor(d, _CANVAS / 2, _CANVAS / 2, _CANVAS * 0.26, pal.side_light[side])
    else:
        _star(d, _CANVAS / 2, _CANVAS / 2, _CANVAS * 0.27, pal.side_light[side])
    return _finish(img)


def _anchor(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour) -> None:
    w = int(r * 0.14)
    d.ellipse((cx - r * 0.16, cy - r * 1.0, cx + r * 0.16, cy - r * 0.68), outline=colour, width=w)
    d.line((cx, cy - r * 0.68, cx, cy + r * 0.85), fill=colour, width=w)
    d.line((cx - r * 0.45, cy - r * 0.45, cx + r * 0.45, cy - r * 0.45), fill=colour, width=w)
    d.arc((cx - r * 0.85, cy - r * 0.15, cx + r * 0.85, cy + r * 0.95), 20, 160, fill=colour, width=w)
    for sx in (-1, 1):
        tip = (cx + sx * r * 0.80, cy + r * 0.55)
        d.polygon([tip, (tip[0] + sx * r * 0.18, tip[1] - r * 0.30), (tip[0] - sx * r * 0.14, tip[1] - r * 0.12)],
                  fill=colour)


def _star(d: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour) -> None:
    points = []
    for i in range(16):
        a = -math.pi / 2 + i * math.pi / 8
        rr = r if i % 4 == 0 else (r * 0.55 if i % 2 == 0 else r * 0.28)
        points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    d.polygon(points, fill=colour)
    d.ellipse((cx - r * 0.62, cy - r * 0.62, cx + r * 0.62, cy + r * 0.62), outline=colour,
              width=int(r * 0.07))


def flag_image(side: str, pal: Palette) -> Image.Image:
    """An Admiral's flag on a staff: a St George's cross on the side's colour."""
    img = Image.new("RGBA", (_CANVAS, _CANVAS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    staff_x = _CANVAS * 0.22
    d.line((staff_x, _CANVAS * 0.10, staff_x, _CANVAS * 0.92), fill=(60, 50, 40), width=int(_CANVAS * 0.045))
    d.ellipse((staff_x - _CANVAS * 0.04, _CANVAS * 0.06, staff_x + _CANVAS * 0.04, _CANVAS * 0.14),
              fill=(220, 190, 90))
    x0, y0, x1, y1 = staff_x, _CANVAS * 0.14, _CANVAS * 0.90, _CANVAS * 0.56
    d.polygon([(x0, y0), (x1, y0 + _CANVAS * 0.03), (x1 - _CANVAS * 0.04, (y0 + y1) / 2),
               (x1, y1 + _CANVAS * 0.02), (x0, y1)], fill=(250, 250, 246), outline=(40, 40, 40))
    cw = _CANVAS * 0.07
    d.rectangle((x0, (y0 + y1) / 2 - cw / 2, x1 - _CANVAS * 0.04, (y0 + y1) / 2 + cw / 2), fill=pal.side[side])
    mx = (x0 + x1) / 2 - _CANVAS * 0.05
    d.rectangle((mx - cw / 2, y0 + _CANVAS * 0.01, mx + cw / 2, y1 + _CANVAS * 0.01), fill=pal.side[side])
    return _finish(img)


def base_mark(pal: Palette) -> Image.Image:
    """The base square's emblem: a gold ring with a compass cross."""
    img = Image.new("RGBA", (_CANVAS, _CANVAS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c, r = _CANVAS / 2, _CANVAS * 0.40
    d.ellipse((c - r, c - r, c + r, c + r), outline=pal.base, width=int(_CANVAS * 0.035))
    d.ellipse((c - r * 0.82, c - r * 0.82, c + r * 0.82, c + r * 0.82), outline=pal.base,
              width=int(_CANVAS * 0.012))
    for i in range(4):
        a = i * math.pi / 2
        tip = (c + math.cos(a) * r * 0.75, c + math.sin(a) * r * 0.75)
        left = (c + math.cos(a + 0.6) * r * 0.14, c + math.sin(a + 0.6) * r * 0.14)
        right = (c + math.cos(a - 0.6) * r * 0.14, c + math.sin(a - 0.6) * r * 0.14)
        d.polygon([tip, left, (c, c), right], fill=pal.base)
    return _finish(img)


def eye_badge() -> Image.Image:
    """Marks an own piece the enemy has seen: a white eye on a dark disc."""
    img = Image.new("RGBA", (_CANVAS, _CANVAS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = _CANVAS / 2
    d.ellipse((4, 4, _CANVAS - 4, _CANVAS - 4), fill=(20, 24, 30, 230), outline=(255, 255, 255, 255), width=18)
    _eye(d, (c, c), _CANVAS * 0.32, (255, 255, 255))
    return _finish(img)


def marker(kind: str, colour) -> Image.Image:
    """Square highlights: ``dot`` (legal move), ``ring`` (attack target), ``frame`` (selected)."""
    img = Image.new("RGBA", (_CANVAS, _CANVAS), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = _CANVAS / 2
    rgba = tuple(colour) + (235,)
    if kind == "dot":
        r = _CANVAS * 0.15
        d.ellipse((c - r, c - r, c + r, c + r), fill=rgba, outline=(20, 20, 20, 200), width=int(_CANVAS * 0.02))
    elif kind == "ring":
        r = _CANVAS * 0.46
        d.ellipse((c - r, c - r, c + r, c + r), outline=rgba, width=int(_CANVAS * 0.07))
        for i in range(4):  # cross-hairs: a target, in any palette
            a = i * math.pi / 2
            d.line((c + math.cos(a) * r * 0.7, c + math.sin(a) * r * 0.7, c + math.cos(a) * r * 1.05,
                    c + math.sin(a) * r * 1.05), fill=rgba, width=int(_CANVAS * 0.06))
    elif kind == "frame":
        w = int(_CANVAS * 0.06)
        d.rounded_rectangle((w / 2, w / 2, _CANVAS - w / 2, _CANVAS - w / 2), int(_CANVAS * 0.1),
                            outline=rgba, width=w)
    elif kind == "fill":
        d.rectangle((0, 0, _CANVAS, _CANVAS), fill=tuple(colour[:3]) + (colour[3] if len(colour) > 3 else 90,))
    elif kind == "zone":
        # a lit setup square: a pale wash with a bright inner edge, visible under and around ships
        d.rectangle((0, 0, _CANVAS, _CANVAS), fill=tuple(colour[:3]) + (colour[3],))
        w = int(_CANVAS * 0.03)
        d.rectangle((w * 2, w * 2, _CANVAS - w * 2, _CANVAS - w * 2), outline=tuple(colour[:3]) + (200,), width=w)
    elif kind == "exit":
        # a compulsory exit: a bold dashed frame with corner ticks, told apart by shape not hue
        w = int(_CANVAS * 0.05)
        inset = _CANVAS * 0.06
        a, b = inset, _CANVAS - inset
        dash = _CANVAS * 0.09
        pos = a
        while pos < b:
            end = min(pos + dash, b)
            for line in (((pos, a), (end, a)), ((pos, b), (end, b)), ((a, pos), (a, end)), ((b, pos), (b, end))):
                d.line(line, fill=rgba, width=w)
            pos += dash * 1.8
    elif kind == "wake":
        # where the last move started: a hollow ring, so from and to are told apart at a glance
        r = _CANVAS * 0.20
        d.ellipse((c - r, c - r, c + r, c + r), outline=(20, 20, 20, 200), width=int(_CANVAS * 0.075))
        d.ellipse((c - r, c - r, c + r, c + r), outline=rgba, width=int(_CANVAS * 0.045))
    elif kind == "arrowhead":
        # the head of the last move's arrow, pointing right (the board turns it)
        tip, back, half = _CANVAS * 0.95, _CANVAS * 0.15, _CANVAS * 0.42
        d.polygon([(back, c - half), (tip, c), (back, c + half)], fill=rgba, outline=(20, 20, 20, 220),
                  width=int(_CANVAS * 0.05))
    elif kind == "burst":
        for i in range(16):
            a = i * math.pi / 8
            rr = _CANVAS * (0.48 if i % 2 == 0 else 0.26)
            rr2 = _CANVAS * (0.22 if i % 2 == 0 else 0.12)
            d.polygon([(c + math.cos(a) * rr, c + math.sin(a) * rr),
                       (c + math.cos(a + 0.2) * rr2, c + math.sin(a + 0.2) * rr2),
                       (c + math.cos(a - 0.2) * rr2, c + math.sin(a - 0.2) * rr2)], fill=rgba)
        d.ellipse((c - _CANVAS * 0.2, c - _CANVAS * 0.2, c + _CANVAS * 0.2, c + _CANVAS * 0.2),
                  fill=(255, 240, 180, 240))
    return _finish(img)


def all_images(pal: Palette) -> dict[str, Image.Image]:
    """Every picture by name: ``face-south-7``, ``seen-north-SS``, ``back-north``, ``flag-south``..."""
    images: dict[str, Image.Image] = {}
    for side in ("south", "north"):
        for kind in KINDS:
            images[f"face-{side}-{kind}"] = piece_face(kind, side, pal)
            images[f"seen-{side}-{kind}"] = piece_face(kind, side, pal, remembered=True)
        images[f"back-{side}"] = piece_back(side, pal)
        images[f"flag-{side}"] = flag_image(side, pal)
    images["base"] = base_mark(pal)
    images["legal"] = marker("dot", pal.legal)
    images["target"] = marker("ring", pal.target)
    images["selected"] = marker("frame", pal.selected)
    images["last"] = marker("fill", pal.last_move)
    images["wake"] = marker("wake", pal.last_move)
    images["arrowhead"] = marker("arrowhead", pal.last_move)
    images["zone"] = marker("zone", pal.setup_zone)
    images["exit"] = marker("exit", pal.target)
    images["eye"] = eye_badge()
    images["handoff"] = marker("frame", pal.legal)
    images["burst"] = marker("burst", (255, 150, 40))
    return images


def contact_sheet(images: dict[str, Image.Image], pal: Palette, columns: int = 15) -> Image.Image:
    names = list(images)
    rows = (len(names) + columns - 1) // columns
    sheet = Image.new("RGBA", (columns * (PIECE_PX + 8) + 8, rows * (PIECE_PX + 8) + 8), pal.sea + (255,))
    for i, name in enumerate(names):
        r, c = divmod(i, columns)
        sheet.alpha_composite(images[name], (8 + c * (PIECE_PX + 8), 8 + r * (PIECE_PX + 8)))
    return sheet


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m games.dover_patrol.ui.art OUT_DIR", file=sys.stderr)
        return 2
    out = Path(argv[0])
    for pal in (NORMAL, COLOUR_BLIND):
        folder = out / pal.name
        folder.mkdir(parents=True, exist_ok=True)
        images = all_images(pal)
        for name, image in images.items():
            image.save(folder / f"{name}.png")
        contact_sheet(images, pal).save(out / f"sheet-{pal.name}.png")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


# --- the board ----------------------------------------------------------------------------

def board_image(geometry, viewer: str, pal: Palette, square_px: int = 96) -> Image.Image:
    """The sea, harbours, walls and bases as ``viewer`` sees them (North's view turned round).

    One picture for the whole static board: one sprite to draw per frame.
    """
    import random
    s = square_px
    w, h = geometry.files * s, geometry.ranks * s
    img = Image.new("RGBA", (w, h), pal.sea + (255,))
    d = ImageDraw.Draw(img, "RGBA")

    def box(square: str) -> tuple[float, float, float, float]:
        col, row = geometry.cell(square, viewer)
        top = (geometry.ranks - 1 - row) * s
        return col * s, top, (col + 1) * s, top + s

    for square in geometry.squares:
        col, row = geometry.cell(square, viewer)
        colour = pal.harbour if geometry.harbour_of(square) else (pal.sea_alt if (col + row) % 2 else pal.sea)
        d.rectangle(box(square), fill=colour)
    # little wave crests, the same on every run
    rng = random.Random(1920)
    crest = tuple(min(255, c + 26) for c in pal.sea)
    for _ in range(geometry.files * geometry.ranks * 3):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(s * 0.05, s * 0.10)
        d.arc((x - r, y - r * 0.6, x + r, y + r * 0.6), 200, 340, fill=crest, width=2)
    for i in range(geometry.files + 1):
        d.line((i * s, 0, i * s, h), fill=pal.grid, width=2)
    for j in range(geometry.ranks + 1):
        d.line((0, j * s, w, j * s), fill=pal.grid, width=2)
    # harbour mouths: a dashed line where a harbour square meets open sea with no wall
    for square in geometry.squares:
        side = geometry.harbour_of(square)
        if not side:
            continue
        f, r = geometry.coords(square)
        for df, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            if not (0 <= f + df < geometry.files and 0 <= r + dr < geometry.ranks):
                continue
            other = geometry.name(f + df, r + dr)
            if geometry.harbour_of(other) == side:
                continue
            if (square, other) in geometry.walls or (other, square) in geometry.walls:
                continue
            _edge(d, box(square), box(other), pal.base, dashed=True, width=max(2, s // 24))
    for a, b in geometry.walls:
        _wall(d, box(a), box(b), pal, s)
    base = base_mark(pal).resize((int(s * 0.9), int(s * 0.9)), Image.LANCZOS)
    for side, square in geometry.bases.items():
        x0, y0, x1, y1 = box(square)
        img.alpha_composite(base, (int(x0 + s * 0.05), int(y0 + s * 0.02)))
        d.text(((x0 + x1) / 2, y1 - s * 0.10), "BASE", font=_font(max(8, s // 7)), fill=pal.base, anchor="mm")
    d.rectangle((0, 0, w - 1, h - 1), outline=pal.grid, width=4)
    return img


def _shared_edge(a, b):
    """The segment two neighbouring square boxes share."""
    ax0, ay0, ax1, ay1 = a
    bx0, by0, bx1, by1 = b
    if ax1 == bx0 or bx1 == ax0:                 # side by side
        x = ax1 if ax1 == bx0 else ax0
        return (x, max(ay0, by0)), (x, min(ay1, by1))
    y = ay1 if ay1 == by0 else ay0
    return (max(ax0, bx0), y), (min(ax1, bx1), y)


def _edge(d: ImageDraw.ImageDraw, a, b, colour, dashed: bool, width: int) -> None:
    (x0, y0), (x1, y1) = _shared_edge(a, b)
    steps = 8
    for i in range(steps):
        if dashed and i % 2:
            continue
        t0, t1 = i / steps, (i + 1) / steps
        d.line((x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0, x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
               fill=colour, width=width)


def _wall(d: ImageDraw.ImageDraw, a, b, pal: Palette, s: int) -> None:
    """A harbour wall: a stone mole along the shared edge, with its courses of masonry."""
    (x0, y0), (x1, y1) = _shared_edge(a, b)
    t = s * 0.09
    horizontal = y0 == y1
    if horizontal:
        rect = (min(x0, x1) - t, y0 - t, max(x0, x1) + t, y0 + t)
    else:
        rect = (x0 - t, min(y0, y1) - t, x0 + t, max(y0, y1) + t)
    d.rectangle(rect, fill=pal.wall, outline=pal.wall_edge, width=max(2, s // 40))
    # joints between the stones
    length = (rect[2] - rect[0]) if horizontal else (rect[3] - rect[1])
    n = max(3, int(length / (s * 0.22)))
    for i in range(1, n):
        if horizontal:
            x = rect[0] + length * i / n
            d.line((x, rect[1] + 2, x, rect[3] - 2), fill=pal.wall_edge, width=2)
        else:
            y = rect[1] + length * i / n
            d.line((rect[0] + 2, y, rect[2] - 2, y), fill=pal.wall_edge, width=2)
