"""``navalgames screenshot dover-patrol OUT.png [options]``: a Dover Patrol screen as a PNG, headless.

    --setup               the deployment screen (a few ships still in the tray)
    --position P.yaml     a position in the documented format (docs/dover_patrol.md)
    --as south|north      whose side the board is seen from (default south)
    --gameover            a game played to its end, on the game-over screen with its replay
    --step K              with --gameover: the replay stepped back to turn K
    --handover            the hand-over screen between two players on one screen
    --select SQUARE       select the viewer's ship there, its moves lit
    --attack              a move into attacking position, waiting for the target or No attack
    --moves N --seed S    without a position: a game started from random deployments and played
                          N turns by a seeded random player (default 40 turns, seed 1920)

Never touches the player's saves: the match has no save store.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import yaml

SIDES = ("south", "north")


def build_parser() -> argparse.ArgumentParser:
    from navalgames.ui.screenshot import parse_size
    p = argparse.ArgumentParser(prog="navalgames screenshot dover-patrol",
                                description="Render a Dover Patrol screen to a PNG, without a display.")
    p.add_argument("out", metavar="OUT.png")
    p.add_argument("--position", metavar="P.yaml", help="a position file to show")
    p.add_argument("--as", dest="side", choices=SIDES, default="south", help="the viewer's side")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--setup", action="store_true", help="the deployment screen")
    group.add_argument("--gameover", action="store_true", help="the game-over screen")
    group.add_argument("--handover", action="store_true", help="the hand-over screen")
    p.add_argument("--step", type=int, metavar="K", help="--gameover: the replay stepped to turn K")
    p.add_argument("--variant", default="classic")
    p.add_argument("--moves", type=int, default=40, help="turns played before the picture (default 40)")
    p.add_argument("--seed", type=int, default=1920)
    p.add_argument("--in-tray", type=int, default=12, help="--setup: ships left in the tray (default 12)")
    p.add_argument("--select", metavar="SQUARE", help="select the viewer's ship on SQUARE (its moves lit)")
    p.add_argument("--attack", action="store_true",
                   help="show a move into attacking position waiting for the choice of target")
    p.add_argument("--size", type=parse_size, default=(1280, 800), metavar="WxH")
    p.add_argument("--colour-blind", action="store_true", help="the colour-blind palette")
    p.add_argument("--against-computer", action="store_true",
                   help="the other side is the computer (no hand-over screens)")
    return p


def demo_match(args, spec):
    """The match to show: from a position file, or a seeded game from random deployments."""
    from games.dover_patrol.rules import ENGINE
    from navalgames.core.match import Match
    from navalgames.core.records import GameRecord
    other = "north" if args.side == "south" else "south"
    players = {args.side: "human", other: "computer:random" if args.against_computer else "human"}
    if args.position:
        from navalgames.core.safe_yaml import load_file
        data = load_file(Path(args.position))   # the bounded loader; FileRefused is a ValueError
        state = ENGINE.from_position(data)
        record = GameRecord(game=spec.id, variant=state.variant, options=state.options, seed=args.seed,
                            players=players, start=data)
        return Match(spec, record, None, state=state)
    match = Match.new(spec, args.variant, seed=args.seed, players=players)
    rng = random.Random(args.seed)
    if args.setup:
        if args.side == "north":
            match.play(ENGINE.random_deployment(args.variant, "south", rng))
        return match
    for side in SIDES:
        match.play(ENGINE.random_deployment(args.variant, side, rng))
    limit = 4000 if args.gameover else args.moves
    for played in range(limit + 40):
        if match.state.outcome() is not None:
            break
        if played >= limit and (args.gameover or match.state.to_act() == args.side):
            break   # the picture is taken when the viewer is to move
        actions = match.state.legal_actions()
        # a little purpose, so a picture has battles in it: attack when one is offered
        attacks = [a for a in actions if "x" in str(a)]
        match.play(rng.choice(attacks if attacks and rng.random() < 0.6 else actions))
    if args.gameover and match.state.outcome() is None:
        match.record.result = {"winner": args.side, "reason": f"{args.side.title()} won on time"}
    return match


def screenshot_command(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    from navalgames.core.registry import get_game
    from navalgames.ui.screenshot import headless_window, save_png
    try:
        spec = get_game("dover-patrol")
        window = headless_window(*args.size, colour_blind=args.colour_blind)
    except Exception as exc:
        print(f"navalgames screenshot dover-patrol: {exc}", file=sys.stderr)
        return 1
    try:
        match = demo_match(args, spec)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        print(f"navalgames screenshot dover-patrol: {exc}", file=sys.stderr)
        return 2
    view = screen_for(window, match, args)
    window.show_view(view)
    if hasattr(view, "finish_animations"):
        view.finish_animations()
    path = save_png(window, args.out)
    print(f"wrote {path}")
    return 0


def screen_for(window, match, args):
    from .deploy import DeployView
    from .flow import next_view
    from .gameover import GameOverView
    from .handover import HandOverView
    from .play import PlayView
    from .session import Session, other
    session = Session(window, match)
    session.eyes = args.side
    if args.handover:
        from .flow import news_for
        return HandOverView(args.side, other(args.side), news_for(session, args.side), lambda: None,
                            args.colour_blind)
    if args.setup:
        view = DeployView(session, args.side)
        view.randomise()
        for square in list(view.placement)[::3][:args.in_tray]:
            del view.placement[square]
        view.message = ""
        return view
    if args.gameover or session.result() is not None:
        over = GameOverView(session)
        if args.step is not None:
            over.go(over.first + args.step)
        return over
    view = next_view(session)
    view = view if isinstance(view, PlayView) else PlayView(session)
    if args.select:
        view.selected = args.select
    if args.attack:
        window.show_view(view)
        view.refresh()
        names = match.state.rules.names
        move = next((a for a in match.state.legal_actions() if getattr(a, "attack", -1) >= 0), None)
        if move is not None:
            view.choose_square(names[move.frm], names[move.to])
    return view
