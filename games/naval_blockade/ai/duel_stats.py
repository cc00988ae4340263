"""How a side's games were decided: the gun duel read from saved games.

The first ship disabled by a D4 nearly always loses, and which ship rolls the first D4 is
mostly luck: both ships roll about as many dice before it. A 50-game figure swings some seven
points on that luck alone, so two versions of a player are better compared by what their play
decides: the share of the dice rolled before the first D4 that were ours, and how often we won
when we rolled it first and when the enemy did. Their product (our share times our win rate
after our D4, plus the enemy's share times our win rate after its D4) is the win rate the play
implies with the luck of the first D4 taken out (for small chances a die is the first D4 in
proportion to its share).

The par: the solved open-sea duel's chance (``duel``, with a Runner that never slips) the first
time the ships came within ``CLOSE`` squares, before either had fired. It is the share a side
could count on from there against an enemy that plays the duel perfectly, so a player winning
more than its par is profiting from the enemy's mistakes, and one winning less is losing in
the fight itself.

    python -m games.naval_blockade.ai.duel_stats --side blockader --player computer:hard DIR...

reads every save file in the folders (``navalgames tournament ... --records DIR``) where
``--player`` played ``--side``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from navalgames.core.match import initial_state
from navalgames.core.records import GameRecord, read_record
from navalgames.core.registry import get_game

from ..rules import BLOCKADER, SIDES
from .duel import CLOSE, close_chance


def first_d4(record: GameRecord) -> dict:
    """The dice each ship rolled before the first D4 (Runner, Blockader), who rolled it (a side,
    or None if no D4 fell), who won, and the Blockader's par (None if the ships never came
    within ``CLOSE``)."""
    state = initial_state(get_game(record.game), record)
    dice = [0, 0]
    first = par = None
    for text in record.actions:
        if par is None and state.stage == "move":
            par = blockader_par(state)
        if first is None and state.stage == "fire":
            dice[state.side] += 1
            if text == "D4":
                first = SIDES[state.side]
        state.apply_text(text)
    outcome = state.outcome()
    return {"dice": dice, "first": first, "winner": outcome.winner if outcome else None,
            "par": par}


def blockader_par(state) -> float | None:
    """The perfect duel's chance for the Blockader, with the ships within ``CLOSE`` squares."""
    return close_chance(state, slip=0.0)


def summary(games: list[dict], side: str) -> dict:
    """``side``'s share of the dice before the first D4, its win rates after its own first D4
    and after the enemy's, and the win rate they imply (see the module docstring)."""
    me = SIDES.index(side)
    ours = sum(g["dice"][me] for g in games)
    theirs = sum(g["dice"][1 - me] for g in games)
    share = ours / (ours + theirs) if ours + theirs else 0.5

    def rate(first: str | None) -> tuple[int, float]:
        rows = [g for g in games if g["first"] == first]
        return len(rows), (sum(g["winner"] == side for g in rows) / len(rows) if rows else 0.0)

    n_ours, after_ours = rate(side)
    n_theirs, after_theirs = rate(SIDES[1 - me])
    met = [g for g in games if g.get("par") is not None]
    pars = [g["par"] if me == BLOCKADER else 1.0 - g["par"] for g in met]
    return {"games": len(games), "won": sum(g["winner"] == side for g in games),
            "dice": (ours, theirs), "share": share, "first": (n_ours, n_theirs),
            "after_ours": after_ours, "after_theirs": after_theirs,
            "implied": share * after_ours + (1 - share) * after_theirs,
            "met": (len(met), sum(g["winner"] == side for g in met)),
            "par": sum(pars) / len(pars) if pars else None}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", help="folders of save files")
    parser.add_argument("--side", choices=SIDES, default="blockader")
    parser.add_argument("--player", default="computer:hard", help="the seat as saved, e.g. computer:hard")
    args = parser.parse_args(argv)
    games = []
    for folder in args.folders:
        for path in sorted(Path(folder).glob("*.yaml")):
            record = read_record(path)
            if record.game == "naval-blockade" and record.players.get(args.side) == args.player:
                games.append(first_d4(record))
    s = summary(games, args.side)
    print(f"{s['games']} games as {args.side}, won {s['won']}; dice before the first D4: ours "
          f"{s['dice'][0]}, theirs {s['dice'][1]} (share {s['share']:.3f}); first D4 ours "
          f"{s['first'][0]} (won {s['after_ours']:.2f}), theirs {s['first'][1]} (won "
          f"{s['after_theirs']:.2f}); implied win rate {s['implied']:.1%}")
    met, won = s["met"]
    if met:
        print(f"the ships came within {CLOSE} squares in {met} games, won {won} ({won / met:.1%}); "
              f"par there {s['par']:.1%}")


if __name__ == "__main__":
    main()
