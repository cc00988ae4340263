"""Draw the launcher's card pictures and the chart compass rose with Pillow.

    python assets/art/cards.py            # rewrites assets/dover_patrol_card.png and friends

Reproducible (fixed seeds, no downloads): run it again after changing the palette. Everything is
drawn at twice the size and scaled down, which smooths the edges.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter, ImageFont

ASSETS = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ASSETS.parent))
from navalgames.ui.palette import NORMAL as P  # noqa: E402

CARD = (640, 400)
SS = 2  # supersampling factor
FONT_BOLD = ASSETS / "fonts" / "OldStandard-Bold.ttf"


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def vertical_gradient(draw, box, top, bottom):
    x0, y0, x1, y1 = box
    for y in range(y0, y1):
        draw.line([(x0, y), (x1, y)], fill=lerp(top, bottom, (y - y0) / max(1, y1 - y0 - 1)))


def finish(img: Image.Image, name: str) -> None:
    out = img.resize((img.width // SS, img.height // SS), Image.LANCZOS)
    out.save(ASSETS / name, optimize=True)
    print(f"wrote {ASSETS / name}")


# --- Dover Patrol: a poster of the Strait at dusk ------------------------------------------------
def battleship(draw, x, y, length, colour, rng):
    """A dreadnought in profile, bow to the right, waterline at y."""
    h = length * 0.07
    hull = [(x, y - h * 0.9), (x + length * 0.96, y - h * 1.05), (x + length, y - h * 1.3),
            (x + length * 0.93, y), (x + length * 0.06, y)]
    draw.polygon(hull, fill=colour)
    deck = y - h * 0.95
    # superstructure, funnels, masts, turrets
    draw.rectangle([x + length * 0.38, deck - h * 1.1, x + length * 0.66, deck], fill=colour)
    draw.rectangle([x + length * 0.56, deck - h * 1.8, x + length * 0.64, deck - h], fill=colour)
    for fx in (0.43, 0.51):
        draw.rectangle([x + length * fx, deck - h * 2.2, x + length * (fx + 0.045), deck - h],
                       fill=colour)
    for mx, mh in ((0.60, 4.2), (0.34, 3.4)):
        draw.rectangle([x + length * mx, deck - h * mh, x + length * mx + length * 0.008, deck],
                       fill=colour)
    for tx, barrel in ((0.14, 1), (0.26, 1), (0.74, -1), (0.85, -1)):
        cx = x + length * tx
        draw.rounded_rectangle([cx - h * 0.8, deck - h * 0.7, cx + h * 0.8, deck], radius=h * 0.3,
                               fill=colour)
        bx = cx - barrel * h * 0.4
        draw.line([(bx, deck - h * 0.45), (bx - barrel * h * 1.9, deck - h * 0.55)], fill=colour,
                  width=max(2, int(h * 0.18)))
    return x + length * 0.47, deck - h * 2.2  # where the smoke leaves


def destroyer(draw, x, y, length, colour):
    h = length * 0.075
    hull = [(x, y - h * 0.7), (x + length * 0.9, y - h * 0.9), (x + length, y - h * 1.35),
            (x + length * 0.9, y), (x + length * 0.05, y)]
    draw.polygon(hull, fill=colour)
    deck = y - h * 0.8
    draw.rectangle([x + length * 0.66, deck - h * 1.2, x + length * 0.78, deck], fill=colour)
    for fx in (0.36, 0.46, 0.56):
        draw.polygon([(x + length * fx, deck), (x + length * (fx + 0.05), deck),
                      (x + length * (fx + 0.035), deck - h * 1.9), (x + length * (fx - 0.01), deck - h * 1.9)],
                     fill=colour)
    draw.rectangle([x + length * 0.72, deck - h * 3.6, x + length * 0.727, deck], fill=colour)
    return x + length * 0.4, deck - h * 1.9


def smoke(img, start, drift, puffs, colour, rng, radius):
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    x, y = start
    for i in range(puffs):
        r = radius * (1 + i * 0.22)
        alpha = int(170 * (1 - i / puffs))
        d.ellipse([x - r, y - r * 0.7, x + r, y + r * 0.7], fill=(*colour, alpha))
        x += drift[0] * (1 + i * 0.1) + rng.uniform(-4, 4) * SS
        y += drift[1] + rng.uniform(-3, 3) * SS
    img.alpha_composite(layer.filter(ImageFilter.GaussianBlur(radius * 0.35)))


def waves(draw, box, colour, rng, count, width):
    x0, y0, x1, y1 = box
    for _ in range(count):
        y = rng.uniform(y0, y1)
        depth = (y - y0) / (y1 - y0)
        length = (20 + 70 * depth) * SS
        x = rng.uniform(x0 - length, x1)
        sag = 3 * SS * (0.5 + depth)
        draw.arc([x, y - sag, x + length, y + sag], 200, 340, fill=colour, width=width)


def dover_patrol_card() -> None:
    w, h = CARD[0] * SS, CARD[1] * SS
    rng = random.Random(1920)
    img = Image.new("RGBA", (w, h))
    draw = ImageDraw.Draw(img)
    horizon = int(h * 0.56)
    vertical_gradient(draw, (0, 0, w, horizon), (92, 116, 140), (236, 206, 152))
    # the low sun and its glow
    glow = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ImageDraw.Draw(glow).ellipse([w * 0.64, horizon - 170 * SS, w * 0.92, horizon + 90 * SS],
                                 fill=(255, 226, 160, 150))
    img.alpha_composite(glow.filter(ImageFilter.GaussianBlur(40 * SS)))
    sun_r = 34 * SS
    draw.ellipse([w * 0.78 - sun_r, horizon - sun_r * 1.2, w * 0.78 + sun_r, horizon + sun_r * 0.8],
                 fill=(252, 232, 186))
    # the white cliffs of Dover: a grassy down, a sheer chalk face, a slope to the shore
    down = [(0, h * 0.30), (w * 0.12, h * 0.285), (w * 0.25, h * 0.305), (w * 0.33, h * 0.33)]
    face = [(w * 0.33, h * 0.33), (w * 0.40, h * 0.40), (w * 0.46, h * 0.50), (w * 0.49, horizon)]
    draw.polygon([*down, *face[1:], (0, horizon)], fill=P.cliff)
    outline = down + face[1:]

    def top_at(x):
        for (xa, ya), (xb, yb) in zip(outline, outline[1:]):
            if xa <= x <= xb:
                return ya + (yb - ya) * (x - xa) / (xb - xa)
        return horizon
    for i in range(160):  # chalk: vertical streaks, darker towards the sunless side of the bay
        x = rng.uniform(0, w * 0.48)
        top = top_at(x) + rng.uniform(8, 40) * SS
        shade = lerp(P.cliff, (168, 162, 150), min(1, x / (w * 0.5)) * rng.uniform(0.3, 1))
        draw.line([(x, top), (x + rng.uniform(-5, 5) * SS, horizon)], fill=shade,
                  width=rng.randint(1, 3) * SS)
    draw.polygon([*down, (w * 0.33, h * 0.33 + 14 * SS), (0, h * 0.30 + 14 * SS)], fill=(104, 128, 76))
    draw.line(down, fill=(86, 110, 62), width=5 * SS, joint="curve")
    # a flag on the clifftop
    pole_x, pole_y = w * 0.12, h * 0.285
    draw.line([(pole_x, pole_y), (pole_x, pole_y - 70 * SS)], fill=(60, 52, 44), width=2 * SS)
    draw.polygon([(pole_x, pole_y - 70 * SS), (pole_x + 44 * SS, pole_y - 62 * SS),
                  (pole_x + 40 * SS, pole_y - 44 * SS), (pole_x, pole_y - 48 * SS)], fill=P.sides[0])
    # the sea, with the sun's path on it
    vertical_gradient(draw, (0, horizon, w, h), (70, 104, 132), P.sea_deep)
    for i in range(40):
        y = horizon + (i + 1) ** 1.6 * 1.4 * SS
        half = (8 + i * 2.4) * SS * rng.uniform(0.6, 1.2)
        cx = w * 0.78 + rng.uniform(-10, 10) * SS
        draw.line([(cx - half, y), (cx + half, y)], fill=lerp((250, 224, 170), (70, 104, 132), i / 45),
                  width=SS * 2)
    waves(draw, (0, horizon + 10 * SS, w, h), (96, 132, 160), rng, 90, SS * 2)
    # ships: a dreadnought on the horizon, a destroyer close by with a bow wave
    dark = (34, 38, 46)
    funnel = battleship(draw, w * 0.36, horizon + 10 * SS, w * 0.34, (58, 62, 72), rng)
    smoke(img, funnel, (-14 * SS, -3 * SS), 9, (90, 92, 98), rng, 10 * SS)
    draw = ImageDraw.Draw(img)
    dy = h * 0.80
    funnel = destroyer(draw, w * 0.10, dy, w * 0.50, dark)
    smoke(img, funnel, (-20 * SS, -5 * SS), 10, (60, 62, 68), rng, 13 * SS)
    draw = ImageDraw.Draw(img)
    bow = (w * 0.60, dy)
    draw.polygon([(bow[0] - 30 * SS, dy - 20 * SS), (bow[0] + 12 * SS, dy + 2 * SS),
                  (bow[0] - 70 * SS, dy + 6 * SS)], fill=P.foam)   # bow wave
    for i in range(26):  # broken foam along the hull and the wake astern
        x = w * 0.02 + i * w * 0.022 + rng.uniform(-6, 6) * SS
        length = rng.uniform(10, 26) * SS
        draw.line([(x, dy + rng.uniform(1, 5) * SS), (x + length, dy + rng.uniform(1, 5) * SS)],
                  fill=lerp(P.foam, (96, 132, 160), i / 40 if x < w * 0.1 else 0.1), width=2 * SS)
    finish(img, "dover_patrol_card.png")


# --- Naval Blockade: a sea chart with islands, a blockader's arcs and a die ----------------------
def island(draw, cx, cy, radius, rng, fill, shore):
    points = []
    steps = 28
    phase = [rng.uniform(0, math.tau) for _ in range(3)]
    for i in range(steps):
        a = math.tau * i / steps
        r = radius * (1 + 0.22 * math.sin(2 * a + phase[0]) + 0.12 * math.sin(3 * a + phase[1])
                      + 0.07 * math.sin(5 * a + phase[2]))
        points.append((cx + r * math.cos(a), cy + r * 0.8 * math.sin(a)))
    for ring, colour in ((1.45, (170, 196, 206)), (1.2, (186, 208, 214))):  # depth contours
        draw.polygon([(cx + (x - cx) * ring, cy + (y - cy) * ring) for x, y in points], outline=colour,
                     width=2 * SS)
    draw.polygon(points, fill=shore, outline=(120, 104, 72), width=2 * SS)
    draw.polygon([(cx + (x - cx) * 0.72, cy + (y - cy) * 0.72) for x, y in points], fill=fill)


def ship_top(draw, cx, cy, length, beam, angle, hull, deck):
    def rot(px, py):
        ca, sa = math.cos(angle), math.sin(angle)
        return cx + px * ca - py * sa, cy + px * sa + py * ca
    outline = [rot(length / 2, 0), rot(length * 0.25, -beam / 2), rot(-length / 2, -beam / 2.4),
               rot(-length / 2, beam / 2.4), rot(length * 0.25, beam / 2)]
    draw.polygon(outline, fill=hull)
    inner = [rot(length * 0.3, 0), rot(length * 0.12, -beam / 3.4), rot(-length * 0.38, -beam / 3.4),
             rot(-length * 0.38, beam / 3.4), rot(length * 0.12, beam / 3.4)]
    draw.polygon(inner, fill=deck)
    return rot


def naval_blockade_card() -> None:
    w, h = CARD[0] * SS, CARD[1] * SS
    rng = random.Random(1888)
    chart_sea = (206, 222, 222)
    img = Image.new("RGBA", (w, h), chart_sea)
    draw = ImageDraw.Draw(img)
    cell = w / 24
    for i in range(25):  # the 24 x 24 board, seen through a window
        draw.line([(i * cell, 0), (i * cell, h)], fill=(176, 198, 204), width=SS)
        draw.line([(0, i * cell), (w, i * cell)], fill=(176, 198, 204), width=SS)
    for cx, cy, r in ((0.22, 0.30, 62), (0.70, 0.74, 78), (0.47, 0.12, 40), (0.90, 0.22, 46),
                      (0.10, 0.86, 54)):
        island(draw, w * cx, h * cy, r * SS, rng, (170, 172, 118), P.sand)
    for _ in range(14):  # rocks
        x, y = rng.uniform(0.05, 0.95) * w, rng.uniform(0.05, 0.95) * h
        s = 5 * SS
        draw.line([(x - s, y), (x + s, y)], fill=(70, 64, 58), width=2 * SS)
        draw.line([(x, y - s), (x, y + s)], fill=(70, 64, 58), width=2 * SS)
    # the blockader's broadside arcs, port and starboard, and its line of fire
    bx, by = w * 0.56, h * 0.46
    arcs = Image.new("RGBA", img.size, (0, 0, 0, 0))
    ad = ImageDraw.Draw(arcs)
    reach = 300 * SS
    for start in (-135, 45):
        ad.pieslice([bx - reach, by - reach, bx + reach, by + reach], start, start + 90,
                    fill=(*P.sides[1], 46), outline=(*P.sides[1], 140), width=2 * SS)
    img.alpha_composite(arcs)
    draw = ImageDraw.Draw(img)
    rx, ry = w * 0.40, h * 0.80
    steps = 18
    for i in range(steps):
        if i % 2 == 0:
            t0, t1 = i / steps, (i + 1) / steps
            draw.line([lerp((bx, by), (rx, ry), t0), lerp((bx, by), (rx, ry), t1)], fill=P.bad,
                      width=3 * SS)
    # the runner's wake: two lines spreading astern
    heading = math.radians(-150)
    stern = (rx - 36 * SS * math.cos(heading), ry - 36 * SS * math.sin(heading))
    for side in (-1, 1):
        a = heading + math.pi + side * 0.32
        end = (stern[0] + 64 * SS * math.cos(a), stern[1] + 64 * SS * math.sin(a))
        draw.line([stern, end], fill=(244, 248, 250), width=2 * SS)
    ship_top(draw, rx, ry, 70 * SS, 18 * SS, heading, P.sides[0], (232, 220, 200))
    ship_top(draw, bx, by, 110 * SS, 26 * SS, math.radians(0), (60, 66, 78), (150, 156, 166))
    # a die showing a hit
    font = ImageFont.truetype(str(FONT_BOLD), 40 * SS)
    dx, dy, ds = w * 0.80, h * 0.62, 84 * SS
    draw.rounded_rectangle([dx + 6 * SS, dy + 6 * SS, dx + ds + 6 * SS, dy + ds + 6 * SS], radius=14 * SS,
                           fill=(60, 70, 78))
    draw.rounded_rectangle([dx, dy, dx + ds, dy + ds], radius=14 * SS, fill=(248, 244, 232),
                           outline=(60, 52, 44), width=3 * SS)
    draw.text((dx + ds / 2, dy + ds / 2), "H2", font=font, fill=P.bad, anchor="mm")
    compass(draw, w * 0.09, h * 0.14, 44 * SS, (60, 70, 78), (248, 244, 232))
    # a chart's frame: brass-free, just the double rule of an Admiralty chart
    draw.rectangle([4 * SS, 4 * SS, w - 4 * SS, h - 4 * SS], outline=(60, 70, 78), width=3 * SS)
    finish(img, "naval_blockade_card.png")


def compass(draw, cx, cy, r, ink, light):
    """An eight-point compass rose: long points N, E, S, W; short ones between."""
    for i in range(8):
        a = math.radians(i * 45 - 90)
        length = r if i % 2 == 0 else r * 0.55
        tip = (cx + length * math.cos(a), cy + length * math.sin(a))
        left = (cx + r * 0.16 * math.cos(a - math.pi / 2), cy + r * 0.16 * math.sin(a - math.pi / 2))
        right = (cx + r * 0.16 * math.cos(a + math.pi / 2), cy + r * 0.16 * math.sin(a + math.pi / 2))
        draw.polygon([tip, left, (cx, cy)], fill=ink)
        draw.polygon([tip, right, (cx, cy)], fill=light, outline=ink)
    draw.ellipse([cx - r * 0.1, cy - r * 0.1, cx + r * 0.1, cy + r * 0.1], fill=ink)


def compass_rose() -> None:
    """A large, faint compass rose for the launcher's chart background (drawn light on clear)."""
    size = 512 * SS
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    c, r = size / 2, size * 0.46
    line = (*P.brass_light, 255)
    for ring in (1.0, 0.93, 0.62):
        draw.ellipse([c - r * ring, c - r * ring, c + r * ring, c + r * ring], outline=line, width=2 * SS)
    for deg in range(0, 360, 5):  # degree ticks between the two outer rings
        a = math.radians(deg)
        inner = r * (0.93 if deg % 45 else 0.86)
        draw.line([(c + inner * math.cos(a), c + inner * math.sin(a)),
                   (c + r * math.cos(a), c + r * math.sin(a))], fill=line, width=SS)
    for i in range(16):
        a = math.radians(i * 22.5 - 90)
        length = r * (0.7 if i % 4 == 0 else 0.52 if i % 2 == 0 else 0.36)
        half = r * (0.07 if i % 4 == 0 else 0.05)
        tip = (c + length * math.cos(a), c + length * math.sin(a))
        left = (c + half * math.cos(a - math.pi / 2), c + half * math.sin(a - math.pi / 2))
        right = (c + half * math.cos(a + math.pi / 2), c + half * math.sin(a + math.pi / 2))
        draw.polygon([tip, left, (c, c)], fill=line)
        draw.polygon([tip, right, (c, c)], outline=line, width=SS)
    font = ImageFont.truetype(str(FONT_BOLD), 34 * SS)
    for letter, deg in (("N", -90), ("E", 0), ("S", 90), ("W", 180)):
        a = math.radians(deg)
        draw.text((c + r * 0.79 * math.cos(a), c + r * 0.79 * math.sin(a)), letter, font=font,
                  fill=line, anchor="mm")
    out = img.resize((512, 512), Image.LANCZOS)
    out.save(ASSETS / "compass_rose.png", optimize=True)
    print(f"wrote {ASSETS / 'compass_rose.png'}")


if __name__ == "__main__":
    dover_patrol_card()
    naval_blockade_card()
    compass_rose()
