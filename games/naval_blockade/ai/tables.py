"""Move tables of one terrain for both ships, worked out once per terrain.

Over *ship states* (square, heading), numbered ``square * 8 + heading`` like the engine's
steering table:

- ``escape``: the Runner's fewest moves to reach rank 24 (its fastest way out);
- ``afloat``: whether a ship can keep sailing forever from here (for the Runner, escaping counts),
  and ``doom``: how many moves a ship that cannot has left before it is driven ashore;
- ``reach[k]``: the squares a ship can reach in exactly k moves (k = 6 is the six-square move of
  rule 16: a ram needs the disabled ship's square in ``reach[6]``);
- ``distance_to(square)``: fewest moves from each ship state onto a square (lazily, per square,
  and only as far out as asked: ``moves_to``).
"""

from __future__ import annotations

from functools import lru_cache

from ..rules import BLOCKADER, RUNNER

FAR = 255          # "unreachable" in the byte tables
DOOMED = 60        # moves of sea room that count as safe when a ship is not afloat for ever


class Tables:
    """Move tables of one terrain for both ships (see the module docstring)."""

    def __init__(self, terrain) -> None:
        n = terrain.size
        self.size = n
        self.last_rank = n * (n - 1)          # squares from here on are rank 24 (open sea)
        count = n * n * 8
        # successors: ship state -> next ship states (only moves onto open sea)
        self.succ: list[tuple[int, ...]] = [
            tuple(dest * 8 + h for _, h, dest in terrain.sea_moves[s]) for s in range(count)]
        preds: list[list[int]] = [[] for _ in range(count)]
        for s, nxt in enumerate(self.succ):
            for t in nxt:
                preds[t].append(s)
        self.preds = preds
        self.escape = self._escape_distances()
        self.afloat = (self._afloat(RUNNER), self._afloat(BLOCKADER))
        self.doom = (self._doom(RUNNER), self._doom(BLOCKADER))
        self.reach = self._reach_masks(6)
        self._distance: dict[int, list] = {}
        self._paths: dict[int, tuple[int, ...]] = {}
        # the Blockader's six-move plans against a disabled Runner (disabled.recovery_scores)
        self.plans: dict[tuple, dict[tuple[int, int], float]] = {}
        self._rams: dict[tuple[int, int], frozenset[int]] = {}

    def _escape_distances(self) -> bytearray:
        dist = bytearray([FAR]) * len(self.succ)
        frontier = []
        for s, nxt in enumerate(self.succ):
            if any(t // 8 >= self.last_rank for t in nxt):
                dist[s] = 1
                frontier.append(s)
        return self._bfs_back(dist, frontier)

    def _bfs_back(self, dist: bytearray, frontier: list[int]) -> bytearray:
        search = [dist, frontier]
        while search[1]:
            self._bfs_level(search)
        return dist

    def _afloat(self, side: int) -> bytearray:
        """1 where the ship can sail on for ever (the Runner: or escape), by pruning dead ends."""
        alive = bytearray([1]) * len(self.succ)
        live_count = [len(nxt) for nxt in self.succ]
        if side == RUNNER:
            # an escape move is a way out for ever; squares of rank 24 are the end of the game
            for s, nxt in enumerate(self.succ):
                if any(t // 8 >= self.last_rank for t in nxt):
                    live_count[s] = 99
        dead = [s for s in range(len(self.succ)) if live_count[s] == 0]
        for s in dead:
            alive[s] = 0
        while dead:
            t = dead.pop()
            for s in self.preds[t]:
                if alive[s]:
                    live_count[s] -= 1
                    if live_count[s] == 0:
                        alive[s] = 0
                        dead.append(s)
        return alive

    def _doom(self, side: int) -> bytearray:
        """Moves of sea room left (the longest way before running aground), DOOMED if unlimited."""
        alive = self.afloat[side]
        doom = bytearray([DOOMED]) * len(self.succ)
        memo: dict[int, int] = {}

        def longest(s: int) -> int:
            if alive[s]:
                return DOOMED
            if s in memo:
                return memo[s]
            best = 0
            for t in self.succ[s]:
                best = max(best, 1 + longest(t))
            memo[s] = min(best, DOOMED)
            return memo[s]

        for s in range(len(self.succ)):
            if not alive[s]:
                doom[s] = longest(s)
        return doom

    def _reach_masks(self, depth: int) -> list[list[int]]:
        """reach[k][s]: bit set of squares a ship reaches in exactly k moves from ship state s."""
        masks = [[1 << (s // 8) for s in range(len(self.succ))]]
        for _ in range(depth):
            prev = masks[-1]
            layer = []
            for nxt in self.succ:
                m = 0
                for t in nxt:
                    m |= prev[t]
                layer.append(m)
            masks.append(layer)
        return masks

    def ram_headings(self, ship: int, target: int) -> frozenset[int]:
        """The headings a ship at ship state ``ship`` can ram ``target`` with on the sixth single
        move of a six-square move (rule 16: it may not enter that square before)."""
        key = (ship, target)
        found = self._rams.get(key)
        if found is None:
            layer = {ship}
            for _ in range(5):
                layer = {t for s in layer for t in self.succ[s] if t // 8 != target}
            if len(self._rams) > 100_000:
                self._rams.clear()
            found = self._rams[key] = frozenset(t % 8 for s in layer for t in self.succ[s]
                                                if t // 8 == target)
        return found

    def way_out(self, ship: int) -> tuple[int, ...]:
        """The squares of the Runner's fastest way out from ship state ``ship`` (ties: the first
        helm order, port before ahead before starboard); empty when it has none."""
        path = self._paths.get(ship)
        if path is None:
            found = []
            s = ship
            moves_out = lambda t: 0 if t // 8 >= self.last_rank else self.escape[t]
            while self.escape[s] != FAR and s // 8 < self.last_rank:
                s = min(self.succ[s], key=moves_out)
                found.append(s // 8)
            path = self._paths[ship] = tuple(found)
        return path

    def intercept(self, runner: int, blockader: int) -> int:
        """Where the Blockader should head: the first square of the Runner's way out that it can
        reach sooner than the Runner (so that it stands across the way, not behind it), else the
        square where the Runner would leave the board. "Sooner" counts squares apart as the
        crow flies: a search for the moves onto each square of the way (one per square) made
        the first moves of a game take seconds, and a search on a clock then looked at a few
        dozen games instead of hundreds."""
        path = self.way_out(runner)
        n = self.size
        at = blockader // 8
        for k, square in enumerate(path, 1):
            if max(abs(square % n - at % n), abs(square // n - at // n)) < k:
                return square
        return path[-1] if path else runner // 8

    def distance_to(self, square: int) -> bytearray:
        """Fewest moves from each ship state onto ``square`` (FAR if never)."""
        search = self._search(square)
        while search[1]:
            self._bfs_level(search)
        return search[0]

    def moves_to(self, square: int, ship: int) -> int:
        """``distance_to(square)[ship]``, searching only as far out as ``ship``: a helmsman asks
        about squares near it, and a whole search per square cost seconds on every new layout."""
        search = self._search(square)
        dist = search[0]
        while dist[ship] == FAR and search[1]:
            self._bfs_level(search)
        return dist[ship]

    def _search(self, square: int) -> list:
        """The backward search onto ``square`` so far: [distances, frontier] (resumable)."""
        search = self._distance.get(square)
        if search is None:
            dist = bytearray([FAR]) * len(self.succ)
            frontier = []
            for h in range(8):
                for s in self.preds[square * 8 + h]:
                    if dist[s] > 1:
                        dist[s] = 1
                        frontier.append(s)
            search = self._distance[square] = [dist, frontier]
        return search

    def _bfs_level(self, search: list) -> None:
        """One more ring of the search: every state one move further out (labels are final)."""
        dist, frontier = search
        preds = self.preds
        found = []
        for t in frontier:
            d = dist[t] + 1
            for s in preds[t]:
                if dist[s] > d:
                    dist[s] = d
                    found.append(s)
        search[1] = found


@lru_cache(maxsize=8)
def tables_for(terrain) -> Tables:
    """One Tables per terrain (terrains are shared, immutable objects)."""
    return Tables(terrain)
