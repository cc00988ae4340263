"""Deployment: checking a fleet's placement, random deployments and the named presets.

Each side places its whole fleet secretly: the nearest ranks (its own base left empty: the flag
stands there) and one odd piece on the next rank. Presets are written from South's seat; North
uses them turned 180 degrees.
"""

from __future__ import annotations

import random
from typing import Iterable

from navalgames.core.state import IllegalAction

from .actions import Deploy
from .model import CODE_ORDER, KIND_OF_CODE, SIDES, Preset
from .tables import Rules


def _side(side: int) -> str:
    return SIDES[side].capitalize()


def deployment_problems(rules: Rules, side: int, placement: Iterable[tuple[int, int]]) -> list[str]:
    """Everything wrong with ``placement`` (square, kind) for ``side``, in words a player follows."""
    pairs = list(placement)
    names, zone = rules.names, rules.variant.setup
    main, odd = rules.setup_squares(side)
    who = _side(side)
    problems: list[str] = []
    seen: set[int] = set()
    counts = [0] * 16
    on_odd_rank = []
    for sq, k in pairs:
        if sq in seen:
            problems.append(f"two pieces on {names[sq]}")
        seen.add(sq)
        counts[k] += 1
        if sq == rules.bases[side]:
            problems.append(f"{names[sq]} is {who}'s base: it stays empty"
                            + (" (the flag stands there)" if rules.flags else ""))
        elif sq in odd:
            on_odd_rank.append(sq)
        elif sq not in main:
            problems.append(f"{names[sq]} is outside {who}'s setup area (its nearest {zone.ranks} ranks, "
                            f"and one piece on its rank {zone.odd_rank})")
    if len(on_odd_rank) > 1:
        problems.append(f"{len(on_odd_rank)} pieces on {who}'s rank {zone.odd_rank} "
                        f"({', '.join(names[s] for s in on_odd_rank)}): only the one odd piece goes there")
    for code in CODE_ORDER:
        k = KIND_OF_CODE[code]
        want, have = rules.counts[k], counts[k]
        if have != want:
            name = rules.kind_names[k]
            problems.append(f"{who} has {want} {name}{'s' if want != 1 else ''} ({code}) to place, "
                            f"{have} placed")
    empty = sorted(main - seen)
    if empty and not problems:
        problems.append(f"every square of the nearest {zone.ranks} ranks must hold a piece: "
                        f"{', '.join(names[s] for s in empty)} empty")
    return problems


def check_deployment(rules: Rules, side: int, placement: Iterable[tuple[int, int]]) -> None:
    problems = deployment_problems(rules, side, placement)
    if problems:
        more = len(problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise IllegalAction(f"{_side(side)}'s deployment: {problems[0]}{extra}")


def fleet_list(rules: Rules) -> list[int]:
    """The variant's fleet, one kind per piece, strongest first."""
    return [KIND_OF_CODE[c] for c in CODE_ORDER for _ in range(rules.counts[KIND_OF_CODE[c]])]


def random_deployment(rules: Rules, side: int, rng: random.Random) -> Deploy:
    """A uniformly random legal deployment for ``side``."""
    main, odd = rules.setup_squares(side)
    squares = sorted(main) + [rng.choice(sorted(odd))]
    fleet = fleet_list(rules)
    rng.shuffle(fleet)
    return Deploy(side, zip(squares, fleet), rules.grid)


def presets_for(rules: Rules) -> list[Preset]:
    return [p for p in rules.data.presets if rules.variant.id in p.variants]


def preset_deployment(rules: Rules, preset: Preset | str, side: int) -> Deploy:
    """A preset for ``side`` (North's turned 180 degrees); IllegalAction if it does not fit."""
    if isinstance(preset, str):
        found = [p for p in rules.data.presets if p.id == preset]
        if not found:
            raise IllegalAction(f"no preset {preset!r}: expected one of "
                                f"{', '.join(p.id for p in rules.data.presets)}")
        preset = found[0]
    turn = (lambda sq: sq) if side == 0 else rules.board.rotate
    placement = [(turn(sq), k) for sq, k in preset.placement.items()]
    check_deployment(rules, side, placement)
    return Deploy(side, placement, rules.grid)


def deployment_choices(rules: Rules, side: int, randoms: int = 4) -> list[Deploy]:
    """What ``legal_actions`` offers during setup: every preset of the variant, then a few random
    deployments drawn from fixed seeds (any other legal deployment is accepted by ``apply``)."""
    choices = [preset_deployment(rules, p, side) for p in presets_for(rules)]
    for i in range(randoms):
        choices.append(random_deployment(rules, side, random.Random(f"{rules.variant.id}:{side}:{i}")))
    return choices
