"""The board on screen: a camera over the sea, the pieces as sprites, highlights and labels.

World units: one square is ``SQUARE`` units, the board's bottom-left corner at (0, 0) as the
viewer sees it. The camera fits the board into whatever part of the window the view gives it,
so resizing only moves the camera. Labels are drawn in screen space so they stay crisp.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import arcade
import pyglet
from arcade.types import LBWH, LRBT

from .art import palette
from .geometry import BoardGeometry
from .textures import board_texture, piece_textures

SQUARE = 100.0
PIECE_FILL = 0.94     # a piece covers this fraction of its square


@dataclass(frozen=True)
class Token:
    """One piece as the viewer may see it."""

    side: str
    kind: str | None              # None: only its back is known
    remembered: bool = False      # an enemy piece seen earlier, shown from memory
    flag: str | None = None       # the side whose flag it carries
    exposed: bool = False         # an own piece the enemy knows (shown in combat...)


@dataclass
class BoardPicture:
    """Everything the board shows, taken from one player's observation (never the full state)."""

    tokens: dict[str, Token] = field(default_factory=dict)
    flags: dict[str, str] = field(default_factory=dict)   # square -> side, flags not on a ship


@dataclass
class Slide:
    end_square: str
    sprite: arcade.Sprite
    start: tuple[float, float]
    end: tuple[float, float]
    age: float
    life: float


@dataclass
class Effect:
    sprite: arcade.Sprite
    age: float
    life: float
    grow: float


def empty(sprites: arcade.SpriteList) -> None:
    """Take every sprite out of a list but keep its GPU buffers (``clear()`` makes new ones, which
    costs more than the few highlights it holds)."""
    while sprites:
        sprites.pop()


def badges(picture: BoardPicture) -> set[tuple]:
    """The small marks drawn on pieces: flags carried and eyes."""
    return {(square, t.flag, t.exposed) for square, t in picture.tokens.items() if t.flag or t.exposed}


class BoardWidget:
    def __init__(self, window: arcade.Window, geometry: BoardGeometry, viewer: str,
                 colour_blind: bool = False) -> None:
        self.window = window
        self.geometry = geometry
        self.viewer = viewer
        self.colour_blind = colour_blind
        self.textures = piece_textures(colour_blind)
        self.last_colour = palette(colour_blind).last_move
        self.world_w = geometry.files * SQUARE
        self.world_h = geometry.ranks * SQUARE
        self.camera = arcade.Camera2D(viewport=LBWH(0, 0, 100, 100), projection=LRBT(0, self.world_w, 0, self.world_h),
                                      position=(self.world_w / 2, self.world_h / 2))
        self.background = arcade.SpriteList()
        self.underlay = arcade.SpriteList()      # setup zone, last move
        self.pieces = arcade.SpriteList()
        self.overlay = arcade.SpriteList()       # flags on carriers, selection, legal moves, targets
        self.effects: list[Effect] = []
        self.effect_sprites = arcade.SpriteList()
        self.lifted = arcade.SpriteList()        # a piece being dragged (drawn live)
        self.sliding = arcade.SpriteList()       # pieces gliding to the square they moved to (live)
        self.slides: list[Slide] = []
        self.still_changed = False               # a slide landed: the still picture must be drawn again
        # squares whose look changed since the screen last drew its still picture (None: all of
        # them), so the frame after a move redraws a few squares, not the whole board
        self.damaged: set[str] | None = None
        self._marks: dict[str, tuple] = {}       # the highlights drawn on each square
        self._flag_sprites = arcade.SpriteList()
        self.label_batch = pyglet.graphics.Batch()
        self.labels: list[arcade.Text] = []
        self.piece_at: dict[str, arcade.Sprite] = {}
        self.dragging: tuple[str, arcade.Sprite] | None = None
        self._board_sprite = arcade.Sprite(board_texture(geometry, viewer, colour_blind))
        self.background.append(self._board_sprite)
        self._place_board()
        self.picture = BoardPicture()
        self.pixel_rect = LBWH(0, 0, 100, 100)
        self.margin = 16.0

    # --- layout -------------------------------------------------------------------------
    def set_viewer(self, viewer: str) -> None:
        if viewer != self.viewer:
            self.viewer = viewer
            self._board_sprite.texture = board_texture(self.geometry, viewer, self.colour_blind)
            self._place_board()
            self.show(self.picture, everything=True)
            self.layout(self.area)
            self.damaged = None
            self._marks = {}                     # highlights must be placed again

    def _place_board(self) -> None:
        self._board_sprite.width, self._board_sprite.height = self.world_w, self.world_h
        self._board_sprite.position = (self.world_w / 2, self.world_h / 2)

    def layout(self, area) -> None:
        """Fit the board into ``area`` (a pixel Rect), leaving a margin for the labels."""
        self.area = area
        margin = max(16.0, min(area.width, area.height) * 0.035)
        scale = min((area.width - 2 * margin) / self.world_w, (area.height - 2 * margin) / self.world_h)
        w, h = self.world_w * scale, self.world_h * scale
        left = area.left + (area.width - w) / 2
        bottom = area.bottom + (area.height - h) / 2
        self.scale = scale
        self.pixel_rect = LBWH(int(left), int(bottom), int(w), int(h))
        self.camera.viewport = self.pixel_rect
        self.scale = self.pixel_rect.width / self.world_w
        self.camera.projection = LRBT(-self.world_w / 2, self.world_w / 2, -self.world_h / 2, self.world_h / 2)
        self.camera.position = (self.world_w / 2, self.world_h / 2)
        self.margin = margin
        self._make_labels(margin)
        self.damaged = None

    def _make_labels(self, margin: float) -> None:
        # placed on whole pixels: glyphs at half pixels lose their thin strokes
        self.label_batch = pyglet.graphics.Batch()
        self.labels = []
        size = max(9, int(min(margin * 0.5, SQUARE * self.scale * 0.22)))
        colour = (214, 222, 228)
        r = self.pixel_rect
        g = self.geometry
        for column in range(g.files):
            name = g.square_at_cell(column, 0, self.viewer)
            x = r.left + (column + 0.5) * SQUARE * self.scale
            for y, anchor in ((r.bottom - margin * 0.5, "center"), (r.top + margin * 0.5, "center")):
                self.labels.append(arcade.Text(name[0], round(x), round(y), colour, size, anchor_x="center",
                                               anchor_y=anchor, batch=self.label_batch, bold=True))
        for row in range(g.ranks):
            name = g.square_at_cell(0, row, self.viewer)
            y = r.bottom + (row + 0.5) * SQUARE * self.scale
            for x in (r.left - margin * 0.5, r.right + margin * 0.5):
                self.labels.append(arcade.Text(name[1:], round(x), round(y), colour, size, anchor_x="center",
                                               anchor_y="center", batch=self.label_batch, bold=True))

    # --- squares and pixels -------------------------------------------------------------
    def world_centre(self, square: str) -> tuple[float, float]:
        col, row = self.geometry.cell(square, self.viewer)
        return (col + 0.5) * SQUARE, (row + 0.5) * SQUARE

    def screen_centre(self, square: str) -> tuple[float, float]:
        wx, wy = self.world_centre(square)
        return self.pixel_rect.left + wx * self.scale, self.pixel_rect.bottom + wy * self.scale

    def to_world(self, x: float, y: float) -> tuple[float, float]:
        return (x - self.pixel_rect.left) / self.scale, (y - self.pixel_rect.bottom) / self.scale

    def square_at(self, x: float, y: float) -> str | None:
        """The square under the screen point (x, y), or None off the board."""
        wx, wy = self.to_world(x, y)
        if not (0 <= wx < self.world_w and 0 <= wy < self.world_h):
            return None
        return self.geometry.square_at_cell(int(wx // SQUARE), int(wy // SQUARE), self.viewer)

    # --- content ------------------------------------------------------------------------
    def texture_for(self, token: Token) -> arcade.Texture:
        if token.kind is None:
            return self.textures[f"back-{token.side}"]
        prefix = "seen" if token.remembered else "face"
        return self.textures[f"{prefix}-{token.side}-{token.kind}"]

    def _sprite(self, name: str, square: str, fill: float = 1.0, dx: float = 0.0, dy: float = 0.0,
                alpha: int = 255) -> arcade.Sprite:
        sprite = arcade.Sprite(self.textures[name])
        sprite.width = sprite.height = SQUARE * fill
        x, y = self.world_centre(square)
        sprite.position = (x + dx * SQUARE, y + dy * SQUARE)
        sprite.alpha = alpha
        return sprite

    def show(self, picture: BoardPicture, everything: bool = False) -> None:
        """Show ``picture``: only the squares whose piece changed get new sprites (the frame after
        a move rebuilds two or three, not eighty); ``everything`` rebuilds them all."""
        if self.dragging:
            self.drop()
        self.end_slides()
        old = {} if everything else self.picture.tokens
        for square in list(self.piece_at):
            if picture.tokens.get(square) != old.get(square):
                self.pieces.remove(self.piece_at.pop(square))
                self.damage(square)
        for square, token in picture.tokens.items():
            if square not in self.piece_at:
                self.damage(square)
                sprite = arcade.Sprite(self.texture_for(token))
                sprite.width = sprite.height = SQUARE * PIECE_FILL
                sprite.position = self.world_centre(square)
                self.pieces.append(sprite)
                self.piece_at[square] = sprite
        if everything or (picture.flags, badges(picture)) != (self.picture.flags, badges(self.picture)):
            for square in set(picture.flags) ^ set(self.picture.flags):
                self.damage(square)
            for square, _, _ in badges(picture) ^ badges(self.picture):
                self.damage(square)
            self._flag_sprites = arcade.SpriteList()
            for square, token in picture.tokens.items():
                if token.exposed:
                    self._flag_sprites.append(self._sprite("eye", square, 0.30, -0.30, 0.30))
                if token.flag:
                    self._flag_sprites.append(self._sprite(f"flag-{token.flag}", square, 0.5, 0.30, 0.28))
            for square, side in picture.flags.items():
                self._flag_sprites.append(self._sprite(f"flag-{side}", square, 0.62, 0.0, 0.10))
        self.picture = picture

    def highlight(self, *, selected: str | None = None, legal=(), targets=(), zone=(), last=(),
                  exits=(), handoffs=()) -> None:
        """Mark squares: the selected piece, its legal destinations, attack targets, a setup zone,
        the last move, and a compulsory exit from the base."""
        marks: dict[str, list] = {}
        for name, squares in (("zone", zone), ("last", last), ("selected", [selected] if selected else []),
                              ("legal", legal), ("target", targets), ("exit", exits), ("handoff", handoffs)):
            for square in squares:
                marks.setdefault(square, []).append(name)
        for square in self.squares_between(*last) if len(last) == 2 else ():
            marks.setdefault(square, []).append("arrow")
        marks = {square: tuple(names) for square, names in marks.items()}
        carried = self.picture.tokens.get(selected).flag if selected in self.picture.tokens else None
        marks[""] = (carried,)                   # the flag shown on hand-off squares
        if marks == self._marks:
            return                               # the same marks: nothing to build again
        for square in set(marks) | set(self._marks):
            if square and marks.get(square) != self._marks.get(square):
                self.damage(square)
        self._marks = marks
        empty(self.underlay)
        for square in zone:
            self.underlay.append(self._sprite("zone", square))
        for square in last:
            self.underlay.append(self._sprite("last", square))
        empty(self.overlay)
        if len(last) == 2:
            self._arrow(*last)
        if selected:
            self.overlay.append(self._sprite("selected", selected))
        for square in legal:
            self.overlay.append(self._sprite("legal", square, 0.9))
        for square in targets:
            self.overlay.append(self._sprite("target", square))
        for square in exits:
            self.overlay.append(self._sprite("exit", square))
        for square in handoffs:   # friendly ships that may take the flag
            self.overlay.append(self._sprite("handoff", square))
            if carried:
                self.overlay.append(self._sprite(f"flag-{carried}", square, 0.42, -0.28, -0.26))

    def squares_between(self, frm: str, to: str) -> list[str]:
        """Every square in the rectangle from ``frm`` to ``to`` (what an arrow between them covers)."""
        (c0, r0), (c1, r1) = self.geometry.cell(frm, self.viewer), self.geometry.cell(to, self.viewer)
        return [self.geometry.square_at_cell(c, r, self.viewer)
                for c in range(min(c0, c1), max(c0, c1) + 1) for r in range(min(r0, r1), max(r0, r1) + 1)]

    # --- what changed ------------------------------------------------------------------
    def damage(self, square: str) -> None:
        if self.damaged is not None:
            self.damaged.add(square)

    def take_damage(self) -> list[tuple[int, int, int, int]] | None:
        """The pixel rectangles (x, y, width, height) that changed since the last call, or None
        if the whole board did; forgets them."""
        damaged, self.damaged = self.damaged, set()
        if damaged is None:
            return None
        rects = []
        size = SQUARE * self.scale
        for square in damaged:
            col, row = self.geometry.cell(square, self.viewer)
            x, y = self.pixel_rect.left + col * size, self.pixel_rect.bottom + row * size
            rects.append((int(x) - 1, int(y) - 1, int(size) + 3, int(size) + 3))
        return rects

    def _arrow(self, frm: str, to: str) -> None:
        """The last move: a ring where it started and an arrow up to the edge of the piece that made it."""
        self.overlay.append(self._sprite("wake", frm))
        (x0, y0), (x1, y1) = self.world_centre(frm), self.world_centre(to)
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        angle = -math.degrees(math.atan2(uy, ux))          # arcade turns sprites clockwise
        start, head = 0.22 * SQUARE, 0.24 * SQUARE          # from the ring's edge; the head's length
        end = length - PIECE_FILL * SQUARE / 2               # up to the edge of the moved piece
        shaft = end - head - start
        if shaft > 0:
            line = arcade.SpriteSolidColor(int(shaft), int(0.07 * SQUARE), color=self.last_colour)
            line.position = (x0 + ux * (start + shaft / 2), y0 + uy * (start + shaft / 2))
            line.angle = angle
            self.overlay.append(line)
        tip = arcade.Sprite(self.textures["arrowhead"])
        tip.width, tip.height = head * 1.25, head * 1.25
        tip.position = (x0 + ux * (end - head / 2), y0 + uy * (end - head / 2))
        tip.angle = angle
        self.overlay.append(tip)

    # --- moving a piece ------------------------------------------------------------------
    def slide(self, frm: str, to: str, life: float = 0.25) -> float:
        """Glide the piece now on ``to`` from ``frm``; returns how long it takes (0: nothing to do)."""
        sprite = self.piece_at.get(to)
        if sprite is None or frm == to or sprite in self.sliding:
            return 0.0
        self.pieces.remove(sprite)
        self.sliding.append(sprite)
        start = self.world_centre(frm)
        sprite.position = start
        self.slides.append(Slide(to, sprite, start, self.world_centre(to), 0.0, life))
        self.still_changed = True
        self.damage(to)
        return life

    def _land(self, slide: Slide) -> None:
        slide.sprite.position = slide.end
        self.sliding.remove(slide.sprite)
        self.pieces.append(slide.sprite)
        self.slides.remove(slide)
        self.still_changed = True
        self.damage(slide.end_square)

    def end_slides(self) -> None:
        for slide in list(self.slides):
            self._land(slide)

    # --- dragging ------------------------------------------------------------------------
    def lift(self, square: str) -> bool:
        """Pick up the piece on ``square``: it moves to the live layer, over everything else."""
        sprite = self.piece_at.get(square)
        if sprite is None:
            return False
        self.dragging = (square, sprite)
        self.damage(square)
        self.pieces.remove(sprite)
        self.lifted.append(sprite)
        return True

    def drag_to(self, x: float, y: float) -> None:
        if self.dragging:
            self.dragging[1].position = self.to_world(x, y)

    def drop(self) -> str | None:
        """End a drag; the piece goes back to its square until the view decides otherwise."""
        if not self.dragging:
            return None
        square, sprite = self.dragging
        self.damage(square)
        sprite.position = self.world_centre(square)
        self.lifted.remove(sprite)
        self.pieces.append(sprite)
        self.dragging = None
        return square

    # --- effects ---------------------------------------------------------------------------
    def burst(self, square: str, life: float = 0.8) -> None:
        """An explosion flash growing out of ``square``."""
        sprite = self._sprite("burst", square, 0.4)
        self.effects.append(Effect(sprite, 0.0, life, 1.6))
        self.effect_sprites.append(sprite)

    def ghost(self, square: str, texture: str, life: float = 1.4) -> None:
        """A piece just removed, shown face up where it stood while it fades and sinks."""
        if texture not in self.textures:
            return
        sprite = self._sprite(texture, square, PIECE_FILL)
        self.effects.append(Effect(sprite, 0.0, life, 0.0))
        self.effect_sprites.append(sprite)

    def busy(self) -> bool:
        return bool(self.effects or self.slides)

    def update(self, dt: float) -> bool:
        """Advance animations; True while any is running."""
        for slide in list(self.slides):
            slide.age += dt
            t = min(1.0, slide.age / slide.life)
            t = 1 - (1 - t) ** 2                             # eases into the square
            (x0, y0), (x1, y1) = slide.start, slide.end
            slide.sprite.position = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if slide.age >= slide.life:
                self._land(slide)
        for effect in list(self.effects):
            effect.age += dt
            t = min(1.0, effect.age / effect.life)
            if effect.grow:
                effect.sprite.width = effect.sprite.height = SQUARE * (0.4 + effect.grow * t)
                effect.sprite.angle = 90 * t
            else:   # a sinking piece: holds still for a moment, then fades and tilts
                fade = max(0.0, (t - 0.45) / 0.55)
                effect.sprite.width = effect.sprite.height = SQUARE * PIECE_FILL * (1 - 0.25 * fade)
                effect.sprite.angle = 25 * fade
            effect.sprite.alpha = int(255 * (1 - t)) if effect.grow else int(255 * (1 - max(0.0, (t - 0.45) / 0.55)))
            if t >= 1.0:
                self.effects.remove(effect)
                self.effect_sprites.remove(effect.sprite)
        return self.busy()

    # --- drawing --------------------------------------------------------------------------
    def draw_still(self, box: tuple[int, int, int, int] | None = None) -> None:
        """Everything that stays put between changes: sea, highlights, pieces, flags, labels.

        ``box`` (pixels x, y, width, height): draw only what lies in it. The camera is narrowed
        to the box, so the sprite shader drops every piece outside it before it costs anything
        (on a software renderer each sprite drawn costs, wherever it lands)."""
        if box is None:
            with self.camera.activate():
                self._draw_layers()
            self.label_batch.draw()
            return
        r = self.pixel_rect
        left, bottom = max(box[0], r.left), max(box[1], r.bottom)
        right, top = min(box[0] + box[2], r.right), min(box[1] + box[3], r.top)
        if right <= left or top <= bottom:
            return
        # the same map from world to pixels as the whole board's camera (whose two axes may
        # differ by a rounding), so the patch drawn again matches its surroundings pixel for pixel
        sx, sy = self.world_w / r.width, self.world_h / r.height
        x0, x1 = (left - r.left) * sx, (right - r.left) * sx
        y0, y1 = (bottom - r.bottom) * sy, (top - r.bottom) * sy
        camera = self.camera
        kept = camera.viewport, camera.projection, camera.position
        camera.viewport = LBWH(left, bottom, right - left, top - bottom)
        camera.projection = LRBT(-(x1 - x0) / 2, (x1 - x0) / 2, -(y1 - y0) / 2, (y1 - y0) / 2)
        camera.position = ((x0 + x1) / 2, (y0 + y1) / 2)
        try:
            with camera.activate():
                self._draw_layers()
        finally:
            camera.viewport, camera.projection, camera.position = kept

    def _draw_layers(self) -> None:
        self.background.draw()
        self.underlay.draw()
        self.pieces.draw()
        self._flag_sprites.draw()
        self.overlay.draw()

    def draw_moving(self) -> None:
        """What moves every frame: explosions, sinking pieces, a piece being dragged."""
        if self.effect_sprites or self.lifted or self.sliding:
            with self.camera.activate():
                self.sliding.draw()
                self.effect_sprites.draw()
                self.lifted.draw()

    def draw(self) -> None:
        self.draw_still()
        self.draw_moving()
