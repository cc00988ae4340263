"""A player that thinks without the unsinkable-piece term (a0580bf's judgement in Pitched
Battle): the module constant is set to 0 for the length of each of its decisions only."""
from games.dover_patrol import ai
from games.dover_patrol.ai import evaluation


class OldJudgement:
    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    def choose(self, *args, **kwargs):
        kept = evaluation.UNSINKABLE
        evaluation.UNSINKABLE = 0.0
        try:
            return self.inner.choose(*args, **kwargs)
        finally:
            evaluation.UNSINKABLE = kept


def normal(level, side, seed):
    return OldJudgement(ai.make_player(level, side, seed))
