"""A layer of flat-coloured triangles packed straight into one vertex array.

arcade's ``shape_list.create_*`` turn every vertex's colour into a ``Color`` object and every
shape into its own buffer: rebuilding the play screen's overlays after a move cost ~10 ms that
way. A ``Mesh`` appends floats (x, y, r, g, b, a per vertex) as it goes and hands the lot to
one ``ShapeElementList`` when first drawn, so a layer is one buffer and one draw call.
"""

from __future__ import annotations

import math
from array import array

from arcade.shape_list import Shape, ShapeElementList
from arcade import get_window
from pyglet import gl


def rgba(colour) -> tuple[float, float, float, float]:
    c = tuple(colour)
    return (c[0], c[1], c[2], c[3] if len(c) > 3 else 255)


class Mesh:
    def __init__(self) -> None:
        self.data = array("f")
        self._shapes: ShapeElementList | None = None

    def __len__(self) -> int:
        return len(self.data) // 6

    def clear(self) -> None:
        self.data = array("f")
        self._shapes = None

    # --- adding -------------------------------------------------------------------------------
    def triangles(self, points, colour) -> None:
        """Triangles from points taken three at a time."""
        r, g, b, a = rgba(colour)
        self.data.extend([v for x, y in points for v in (x, y, r, g, b, a)])
        self._shapes = None

    def rects(self, boxes, colour) -> None:
        """Many (x0, y0, x1, y1) rectangles in one colour, packed in one go."""
        r, g, b, a = rgba(colour)
        self.data.extend([v for x0, y0, x1, y1 in boxes
                          for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1))
                          for v in (x, y, r, g, b, a)])
        self._shapes = None

    def rect(self, x0: float, y0: float, x1: float, y1: float, colour) -> None:
        self.triangles(((x0, y0), (x1, y0), (x1, y1), (x0, y0), (x1, y1), (x0, y1)), colour)

    def rect_outline(self, cx: float, cy: float, width: float, height: float, colour,
                     line: float) -> None:
        """A frame ``line`` wide centred on the rectangle's edges, its four sides not overlapping
        (a see-through colour stays even at the corners)."""
        h = line / 2
        x0, x1, y0, y1 = cx - width / 2, cx + width / 2, cy - height / 2, cy + height / 2
        self.rect(x0 - h, y0 - h, x1 + h, y0 + h, colour)
        self.rect(x0 - h, y1 - h, x1 + h, y1 + h, colour)
        self.rect(x0 - h, y0 + h, x0 + h, y1 - h, colour)
        self.rect(x1 - h, y0 + h, x1 + h, y1 - h, colour)

    def segments(self, points, colour, width: float) -> None:
        """Separate segments (points taken two at a time), ``width`` wide."""
        quads = []
        half = width / 2
        for i in range(0, len(points) - 1, 2):
            (x0, y0), (x1, y1) = points[i], points[i + 1]
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
            a, b, c, d = (x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)
            quads += (a, b, c, a, c, d)
        self.triangles(quads, colour)

    def line_strip(self, points, colour, width: float) -> None:
        pairs = []
        for p, q in zip(points, points[1:]):
            pairs += (p, q)
        self.segments(pairs, colour, width)

    def polygon(self, points, colour) -> None:
        """A convex polygon, as a fan from its first point."""
        fan = []
        for p, q in zip(points[1:], points[2:]):
            fan += (points[0], p, q)
        self.triangles(fan, colour)

    # --- drawing ------------------------------------------------------------------------------
    def draw(self) -> None:
        if not self.data:
            return
        if self._shapes is None:
            self._shapes = ShapeElementList()
            self._shapes.append(_packed_shape(self.data))
        self._shapes.draw()


def _packed_shape(data: array) -> Shape:
    """A ``Shape`` over ready-packed vertex data (what ``Shape.__init__`` builds, minus the
    per-vertex colour objects)."""
    shape = Shape.__new__(Shape)
    shape.ctx = get_window().ctx
    shape.program = shape.ctx.line_generic_with_colors_program
    shape.mode = gl.GL_TRIANGLES
    shape.points, shape.colors = (), ()
    shape.data = data
    shape.vertices = len(data) // 6
    shape.geometry = shape.buffer = None
    return shape
