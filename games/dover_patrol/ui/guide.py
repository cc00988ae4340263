"""A ship's powers in one sentence, read from the variant's compiled combat table (never retyped)."""

from __future__ import annotations

from games.dover_patrol.rules import KIND_OF_CODE, MI, ML
from games.dover_patrol.rules.model import CODE_ORDER
from games.dover_patrol.rules.tables import ATTACKER_WINS, BOTH_SUNK


def kind_guide(rules, code: str) -> str:
    """'Submarine (SS): attacking, it sinks 10 9 8 … ; attacked, it is sunk by 2.' for this variant."""
    k = KIND_OF_CODE[code]
    result = rules.result
    name = rules.kind_names[k]
    kinds = [c for c in CODE_ORDER if rules.counts[KIND_OF_CODE[c]]]
    parts = []
    if not rules.moves[k]:
        parts.append("never moves")
    if rules.attacks[k]:
        sinks = [c for c in kinds if result[k][KIND_OF_CODE[c]] in (ATTACKER_WINS, BOTH_SUNK)]
        parts.append(f"attacking, it sinks {' '.join(sinks)}" if sinks else "its attacks sink nothing")
    else:
        parts.append("never attacks")
    sunk_by = [c for c in kinds if result[KIND_OF_CODE[c]][k] in (ATTACKER_WINS, BOTH_SUNK)]
    parts.append(f"attacked, it is sunk by {' '.join(sunk_by)}" if sunk_by else "no attack sinks it")
    if rules.contact_explosions and k in (MI, ML):
        parts.append("most ships arriving next to it are blown up")
    return f"{name} ({code}): " + "; ".join(parts) + "."
