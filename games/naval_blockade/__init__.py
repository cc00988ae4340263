"""Lieutenant Chamberlain's Game of Naval Blockade (1888): a Runner, a Blockader, islands and dice."""

from navalgames.core.registry import GameSpec

SPEC = GameSpec(
    id="naval-blockade",
    title="Naval Blockade",
    year=1888,
    description="Chamberlain's duel among islands: the Runner must slip past the Blockader's guns.",
    sides=("runner", "blockader"),
    engine="games.naval_blockade.rules:ENGINE",
    rules_doc="games.naval_blockade:data/rules.md",
    view="games.naval_blockade.ui:make_view",
    ai="games.naval_blockade.ai:make_player",
    commands={
        "rules": "games.naval_blockade.cli:rules_command",
        "bench": "games.naval_blockade.cli:bench_command",
        "screenshot": "games.naval_blockade.ui.screenshot:screenshot_command",
    },
    picture="naval_blockade_card.png",
    ai_levels=("random", "easy", "normal", "hard"),
)
