"""The combat reveal: both pieces of a combat (or an explosion) face up in a box over the board,
with what happened, until the player dismisses it with a click or a key.

It holds the game: no hand-over curtain and no computer move while it is up, so what the
player just learned is never swept away by the next thing happening.
"""

from __future__ import annotations

from games.dover_patrol.rules import visible_event

from .widgets import Canvas, Style

SHOWN = ("attack", "explosion")
DISMISS_HINT = "Click or press a key to go on."


class Reveal:
    def __init__(self, events: list, style: Style) -> None:
        self.events = events          # as the viewer may see them
        self.canvas = Canvas(style)

    @classmethod
    def of(cls, events, viewer: str, style: Style) -> "Reveal | None":
        """A reveal of the combats and explosions among ``events`` as ``viewer`` may see them."""
        shown = [visible_event(e, viewer) for e in events if e.kind in SHOWN]
        return cls(shown, style) if shown else None

    def pieces(self, event) -> list[tuple[str, str]]:
        """(texture name, caption) of the two pieces of one event, face up where known."""
        d = event.details
        side = d.get("side")
        enemy = "north" if side == "south" else "south"
        if event.kind == "attack":
            return [(f"face-{side}-{d.get('attacker')}", f"{side.title()}, attacking"),
                    (f"face-{enemy}-{d.get('defender')}", f"{enemy.title()}, attacked")]
        mover = f"face-{side}-{d['piece']}" if d.get("piece") else f"back-{side}"
        return [(mover, f"{side.title()}, arriving"), (f"face-{enemy}-{d.get('by')}", f"{enemy.title()}, blew it up")]

    def build(self, area, scale: float, textures: dict, text_colour) -> None:
        """Lay the box out in the middle of ``area`` (the board's pixel rectangle)."""
        c, k = self.canvas, scale
        c.reset()
        w = min(area.width * 0.9, 440 * k)
        face = min(96 * k, w * 0.26)
        pad = 18 * k
        inner = w - 2 * pad
        # measure the words first: the box grows with them
        rows = []
        for event in self.events:
            rows.append((event, c.text(event.text, 0, 0, text_colour, 13 * k, width=int(inner), anchor_y="top",
                                       align="center", bold=True)))
        words_h = sum(label.content_height + face + 34 * k for _, label in rows)
        h = words_h + 2 * pad + 24 * k
        left, bottom = area.left + (area.width - w) / 2, area.bottom + (area.height - h) / 2
        c.rect(left - 3, bottom - 3, w + 6, h + 6, (200, 170, 100))
        c.rect(left, bottom, w, h, (26, 34, 46, 245))
        y = bottom + h - pad
        for event, label in rows:
            for i, (name, caption) in enumerate(self.pieces(event)):
                x = left + w / 2 + (i - 0.5) * (face + 40 * k)
                if name in textures:
                    c.sprite(textures[name], x, y - face / 2, face)
                c.text(caption, x, y - face - 14 * k, (190, 200, 210), 10 * k, anchor_x="center")
            y -= face + 24 * k
            label.position = (round(left + pad), round(y))
            y -= label.content_height + 10 * k
        c.text(DISMISS_HINT, left + w / 2, bottom + 12 * k, (226, 200, 140), 11 * k, anchor_x="center",
               italic=True)
