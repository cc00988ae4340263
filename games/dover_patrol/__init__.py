"""Gibson's Dover Patrol (1920): hidden pieces, harbours, flags; five booklet variants and Fleet Orders."""

from navalgames.core.registry import GameSpec

SPEC = GameSpec(
    id="dover-patrol",
    title="Dover Patrol",
    year=1920,
    description="Gibson's hidden-piece naval battle: seize the enemy flag and bring it home.",
    sides=("south", "north"),
    engine="games.dover_patrol.rules:ENGINE",
    rules_doc="games.dover_patrol:data/rules.md",
    view="games.dover_patrol.ui:make_view",
    ai="games.dover_patrol.ai:make_player",
    commands={
        "rules": "games.dover_patrol.cli:rules_command",
        "bench": "games.dover_patrol.cli:bench_command",
        "screenshot": "games.dover_patrol.ui.screenshot:screenshot_command",
    },
    picture="dover_patrol_card.png",
    ai_levels=("random", "easy", "normal", "hard"),
)
