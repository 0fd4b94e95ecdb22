"""G.Nome as numbers: action ids and the observation of a seat's view.

Sizes follow the params: V Teamwork values, K card kinds (the GNA colours, White, Multicolour;
params.py numbers them in that order) and N players. With the published rules V = 9 and K = 7:
19 action ids for 3 players, 16 for 4 and 6; observations of 175, 276 and 414 floats (287 for
the 4-player ``session`` variant).

Actions. ``play V`` for every Teamwork value (ascending), then ``take COLOUR`` for every card
kind the Research deck of this player count holds (in kind order), then, with 3 players only
(the only count with a Shared card whose partner is chosen, R36), ``share S`` for every seat.
Other counts never offer ``share``, so it has no id there.

Observation. Seats are listed relative to the viewer: row ``k`` of every per-seat segment is
seat ``viewer + k``, so row 0 is the viewer's own; ``seat`` says which seat that is. Research
cards are alike within a kind (G2), so they are counted by kind, every count divided by the
largest number of cards of one kind in the Research deck, which keeps them in [0, 1]. The
viewer's face-down Teamwork card and its Secret card appear only in its own view; the other
seats' unrevealed Teamwork cards include a face-down one, as their views show them (R16, D3).
Everything else is public, plus two counts the view implies: the Research and Secret cards
not seen anywhere (still in the deck, set aside, or another seat's hidden Secret card).
Segments that can never be non-zero for the player count are left out: ``pending`` exists
only with 3 players, ``partner`` only with teams, ``secret`` and ``unseen_secrets`` only with
Secret cards, the ``session_*`` segments only in session play (R29).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from gamenight.adapters.encodings.base import Encoding, FloatArray, Segment
from gamenight.core.game import AnyGame, View
from gamenight.games.gnome.params import GnomeParams
from gamenight.games.gnome.state import Phase, Step

_PHASES = [phase.name.lower() for phase in Phase]
_STEPS = [step.name.lower().replace("_", "-") for step in Step]  # as views.py names them
_QUEUE_LENGTH = {3: 2, 4: 3, 6: 4}
"""Longest order of choosing per player count, whatever the params (rules.py): 3 players,
the highest seat then the lowest (R36); 4 players, three picks (R27); 6 players, four steps
(R31: three picks and the middle team's; R32: two picks and two dealt cards)."""
_SCORE_SCALE = 50.0
"""Research results are divided by this (published-rules results stay mostly below it)."""


def best_result(params: GnomeParams, cards: int) -> int:
    """An upper bound on any research result from at most ``cards`` cards (R22-R24)."""
    # best[c]: the largest sum of colour scores with c cards spread over the colours so far.
    value = params.colour_score
    best = [0] * (cards + 1)
    for _ in params.colours:
        best = [max(best[c - m] + value(m) for m in range(c + 1)) for c in range(cards + 1)]
    return max(best) + params.set_bonus


class GnomeEncoding(Encoding):
    game_name = "gnome"

    def __init__(self, game: AnyGame, num_players: int) -> None:
        super().__init__(game, num_players)
        p: GnomeParams = game.params
        n = num_players
        self.params = p
        self.values: tuple[int, ...] = tuple(sorted(p.teamwork))
        self.value_index = {v: i for i, v in enumerate(self.values)}
        self.card_names: tuple[str, ...] = p.card_names
        self.kind_index = {name: k for k, name in enumerate(self.card_names)}
        self.research = Counter(p.research_deck(n))
        self.secrets = Counter(p.secret_deck(n))
        self._research_counts = [self.research[k] for k in range(len(self.card_names))]
        self._secret_counts = [self.secrets[k] for k in range(len(self.card_names))]
        self.card_scale = float(max(self.research.values()))
        self.secret_scale = float(max(self.secrets.values(), default=1))
        self.per_round = p.cards_per_round(n)
        self.in_play = p.rounds * self.per_round  # D1, G8: cards dealt into the deck
        self.queue_length = _QUEUE_LENGTH[n]
        self.shares = n == 3  # R36: only the 3-player lowest seat names a partner
        self.teams = n != 3
        self.uses_secrets = p.uses_secrets(n)
        self.session_games = p.session_games
        # A seat holds at most its Secret card and the cards in play.
        self.score_high = best_result(p, self.in_play + 1) / _SCORE_SCALE
        self.left_scale = float(sum(self.values) * p.session_games)
        self._length = p.rounds * (n + self.queue_length + int(self.shares)) * p.session_games
        self._length = min(self._length, p.max_actions)  # G11: the cap counts every action
        self.queue_width = len(_STEPS) + 2 * n
        self.offsets = self.layout.offsets

    # -- actions --------------------------------------------------------------------------
    def action_notations(self) -> list[str]:
        takes = [
            f"take {name.lower()}"
            for kind, name in enumerate(self.card_names)
            if self.research[kind]
        ]
        shares = [f"share {seat}" for seat in range(self.num_players)] if self.shares else []
        return [*(f"play {v}" for v in self.values), *takes, *shares]

    def max_game_length(self) -> int:
        """Per round every seat commits once, the order of choosing has at most
        ``queue_length`` picks and (3 players) one ``share``; a session plays its games."""
        return self._length

    # -- observation ----------------------------------------------------------------------
    def segments(self) -> list[Segment]:
        n, v, k = self.num_players, len(self.values), len(self.card_names)
        kinds = ", ".join(name.lower() for name in self.card_names)
        segments = [
            Segment("seat", (n,), "the viewer's seat, one-hot (all zero for a spectator)"),
            Segment("phase", (len(_PHASES),), f"phase, one-hot: {', '.join(_PHASES)}"),
            Segment("actor", (n,), "seat to pick or share, relative to the viewer, one-hot"),
            Segment(
                "progress",
                (3,),
                "round/rounds, Research cards left in the deck/cards in play, "
                "actions taken/game length",
            ),
            Segment("offer", (k,), f"Research cards on offer by kind ({kinds}) / card scale"),
            Segment("discard", (k,), "discarded Research cards by kind / card scale"),
            Segment(
                "unseen", (k,), "Research cards not seen anywhere (deck, set aside) / card scale"
            ),
        ]
        if self.uses_secrets:
            segments.append(
                Segment(
                    "unseen_secrets",
                    (k,),
                    "Secret cards not seen (others' hidden, not dealt) by kind / secret scale",
                )
            )
        if self.shares:
            segments.append(Segment("pending", (k,), "card taken, its sharer not named yet"))
        segments += [
            Segment("my_commitment", (v,), "the viewer's face-down Teamwork card, one-hot"),
            Segment(
                "queue",
                (self.queue_length, self.queue_width),
                "order of choosing still to come, current step first: step kind "
                f"({', '.join(_STEPS)}), seat (relative), partner (relative)",
            ),
            Segment("winners", (n,), "winners once the match is over, relative"),
            Segment("unrevealed", (n, v), "per seat: Teamwork cards not yet revealed"),
            Segment("last_played", (n, v), "per seat: Teamwork card revealed last, one-hot"),
            Segment("committed", (n,), "per seat: has committed a card this round"),
        ]
        if self.teams:
            segments.append(Segment("partner", (n, n), "per seat: its partner, relative"))
        segments += [
            Segment("individual", (n, k), "per seat: Individual cards by kind / card scale"),
            Segment("shared", (n, k), "per seat: Shared cards it scores, by kind / card scale"),
        ]
        if self.uses_secrets:
            segments.append(Segment("secret", (n, k), "per seat: Secret card if shown, one-hot"))
        segments += [
            Segment(
                "score",
                (n,),
                f"per seat: research result shown / {_SCORE_SCALE:g}",
                high=self.score_high,
            ),
        ]
        if self.uses_secrets:
            segments.append(
                Segment("score_complete", (n,), "per seat: the result includes its Secret card")
            )
        if self.session_games > 1:
            g = self.session_games
            segments += [
                Segment("session_game", (g,), "game of the session, one-hot"),
                Segment(
                    "session_totals",
                    (n,),
                    f"per seat: results of the finished games / {_SCORE_SCALE:g}",
                    high=self.score_high * g,
                ),
                Segment(
                    "session_left",
                    (n,),
                    "per seat: sum of Teamwork cards left in finished games / most possible",
                ),
            ]
        return segments

    def fill(self, view: View, out: FloatArray) -> None:
        # The hot path of every adapter step: plain loops over the view, offsets looked up
        # once, the 1.0 entries and the counts gathered in Python and written by numpy twice.
        o = self.offsets
        n = self.num_players
        nv, nk = len(self.values), len(self.card_names)
        kind = self.kind_index
        value = self.value_index
        viewer = view["viewer"]
        me = 0 if viewer is None else viewer
        hot: list[int] = []
        add = hot.append
        counts: dict[int, int] = {}  # entry -> cards counted there (scaled at the end)
        unseen = list(self._research_counts)
        unseen_secrets = list(self._secret_counts)

        if viewer is not None:
            add(o["seat"] + viewer)
        add(o["phase"] + _PHASES.index(view["phase"]))
        actor = view["actor"]
        if actor is not None:
            add(o["actor"] + (actor - me) % n)
        progress = o["progress"]
        values = {
            progress: view["round"] / self.params.rounds,
            progress + 1: view["deck"] / self.in_play,
            progress + 2: min(view["steps"] / self._length, 1.0),
        }

        for zone in ("offer", "discard"):
            at = o[zone]
            for name in view[zone]:
                k = kind[name]
                counts[at + k] = counts.get(at + k, 0) + 1
                unseen[k] -= 1
        pending = view["pending"]
        if pending is not None:
            add(o["pending"] + kind[pending])
            unseen[kind[pending]] -= 1
        shared_at = o["shared"]
        for entry in view["shared"]:
            k = kind[entry["card"]]
            unseen[k] -= 1
            for seat in entry["seats"]:
                at = shared_at + ((seat - me) % n) * nk + k
                counts[at] = counts.get(at, 0) + 1
        mine = view["my_commitment"]
        if mine is not None:
            add(o["my_commitment"] + value[mine])
        width = self.queue_width
        at = o["queue"]
        for step in view["queue"][: self.queue_length]:
            add(at + _STEPS.index(step["step"]))
            add(at + len(_STEPS) + (step["seat"] - me) % n)
            if step["partner"] is not None:
                add(at + len(_STEPS) + n + (step["partner"] - me) % n)
            at += width
        winners = view["winners"]
        if winners:
            for seat in winners:
                add(o["winners"] + (seat - me) % n)

        unrevealed_at, played_at = o["unrevealed"], o["last_played"]
        individual_at, score_at = o["individual"], o["score"]
        for seat, seat_view in enumerate(view["seats"]):
            r = (seat - me) % n
            at = unrevealed_at + r * nv
            for v in seat_view["unrevealed"]:
                add(at + value[v])
            if seat_view["played"]:
                add(played_at + r * nv + value[seat_view["played"][-1]])
            if seat_view["committed"]:
                add(o["committed"] + r)
            partner = seat_view["partner"]
            if partner is not None:
                add(o["partner"] + r * n + (partner - me) % n)
            at = individual_at + r * nk
            for name in seat_view["individual"]:
                k = kind[name]
                counts[at + k] = counts.get(at + k, 0) + 1
                unseen[k] -= 1
            secret = seat_view["secret"]
            if secret is not None:
                add(o["secret"] + r * nk + kind[secret])
                unseen_secrets[kind[secret]] -= 1
            if seat_view["score"]:
                values[score_at + r] = seat_view["score"] / _SCORE_SCALE
            if seat_view["has_secret"] and seat_view["score_complete"]:
                add(o["score_complete"] + r)

        at = o["unseen"]
        for k, count in enumerate(unseen):
            if count:
                counts[at + k] = count
        if self.uses_secrets:
            at = o["unseen_secrets"]
            for k, count in enumerate(unseen_secrets):
                if count:
                    values[at + k] = count / self.secret_scale

        session = view["session"]
        if session is not None:
            add(o["session_game"] + session["game"] - 1)
            totals, left = o["session_totals"], o["session_left"]
            for seat in range(n):
                r = (seat - me) % n
                games = session["history"]
                values[totals + r] = sum(g["scores"][seat] for g in games) / _SCORE_SCALE
                values[left + r] = sum(g["left_sum"][seat] for g in games) / self.left_scale
        card = 1.0 / self.card_scale
        for at, cards in counts.items():
            values[at] = cards * card
        out[np.array(hot, dtype=np.intp)] = 1.0
        out[np.fromiter(values, dtype=np.intp, count=len(values))] = np.fromiter(
            values.values(), dtype=np.float32, count=len(values)
        )


ENCODING = GnomeEncoding
