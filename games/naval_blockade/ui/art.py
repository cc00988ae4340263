"""Blockade pictures drawn with Pillow: the two ships, islands and rocks, the compass rose, dice.

Everything is drawn at runtime from these functions (four times oversize, then shrunk, for smooth
edges), so the colour-blind palette and any board size get matching pictures and no binary file
has to be kept in step with the code. ``python -m games.naval_blockade.ui.art OUT_DIR`` writes
them all as PNG files for a look.

Ships are drawn bow up (North); the view rotates them to their heading.
"""

from __future__ import annotations

import math
import random
import sys
from functools import lru_cache
from pathlib import Path

import numpy
from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

SS = 4  # oversampling factor

INK = (38, 44, 58, 255)
FOAM = (250, 252, 255, 235)
DECK = (196, 160, 110, 255)
DECK_DARK = (150, 116, 76, 255)
GUN = (52, 54, 60, 255)
SAND = (226, 205, 150, 255)
GRASS = (130, 152, 92, 255)
GRASS_DARK = (98, 122, 70, 255)
ROCK = (120, 116, 110, 255)
ROCK_LIGHT = (168, 162, 152, 255)


LAND_SS = 2  # land is drawn at half the ships' oversampling: a new layout's six pictures in a blink


def _shrink(img: Image.Image, factor: int = SS) -> Image.Image:
    return img.resize((img.width // factor, img.height // factor), Image.LANCZOS)


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in ("DejaVuSerif-Bold.ttf", "Georgia Bold.ttf", "timesbd.ttf"):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


# --- ships ----------------------------------------------------------------------------------
SHIP_W, SHIP_H = 56, 128   # final pixels; the hull fills the middle, bow wave and wake the ends


def _hull_points(w: float, h: float, top: float, bottom: float, bow: float, stern_round: float,
                 beam: float) -> list[tuple[float, float]]:
    """A hull outline, bow up: a long pointed bow curving into straight sides and a round stern."""
    cx = w / 2
    half = beam / 2
    pts: list[tuple[float, float]] = []
    # starboard side from the stem down: a curved entry over ``bow`` of the length
    for i in range(13):
        t = i / 12
        y = top + t * bow
        x = cx + half * math.sin(t * math.pi / 2) ** 0.8
        pts.append((x, y))
    pts.append((cx + half, bottom - stern_round))
    for i in range(1, 12):
        a = i / 12 * math.pi
        pts.append((cx + half * math.cos(a), bottom - stern_round + stern_round * math.sin(a)))
    pts.append((cx - half, bottom - stern_round))
    for i in range(12, -1, -1):
        t = i / 12
        y = top + t * bow
        x = cx - half * math.sin(t * math.pi / 2) ** 0.8
        pts.append((x, y))
    return pts


def _wake(draw: ImageDraw.ImageDraw, w: float, top: float, stern: float, h: float,
          beam: float) -> None:
    """A bow wave (a white V from the stem) and a fading wake astern: the bow can't be missed."""
    cx = w / 2
    for k in range(3):
        spread = beam * (0.62 + k * 0.14)
        drop = (16 + k * 4) * SS
        draw.line([(cx - spread, top + drop), (cx, top - (2 - k * 3) * SS), (cx + spread, top + drop)],
                  fill=(255, 255, 255, 235 - k * 70), width=int((2.6 - k * 0.6) * SS), joint="curve")
    for k in range(10):
        y = stern + k * 2.2 * SS
        half = beam * (0.28 + 0.03 * k)
        alpha = int(150 * (1 - k / 10))
        draw.ellipse([cx - half, y, cx + half, y + 3 * SS], fill=(255, 255, 255, alpha))


def _gun(draw: ImageDraw.ImageDraw, x: float, y: float, dx: float, dy: float, r: float,
         length: float) -> None:
    """A gun mounting (a disc) with its barrel pointing along (dx, dy)."""
    draw.line([(x, y), (x + dx * length, y + dy * length)], fill=GUN, width=int(r * 0.8))
    draw.ellipse([x - r, y - r, x + r, y + r], fill=(92, 94, 100, 255), outline=INK,
                 width=int(0.6 * SS))


def blockader_image(hull=(244, 244, 238, 255)) -> Image.Image:
    """The Blockader: a white-hulled ironclad with a ram bow, a bow chaser and two broadsides."""
    w, h = SHIP_W * SS, SHIP_H * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    top, bottom, beam = 22 * SS, 106 * SS, 30 * SS
    _wake(d, w, top, bottom, h, beam)
    hull_pts = _hull_points(w, h, top, bottom, bow=30 * SS, stern_round=8 * SS, beam=beam)
    d.polygon(hull_pts, fill=hull, outline=INK, width=int(1.6 * SS))
    deck = _hull_points(w, h, top + 9 * SS, bottom - 4 * SS, bow=24 * SS, stern_round=6 * SS,
                        beam=beam - 9 * SS)
    d.polygon(deck, fill=DECK, outline=DECK_DARK, width=SS)
    cx = w / 2
    # armoured ram: a dark steel stem
    d.polygon([(cx, top - 3 * SS), (cx + 4 * SS, top + 10 * SS), (cx - 4 * SS, top + 10 * SS)],
              fill=(70, 72, 80, 255), outline=INK)
    _gun(d, cx, top + 27 * SS, 0, -1, 5.5 * SS, 15 * SS)               # bow chaser, firing ahead
    _gun(d, cx + 8 * SS, top + 55 * SS, 1, 0, 4 * SS, 9 * SS)          # starboard broadside
    _gun(d, cx - 8 * SS, top + 55 * SS, -1, 0, 4 * SS, 9 * SS)         # port broadside
    d.ellipse([cx - 5 * SS, top + 38 * SS, cx + 5 * SS, top + 48 * SS], fill=(208, 170, 90, 255),
              outline=INK, width=SS)                                   # buff funnel
    d.ellipse([cx - 2.4 * SS, top + 40.6 * SS, cx + 2.4 * SS, top + 45.4 * SS], fill=INK)
    d.ellipse([cx - 2 * SS, top + 68 * SS, cx + 2 * SS, top + 72 * SS], fill=DECK_DARK)  # mast
    return _shrink(img)


def runner_image(hull=(28, 30, 34, 255)) -> Image.Image:
    """The Runner: a low black paddle steamer with a clipper bow, stern chaser and broadsides."""
    w, h = SHIP_W * SS, SHIP_H * SS
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    top, bottom, beam = 20 * SS, 108 * SS, 24 * SS
    _wake(d, w, top, bottom, h, beam)
    cx = w / 2
    # paddle boxes first, so the hull sits over their inner halves
    for side in (-1, 1):
        x0 = cx + side * (beam / 2 - 2 * SS)
        x1 = cx + side * (beam / 2 + 7 * SS)
        d.rounded_rectangle([min(x0, x1), top + 44 * SS, max(x0, x1), top + 60 * SS],
                            radius=4 * SS, fill=(60, 62, 68, 255), outline=INK, width=SS)
        for k in range(4):
            y = top + (46.5 + k * 3.7) * SS
            d.line([(min(x0, x1) + SS, y), (max(x0, x1) - SS, y)], fill=(110, 110, 116, 255),
                   width=SS)
    hull_pts = _hull_points(w, h, top, bottom, bow=38 * SS, stern_round=7 * SS, beam=beam)
    d.polygon(hull_pts, fill=hull, outline=(0, 0, 0, 255), width=int(1.6 * SS))
    deck = _hull_points(w, h, top + 10 * SS, bottom - 4 * SS, bow=30 * SS, stern_round=5 * SS,
                        beam=beam - 8 * SS)
    d.polygon(deck, fill=(168, 140, 100, 255), outline=(120, 96, 66, 255), width=SS)
    # bowsprit: a thin spar beyond the stem
    d.line([(cx, top + 2 * SS), (cx, top - 7 * SS)], fill=(120, 96, 66, 255), width=int(1.5 * SS))
    for y in (36, 62):                                                # two raked grey funnels
        d.ellipse([cx - 4 * SS, top + y * SS, cx + 4 * SS, top + (y + 7) * SS],
                  fill=(150, 150, 156, 255), outline=INK, width=SS)
        d.ellipse([cx - 2 * SS, top + (y + 1.8) * SS, cx + 2 * SS, top + (y + 5.2) * SS], fill=INK)
    _gun(d, cx + 6 * SS, top + 50 * SS, 1, 0, 3.2 * SS, 5 * SS)        # starboard broadside
    _gun(d, cx - 6 * SS, top + 50 * SS, -1, 0, 3.2 * SS, 5 * SS)       # port broadside
    _gun(d, cx, bottom - 10 * SS, 0, 1, 4.2 * SS, 12 * SS)             # stern chaser, firing aft
    return _shrink(img)


def halo_image(colour: tuple[int, int, int], size: int = 64) -> Image.Image:
    """A soft disc in a side's colour, laid under its ship so it is found at a glance."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([s * 0.08, s * 0.08, s * 0.92, s * 0.92], fill=(*colour, 120))
    d.ellipse([s * 0.1, s * 0.1, s * 0.9, s * 0.9], outline=(*colour, 230), width=int(2.5 * SS))
    return _shrink(img.filter(ImageFilter.GaussianBlur(SS)))


def ghost(img: Image.Image, alpha: float = 0.45) -> Image.Image:
    """A see-through copy: the ship where a steering marker would take it."""
    out = img.copy()
    out.putalpha(out.getchannel("A").point(lambda a: int(a * alpha)))
    return out


# --- land -----------------------------------------------------------------------------------
def land_image(squares: list[tuple[int, int]], px: int, seed: int, rock: bool = False
               ) -> Image.Image:
    """Land covering exactly ``squares`` ((file, rank) pairs) at ``px`` pixels per square.

    The outline is the union of the squares with softened corners, kept inside them so a player
    sees which squares are land; a beach ring, then grass and wooded hills (or bare rock).
    Returned image covers the bounding box of the squares, North up.
    """
    rng = random.Random(seed)
    f0 = min(f for f, _ in squares)
    r0 = min(r for _, r in squares)
    f1 = max(f for f, _ in squares)
    r1 = max(r for _, r in squares)
    cols, rows = f1 - f0 + 1, r1 - r0 + 1
    s = px * LAND_SS
    w, h = cols * s, rows * s
    mask = Image.new("L", (w, h), 0)
    md = ImageDraw.Draw(mask)
    inset = s * 0.06
    for f, r in squares:
        x, y = (f - f0) * s, (r1 - r) * s
        md.rectangle([x + inset, y + inset, x + s - inset, y + s - inset], fill=255)
    # join neighbouring squares across the inset gap
    for f, r in squares:
        x, y = (f - f0) * s, (r1 - r) * s
        if (f + 1, r) in squares:
            md.rectangle([x + s - inset - 1, y + inset, x + s + inset + 1, y + s - inset], fill=255)
        if (f, r - 1) in squares:
            md.rectangle([x + inset, y + s - inset - 1, x + s - inset, y + s + inset + 1], fill=255)
    blur = s * 0.12
    rounded = mask.filter(ImageFilter.GaussianBlur(blur)).point(lambda v: 255 if v > 150 else 0)
    # a wobbly coast: jitter the edge with blurred noise
    noise = Image.effect_noise((w // 8 + 1, h // 8 + 1), 90).resize((w, h), Image.BILINEAR)
    coast = ImageChops.multiply(rounded.filter(ImageFilter.GaussianBlur(s * 0.05)), noise.point(
        lambda v: min(255, 150 + v // 2)))
    coast = coast.point(lambda v: 255 if v > 96 else 0)
    coast = ImageChops.multiply(coast, mask)

    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    surf = _grow(coast, _odd(s * 0.08)).filter(ImageFilter.GaussianBlur(s * 0.02))
    surf = ImageChops.multiply(surf, _grow(mask, _odd(inset * 2.2)))
    img.paste((255, 255, 255, 170), (0, 0), surf)
    if rock:
        body, light = ROCK, ROCK_LIGHT
    else:
        body, light = SAND, GRASS
    img.paste(body, (0, 0), coast)
    inner = _shrink_mask(coast, _odd(s * 0.16)).filter(ImageFilter.GaussianBlur(s * 0.04))
    inner = inner.point(lambda v: 255 if v > 128 else 0)
    img.paste(light, (0, 0), inner)
    d = ImageDraw.Draw(img)
    area = [(f, r) for f, r in squares]
    if rock:
        for _ in range(9):                                   # boulders
            f, r = rng.choice(area)
            x = (f - f0 + rng.uniform(0.3, 0.7)) * s
            y = (r1 - r + rng.uniform(0.3, 0.7)) * s
            rr = s * rng.uniform(0.07, 0.13)
            d.ellipse([x - rr, y - rr, x + rr, y + rr], fill=(96, 92, 88, 255))
            d.ellipse([x - rr * 0.7, y - rr * 0.8, x + rr * 0.3, y + rr * 0.1],
                      fill=(186, 180, 170, 255))
    else:
        inner_px = inner.load()
        for _ in range(len(area) * 9):                      # woods and hills on the grass
            f, r = rng.choice(area)
            x = (f - f0 + rng.uniform(0.15, 0.85)) * s
            y = (r1 - r + rng.uniform(0.15, 0.85)) * s
            if inner_px[int(min(x, w - 1)), int(min(y, h - 1))] < 128:
                continue
            rr = s * rng.uniform(0.05, 0.09)
            d.ellipse([x - rr, y - rr, x + rr, y + rr], fill=GRASS_DARK)
            d.ellipse([x - rr * 0.6, y - rr * 0.7, x + rr * 0.2, y + rr * 0.1],
                      fill=(150, 172, 108, 255))
    # a thin ink coastline, as on a chart
    edge = ImageChops.subtract(coast, _shrink_mask(coast, _odd(s * 0.025)))
    img.paste((92, 74, 48, 255), (0, 0), edge)
    return _shrink(img, LAND_SS)


def _grow(mask: Image.Image, size: int) -> Image.Image:
    """``MaxFilter(size)`` of a black-and-white mask, by window sums (PIL's rank filter costs
    size squared per pixel: seconds for one island)."""
    return _window_test(mask, size, lambda total, full: total > 0)


def _shrink_mask(mask: Image.Image, size: int) -> Image.Image:
    """``MinFilter(size)`` of a black-and-white mask, the same way."""
    return _window_test(mask, size, lambda total, full: total == full)


def _window_test(mask: Image.Image, size: int, keep) -> Image.Image:
    """Set where ``keep(set pixels in the size x size window, size * size)``; edges repeat."""
    half = size // 2
    on = numpy.pad(numpy.asarray(mask) > 127, half, mode="edge").astype(numpy.int32)
    sums = numpy.zeros((on.shape[0] + 1, on.shape[1] + 1), numpy.int32)
    sums[1:, 1:] = on.cumsum(0).cumsum(1)
    total = sums[size:, size:] - sums[:-size, size:] - sums[size:, :-size] + sums[:-size, :-size]
    return Image.fromarray(numpy.where(keep(total, size * size), 255, 0).astype(numpy.uint8))


def _odd(v: float) -> int:
    n = max(3, int(v))
    return n if n % 2 else n + 1


# --- compass rose ---------------------------------------------------------------------------
def compass_rose_image(size: int = 256, ink=(40, 52, 76, 255), accent=(160, 48, 40, 255),
                       letters: bool = True) -> Image.Image:
    """An eight-point compass rose with a ring of degree ticks and the North point marked."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    c = s / 2
    ring = s * 0.38
    d.ellipse([c - ring, c - ring, c + ring, c + ring], outline=ink, width=int(1.2 * SS))
    d.ellipse([c - ring * 0.93, c - ring * 0.93, c + ring * 0.93, c + ring * 0.93], outline=ink,
              width=int(0.8 * SS))
    for deg in range(0, 360, 5):
        a = math.radians(deg)
        inner = ring * (0.86 if deg % 45 == 0 else 0.89 if deg % 15 == 0 else 0.91)
        d.line([(c + inner * math.sin(a), c - inner * math.cos(a)),
                (c + ring * 0.93 * math.sin(a), c - ring * 0.93 * math.cos(a))], fill=ink,
               width=int(0.7 * SS))

    def point(deg: float, length: float, half_width: float, fill_left, fill_right) -> None:
        a = math.radians(deg)
        tip = (c + length * math.sin(a), c - length * math.cos(a))
        left = (c + half_width * math.sin(a - math.pi / 2), c - half_width * math.cos(a - math.pi / 2))
        right = (c + half_width * math.sin(a + math.pi / 2), c - half_width * math.cos(a + math.pi / 2))
        d.polygon([(c, c), left, tip], fill=fill_left, outline=ink)
        d.polygon([(c, c), tip, right], fill=fill_right, outline=ink)

    paper = (250, 246, 232, 255)
    for deg in (45, 135, 225, 315):
        point(deg, ring * 0.62, s * 0.05, paper, ink)
    for deg in (0, 90, 180, 270):
        point(deg, ring * 0.86, s * 0.075, accent if deg == 0 else paper, ink)
    d.ellipse([c - s * 0.025, c - s * 0.025, c + s * 0.025, c + s * 0.025], fill=paper, outline=ink,
              width=SS)
    font = _font(int(s * 0.09))
    for label, deg in (("N", 0), ("E", 90), ("S", 180), ("W", 270)) if letters else ():
        a = math.radians(deg)
        r = ring * 1.17
        d.text((c + r * math.sin(a), c - r * math.cos(a)), label, fill=accent if label == "N" else ink,
               font=font, anchor="mm")
    return _shrink(img)


# --- dice -----------------------------------------------------------------------------------
FACE_COLOURS = {"D4": (176, 38, 32, 255), "H2": (30, 34, 44, 255), "H1": (30, 34, 44, 255),
                "M": (120, 124, 132, 255)}


def die_face_image(face: str, size: int = 64) -> Image.Image:
    """One face of the firing die: ivory with the face's letters (D4 in red)."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle([2 * SS, 3 * SS, s - 2 * SS, s - SS], radius=s * 0.18, fill=(0, 0, 0, 90))
    d.rounded_rectangle([SS, SS, s - 3 * SS, s - 3 * SS], radius=s * 0.18, fill=(248, 242, 224, 255),
                        outline=(70, 60, 44, 255), width=int(1.2 * SS))
    font = _font(int(s * (0.42 if len(face) > 1 else 0.5)))
    d.text((s / 2 - SS, s / 2 - SS), face, fill=FACE_COLOURS.get(face, INK), font=font, anchor="mm")
    return _shrink(img)


def smoke_image(size: int = 64, seed: int = 3) -> Image.Image:
    """Smoke and fire over a disabled ship."""
    rng = random.Random(seed)
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for _ in range(16):
        r = s * rng.uniform(0.08, 0.17)
        x, y = s / 2 + rng.uniform(-0.22, 0.22) * s, s / 2 + rng.uniform(-0.3, 0.12) * s
        g = rng.randint(50, 100)
        d.ellipse([x - r, y - r, x + r, y + r], fill=(g, g, g + 5, 190))
    for _ in range(7):
        r = s * rng.uniform(0.05, 0.1)
        x, y = s / 2 + rng.uniform(-0.12, 0.12) * s, s / 2 + rng.uniform(0.02, 0.2) * s
        d.ellipse([x - r, y - r, x + r, y + r], fill=(245, rng.randint(100, 170), 30, 240))
    return _shrink(img.filter(ImageFilter.GaussianBlur(SS)))


@lru_cache(maxsize=None)
def sea_image(width: int = 512, height: int = 512, seed: int = 11) -> Image.Image:
    """A soft mottled sea for the chart's water (no fine detail, so it scales cleanly)."""
    random.seed(seed)
    noise = Image.effect_noise((width // 32, height // 32), 30).resize((width, height), Image.BICUBIC)
    noise = noise.filter(ImageFilter.GaussianBlur(12))
    base = Image.new("RGBA", (width, height), (200, 224, 228, 255))
    shade = Image.new("RGBA", (width, height), (184, 212, 222, 255))
    return Image.composite(shade, base, noise.point(lambda v: max(0, min(255, (v - 110) * 3))))


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "assets/naval_blockade")
    out.mkdir(parents=True, exist_ok=True)
    blockader_image().save(out / "blockader.png")
    runner_image().save(out / "runner.png")
    compass_rose_image().save(out / "compass_rose.png")
    land_image([(0, 0), (1, 0), (1, 1), (2, 1), (1, 2)], 64, seed=1).save(out / "island_f.png")
    land_image([(0, 0)], 64, seed=2, rock=True).save(out / "rock.png")
    for face in FACE_COLOURS:
        die_face_image(face).save(out / f"die_{face}.png")
    smoke_image().save(out / "smoke.png")
    print(f"wrote pictures to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
