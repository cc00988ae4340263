"""The art as arcade textures, made once per palette and kept for the life of the program."""

from __future__ import annotations

from functools import lru_cache

import arcade
from arcade.hitbox import algo_bounding_box

from . import art


@lru_cache(maxsize=2)
def piece_textures(colour_blind: bool) -> dict[str, arcade.Texture]:
    pal = art.palette(colour_blind)
    return {name: arcade.Texture(image, hash=f"dover-{pal.name}-{name}", hit_box_algorithm=algo_bounding_box)
            for name, image in art.all_images(pal).items()}


@lru_cache(maxsize=8)
def board_texture(geometry, viewer: str, colour_blind: bool) -> arcade.Texture:
    pal = art.palette(colour_blind)
    image = art.board_image(geometry, viewer, pal)
    return arcade.Texture(image, hash=f"dover-board-{pal.name}-{viewer}-{hash(geometry)}",
                          hit_box_algorithm=algo_bounding_box)
