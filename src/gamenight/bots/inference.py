"""What the opponents' actions say about their hidden cards: a particle filter (issue 17).

Method: sequential importance resampling (Gordon, Salmond and Smith, "Novel approach to
nonlinear/non-Gaussian Bayesian state estimation", 1993), over the worlds a seat cannot tell
apart, as POMCP keeps its beliefs (Silver and Veness, "Monte-Carlo Planning in Large POMDPs",
2010). A *particle* is a full state drawn by ``game.determinize`` from the seat's view, with a
weight. The filter watches the match through views and public actions only:

- the seat's own action is applied to every particle as it was taken;
- an opponent's action, seen as a public string, is weighed in each particle: among the
  opponent's legal actions there, those whose ``public_action`` is the string seen are the
  ones it may have taken, and the particle's weight is multiplied by their total probability
  under a model of the opponent, softened: ``(1 - eps) x model + eps x uniform``. The particle
  then takes one of them, drawn in proportion to that probability: that is how a face-down
  bid or a hidden commitment gets a value in each world;
- after either, a particle must show the seat exactly the view it now has. One that does not
  (the world's own chance turned up another card, or the action showed the seat something
  the world had otherwise) is redrawn where the game offers it (``Game.redraw_unseen``: only
  what no seat has seen, the deck's order, is drawn again, and the other seats' hidden cards
  the particle holds are kept, so what their play said survives chance);
- a particle that cannot go on (no legal action of the opponent matches what the table saw,
  or the redraw cannot keep its beliefs: a face-down bid turned up otherwise) is mended where
  the game offers that (``Game.mend``: a world showing the view, keeping the beliefs the
  table has not refuted, the rest drawn), weighted at the softened share of an action the
  model did not take (``eps`` over the particle's legal actions, or ``eps`` for a refuted
  commitment); where the game offers no mend, it is dropped.

Caveats, stated plainly:

- The model of an opponent is a chooser (the game's heuristic bot on the particle's view of
  that seat, or its playout policy on the particle), not a distribution: its probability of an
  action is estimated by one draw, 1 if it chose that action and 0 otherwise. The estimate is
  unbiased, which random-weight particle filters allow (the weights stay correct on average),
  but noisy; the softening keeps every consistent world alive.
- A playout policy reads the whole particle, the seat's own hidden cards included, so as a
  model it plays as if it saw them; the heuristic bot sees only its own view of the particle.
- Retrying a dropped particle would not help: its chance (its generator, its deck order) is
  part of the state, so the same action gives the same outcome. Dropped particles are
  replaced by fresh determinizations of the current view, each weighted at the mean weight
  of the survivors: a fresh world carries no evidence from the earlier actions, for or
  against, so it counts as an average one. Where every particle died, the filter starts over
  from fresh worlds of equal weight (uniform sampling, as without inference). G.Nome, Pink
  Godzilla and A Game of Requirements offer the redraw. Where the table shows that a world
  was wrong (a card it kept for an opponent turns up elsewhere), the redraw gives it up;
  the mend keeps what still fits (Pink Godzilla, A Game of Requirements, and Game to Pick a
  Game, which has no redraw: its worlds keep their preferences through a flip). In a game
  that offers neither, such a world dies, and what was learnt before it is partly lost.
- A mended world is not the world that was refuted but a neighbour of it: which of its
  beliefs made way is the game's (random) call. Its weight is the softened share of one
  action the model did not take, so a world of equal weight whose model took the action
  weighs about 1 / ``eps`` times more (with a uniform model, ``eps`` = 1, every action and
  every mended world weighs alike: one action among the particle's legal ones).
- A face-down action is weighed when it is taken (each particle takes one under the model).
  When it is turned up, a world that had it otherwise gets the softened share ``eps`` and is
  mended where the game offers that; a world that had it right keeps its weight.
- When the effective sample size falls below half the particles, the particles are
  resampled (systematic resampling) to equal weights; copies of one particle are separate
  clones and part ways at the next opponent action.
- Everything random comes from the filter's own generator, so the same seed gives the same
  particles whatever else the process does.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import Any

from gamenight.core.agent import Agent
from gamenight.core.game import AnyGame, View
from gamenight.core.registry import PlayoutPolicy
from gamenight.core.rng import Rng

OpponentModel = Agent | PlayoutPolicy | None
"""The game's heuristic bot, its playout policy, or None for uniformly random opponents."""

RESAMPLE_BELOW = 0.5  # resample when the effective sample size is under this share of particles


def model_choice(
    game: AnyGame, model: OpponentModel, state: Any, seat: int, legal: Sequence[Any], rng: Rng
) -> Any:
    """One draw of the opponent model's action for ``seat`` in ``state`` (None: no model)."""
    if model is None:
        return None
    if isinstance(model, PlayoutPolicy):
        return model.choose(state, seat, legal, rng)
    view = game.view(state, seat) if model.needs_view else {}
    return model.act(view, legal, rng)


def matching_likelihood(matching: int, legal: int, model_matches: bool, eps: float) -> float:
    """The softened probability that the opponent took one of ``matching`` of its ``legal``
    actions: ``eps`` spread uniformly, the rest on the model's choice (one draw)."""
    return eps * matching / legal + (1.0 - eps) * model_matches


def draw_matching(matching: Sequence[Any], choice: Any, legal: int, eps: float, rng: Rng) -> Any:
    """One of ``matching`` drawn in proportion to its softened probability.

    The model's ``choice`` (if among them) has ``(1 - eps) + eps / legal``, the others
    ``eps / legal`` each.
    """
    if choice is None or choice not in matching:
        return matching[rng.randbelow(len(matching))]
    if len(matching) == 1:
        return choice
    spread = eps / legal
    favoured = 1.0 - eps + spread
    if rng.random() * (favoured + spread * (len(matching) - 1)) < favoured:
        return choice
    others = [action for action in matching if action != choice]
    return others[rng.randbelow(len(others))]


def effective_size(weights: Sequence[float]) -> float:
    """Kish's effective sample size of normalised weights: 1 / sum of squares."""
    squares = sum(w * w for w in weights)
    return 1.0 / squares if squares else 0.0


def systematic_resample(weights: Sequence[float], rng: Rng) -> list[int]:
    """Indices of the particles kept, ``len(weights)`` of them, by systematic resampling
    (one uniform draw; each particle kept about ``weight x count`` times)."""
    count = len(weights)
    cumulative = cumulative_weights(weights)
    total = cumulative[-1]
    start = rng.random() / count
    return [
        min(bisect.bisect_right(cumulative, (start + k / count) * total), count - 1)
        for k in range(count)
    ]


def cumulative_weights(weights: Sequence[float]) -> list[float]:
    running = 0.0
    cumulative = []
    for weight in weights:
        running += weight
        cumulative.append(running)
    return cumulative


class ParticleFilter:
    """One seat's beliefs over the worlds it cannot tell apart, kept through one match.

    Built from views only: its particles come from ``determinize`` and are checked against the
    seat's view after every action, so each always shows the seat exactly what it sees.
    """

    def __init__(
        self,
        game: AnyGame,
        seat: int,
        model: OpponentModel,
        size: int,
        eps: float,
        rng: Rng,
    ) -> None:
        self.game = game
        self.seat = seat
        self.model = model
        self.size = size
        self.eps = eps if model is not None else 1.0
        self.rng = rng
        self.states: list[Any] = []
        self.weights: list[float] = []
        self.view: View | None = None  # the view every particle shows the seat
        self.dropped = 0  # particles replaced by fresh worlds so far (for tests and reports)
        self.redrawn = 0  # particles kept by redrawing what no seat has seen
        self.mended = 0  # particles mended (Game.mend) instead of dropped
        # particle index -> (the world to mend, the weight a mended world gets), this action
        self._to_mend: dict[int, tuple[Any, float]] = {}
        self.resamples = 0

    def reset(self, view: View) -> None:
        """Fresh worlds of equal weight: uniform sampling, knowing nothing of the past."""
        self.view = view
        self._to_mend.clear()
        self.states = [self.fresh(view) for _ in range(self.size)]
        self.weights = [1.0 / self.size] * self.size

    def fresh(self, view: View) -> Any:
        return self.game.determinize(view, self.seat, self.rng)

    def observe(self, actor: int, public: str, view: View) -> None:
        """Update the particles after ``actor``'s action, seen as ``public``; ``view`` after."""
        if self.view is None:
            self.reset(view)
            return
        if actor == self.seat:
            self._own_action(public, view)
        else:
            self._opponent_action(actor, public, view)
        self.view = view
        self._replace_dropped(view)
        if effective_size(self.weights) < RESAMPLE_BELOW * self.size:
            self._resample()

    def _shows(self, state: Any, view: View) -> bool:
        return bool(self.game.view(state, self.seat) == view)

    def _own_action(self, public: str, view: View) -> None:
        game, seat = self.game, self.seat
        for i, state in enumerate(self.states):
            action = next((a for a in game.legal_actions(state, seat) if str(a) == public), None)
            if action is None:
                self.weights[i] = 0.0
                continue
            game.apply(state, seat, action)
            self._settle(i, state, view)

    def _opponent_action(self, actor: int, public: str, view: View) -> None:
        game, eps, rng = self.game, self.eps, self.rng
        new_decision = getattr(self.model, "new_decision", None)
        if callable(new_decision):  # a policy keeping scratch within a decision (DecisionScoped)
            new_decision()
        for i, state in enumerate(self.states):
            if actor not in game.to_act(state):
                self._drop(i, state, eps)
                continue
            legal = game.legal_actions(state, actor)
            matching = [a for a in legal if game.public_action(state, actor, a) == public]
            if not matching:  # mended, the world gets the softened share of one action
                self._drop(i, state, eps / len(legal))
                continue
            choice = model_choice(game, self.model, state, actor, legal, rng)
            chosen_matches = choice is not None and choice in matching
            self.weights[i] *= matching_likelihood(len(matching), len(legal), chosen_matches, eps)
            game.apply(state, actor, draw_matching(matching, choice, len(legal), eps, rng))
            self._settle(i, state, view)

    def _settle(self, i: int, state: Any, view: View) -> None:
        """Keep particle ``i`` (``state``, just advanced) if it shows the seat ``view``; if
        it does not, redraw what no seat has seen in it (its deck order: chance turned up
        other cards there than at the table) where the game offers that, keeping what it
        says of the other seats' hidden cards; drop it where that is impossible."""
        if self._shows(state, view):
            return
        redrawn = self.game.redraw_unseen(state, view, self.seat, self.rng)
        if redrawn is not None and self._shows(redrawn, view):
            self.states[i] = redrawn
            self.redrawn += 1
        else:  # what the world held hidden was refuted: the softened share, mended
            self._drop(i, state, self.eps)

    def _drop(self, i: int, state: Any, share: float) -> None:
        """Particle ``i`` cannot go on as it is; ``_replace_dropped`` mends ``state`` where
        the game offers that (weighted ``share`` times its weight), else draws a fresh world."""
        self._to_mend[i] = (state, self.weights[i] * share)
        self.weights[i] = 0.0

    def _replace_dropped(self, view: View) -> None:
        """Mended worlds for the dropped particles where the game offers them, else fresh
        worlds at the mean weight of the others; normalised."""
        for i, (state, weight) in self._to_mend.items():
            if weight <= 0.0:
                continue
            mended = self.game.mend(state, view, self.seat, self.rng)
            if mended is not None and self._shows(mended, view):
                self.states[i] = mended
                self.weights[i] = weight
                self.mended += 1
        self._to_mend.clear()
        alive = [w for w in self.weights if w > 0.0]
        if not alive:
            self.dropped += self.size
            self.reset(view)
            return
        mean = sum(alive) / len(alive)
        for i, weight in enumerate(self.weights):
            if weight <= 0.0:
                self.dropped += 1
                self.states[i] = self.fresh(view)
                self.weights[i] = mean
        total = sum(self.weights)
        self.weights = [w / total for w in self.weights]

    def _resample(self) -> None:
        kept = systematic_resample(self.weights, self.rng)
        self.states = [self.states[i].clone() for i in kept]
        self.weights = [1.0 / self.size] * self.size
        self.resamples += 1

    def sampler(self) -> list[float]:
        """Cumulative weights, to draw particles from in proportion to weight."""
        return cumulative_weights(self.weights)

    def draw(self, cumulative: Sequence[float], rng: Rng) -> Any:
        """A copy of a particle drawn in proportion to its weight."""
        index = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
        return self.states[min(index, len(self.states) - 1)].clone()
