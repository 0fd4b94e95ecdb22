"""Information-set Monte Carlo tree search (ISMCTS), for every gamenight game.

This is the multiple-observer variant (MO-ISMCTS) of Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012. Each iteration:

1. draws a full state consistent with the bot's view (``game.determinize``): the bot never
   sees the true state, only its own view;
2. walks down one tree per seat at once. Each seat's tree is keyed by what that seat observes:
   its own actions exactly, other seats' actions as ``game.public_action`` shows them. The seat
   to act chooses in its own tree by UCB1 with availability counts (a child is only a
   candidate in iterations where its action is legal), so a seat never chooses knowing
   another seat's hidden commitment or hand, even though the sampled state holds them (with
   ``simultaneous=regret``, by regret matching where the seats choose blind to one another:
   ``game.simultaneous``);
3. adds one node, plays the rest of the match out with the rollout policy (uniform random, or
   the game's heuristic bot), and credits every seat's tree with that seat's share of the win.

At the root and in the trees, a seat weighs the legal actions ``game.search_actions`` keeps
(all of them, unless a game leaves out one that only lets a search go round in circles, such
as Pink Godzilla's trade given up); rollouts play every legal action.

The bot answers with the most visited of its legal actions at the root. With a fixed
iteration budget and seed it is exactly reproducible, and a decision depends only on the view,
the legal actions and the generator it is given: the trees live for one decision, and a
rollout policy or guide that keeps scratch between calls is told when a decision starts
(:class:`DecisionScoped`), so a long-lived bot decides as a fresh one would.
"""

from __future__ import annotations

import dataclasses
import gc
import math
import time
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Protocol

from gamenight.bots.base import RandomAgent, check_options, option_float
from gamenight.bots.inference import OpponentModel, ParticleFilter
from gamenight.core import registry
from gamenight.core.agent import Agent
from gamenight.core.errors import BotError
from gamenight.core.game import AnyGame, View
from gamenight.core.registry import PlayoutPolicy
from gamenight.core.rng import Rng

DEFAULT_ITERATIONS = 300
DEFAULT_EXPLORATION = 0.7
SCORE_WEIGHT = 0.2  # in the "mixed" reward, the part that comes from the score
DEFAULT_BIAS = 2.0  # weight of the guide's choice at the root (progressive bias)
SIGNIFICANCE = 2.0  # standard errors by which a move must beat the guide's to replace it
# While searching, the garbage collector's full collections wait (see ISMCTSAgent._search).
NEVER = 1 << 30  # a threshold no count reaches
DEFAULT_PARTICLES = 32  # inference: worlds the filter keeps per seat
DEFAULT_EPS = 0.1  # inference: share of the opponent model spread uniformly
DEFAULT_FRESH = 0.1  # inference: share of iterations searching a fresh uniform world
SPLITS = ("off", "view", "all")  # the ``split`` option's values, in order of what they key
SIMULTANEOUS = ("ucb", "regret", "regret-several")  # the ``simultaneous`` option's values
REGRET_EXPLORATION = 0.1  # regret matching: share of a choice spread uniformly (gamma)
VIEW_KEY = "\x00"  # starts a child key that is a view: no action's text starts with it
INFERENCE_OPTIONS = {"infer", "model", "particles", "eps", "fresh"}


class DecisionScoped(Protocol):
    """A rollout policy or guide that keeps scratch from call to call within a decision.

    ``new_decision`` is called before each decision and must forget whatever the calls of
    earlier decisions left behind, so that the bot's choice does not depend on what it
    searched before, on how many matches it played, or on how they were split between
    processes. What such a helper keeps across decisions must be a pure look-up: keyed on
    everything its value depends on.
    """

    def new_decision(self) -> None: ...


def start_decision(helper: object) -> None:
    """Tell ``helper`` a decision starts, if it is :class:`DecisionScoped`.

    Looked up by name rather than with ``isinstance``: compiled (docs/speed.md), a protocol
    class is a plain class and cannot be made runtime-checkable.
    """
    new_decision = getattr(helper, "new_decision", None)
    if callable(new_decision):
        new_decision()


class Node:
    """Statistics of one observed history in one seat's tree."""

    __slots__ = ("available", "children", "mover", "regret", "reward", "reward_sq", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat whose action led here; rewards are that seat's
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.available = 1
        self.reward = 0.0
        self.reward_sq = 0.0  # for the standard error of the mean reward
        # ``simultaneous=regret`` only, at a node of a step whose seats choose blind to one
        # another (``game.simultaneous``): by action, its cumulative regret and the sum of
        # the strategies played (RegretTable)
        self.regret: RegretTable | None = None


class RegretTable:
    """Regret matching at one seat's node of a simultaneous step (``simultaneous=regret``).

    Per action: the cumulative regret of not having always played it, and the sum of the
    strategies the seat played (whose normalised value is the average strategy, the one that
    approaches an equilibrium; Hart and Mas-Colell, "A simple adaptive procedure leading to
    correlated equilibrium", Econometrica 68(5), 2000). Rewards come from one sampled action
    per iteration, so the regrets use the importance-weighted estimate of every action's
    reward (as Exp3 does): the sampled action's reward over its probability, zero for the rest.
    """

    __slots__ = ("regrets", "strategy_sums")

    def __init__(self) -> None:
        self.regrets: dict[str, float] = {}
        self.strategy_sums: dict[str, float] = {}

    def strategy(self, keys: Sequence[str]) -> list[float]:
        """The current strategy over ``keys``: in proportion to the positive regrets, uniform
        when none is positive."""
        regrets = self.regrets
        positive = [max(regrets.get(key, 0.0), 0.0) for key in keys]
        total = sum(positive)
        if total <= 0.0:
            return [1.0 / len(keys)] * len(keys)
        return [value / total for value in positive]

    def average(self, keys: Sequence[str]) -> list[float]:
        """The average strategy over ``keys`` (uniform if the node was never chosen at)."""
        sums = self.strategy_sums
        played = [sums.get(key, 0.0) for key in keys]
        total = sum(played)
        if total <= 0.0:
            return [1.0 / len(keys)] * len(keys)
        return [value / total for value in played]

    def update(self, keys: Sequence[str], chosen: int, probability: float, reward: float) -> None:
        """Credit one iteration: action ``chosen`` (played with ``probability``) earned
        ``reward``; every action's regret moves by its estimated reward minus ``reward``."""
        regrets = self.regrets
        estimate = reward / probability
        for index, key in enumerate(keys):
            gain = estimate - reward if index == chosen else -reward
            regrets[key] = regrets.get(key, 0.0) + gain


class ISMCTSAgent:
    """MO-ISMCTS bot. Options (bot spec ``ismcts:iters=800,rollout=heuristic``):

    - ``iters``: iterations per decision (default 300);
    - ``time``: seconds per decision instead (then not reproducible);
    - ``rollout``: ``playout`` (the game's fast playout policy; the default where a game has
      one), ``random`` (the default otherwise) or ``heuristic`` (the game's own bot: strong
      but slow, as it builds a view at every step);
    - ``reward``: ``mixed`` (default: 0.8 x the share of the win plus 0.2 x the score scaled
      between the lowest and highest score of the playout, so that playouts ending in a tie
      nobody wins still say who did better) or ``win`` (the share of the win alone);
    - ``guide``: ``heuristic`` (the default where the game has a heuristic bot) or ``none``.
      The guide's choice at the root gets a progressive bias (Chaslot et al., "Progressive
      strategies for Monte-Carlo tree search", 2008): ``bias / (visits + 1)`` is added to its
      UCB value and it is tried first, so the search starts from the guide's move and leaves
      it only when the playouts show another move better;
    - ``bias``: the weight of that bonus (default 2.0);
    - ``opponents``: ``search`` (default: every seat chooses in its own tree, as in MO-ISMCTS)
      or ``model`` (the other seats play the rollout policy inside the tree too). Sampled
      states hold the bot's own hidden cards, so searching opponents learn to answer them as
      if they saw them; a model of the opponents does not, and lets the search exploit it;
    - ``c``: UCB1 exploration constant (default 0.7; rewards lie in [0, 1]);
    - ``split``: what a decision below the root is keyed by in its seat's tree. ``off``
      (default, MO-ISMCTS): the actions that seat observed, so one node stands for every
      world with that history, whatever the seat has privately seen since (a card drawn, a
      coin's hidden side) or chance has turned up (a new offer), and its choices are fused
      over them. ``view``: the bot's own later decisions are keyed by its view in the world
      searched as well, as a tree keyed by information states is (OpenSpiel's ISMCTS): they
      can answer what the bot will know by then, at the price of fewer visits per node.
      ``all``: every seat's decisions are, so the other seats choose knowing their own hands
      in that world. A view is built at each such step: at 300 iterations ``view`` cost 12%
      more time a decision in A Game of Requirements and 22% in G.Nome (4 players), ``all``
      32% in G.Nome (pure build, ``peers.decision_seconds`` over the positions of
      ``benchmarks/peers.py``);
    - ``simultaneous``: how a seat chooses in a step whose seats choose blind to one another
      (``game.simultaneous``: G.Nome's Teamwork cards, Pink Godzilla's sealed bids; the last
      seat to commit included, although it is then the only one to act). ``ucb``
      (default): by UCB1, as everywhere else. ``regret``: by regret matching with a tenth of
      each choice spread uniformly (:class:`RegretTable`), which heads for an equilibrium of
      the simultaneous choice where UCB1 chases the others' last choices (Lanctot, Lisy and
      Winands, "Monte Carlo tree search in simultaneous move games with applications to
      Goofspiel", 2013); when the bot's own decision is such a step, it plays the average
      strategy's most played action, and ignores the guide there. ``regret-several``: by
      regret matching only while several seats are to act at once; the last seat to commit,
      alone to act, chooses by UCB1 at its node, which (keyed by what it observed) stands for
      every choice of the others, so it answers their mix of choices rather than settling
      on an equilibrium. This was ``regret`` before G.Nome's G14. There, at 4 players and
      equal CPU time against OpenSpiel's ISMCTS, it won more matches than ``regret`` and
      ``ucb``, though by no more than chance in either pairing (``benchmarks/STRENGTH.md``);
    - ``infer``: ``off`` (default: every world drawn uniformly by ``determinize``) or ``on``:
      worlds drawn in proportion to how likely the opponents' observed actions were in them
      (:class:`InferringISMCTSAgent`, a particle filter kept per seat through the match);
    - with ``infer=on`` only: ``model``, the opponents' model (``playout``, the default where
      the game has a playout policy, else ``heuristic``, else ``random``); ``particles``
      (default 32); ``eps``, the share of the model's probability spread uniformly over the
      legal actions (default 0.1, in [0, 1]); ``fresh``, the share of iterations that draw a
      fresh uniform world instead of a particle, for diversity (default 0.1, in [0, 1]).
    """

    needs_view: ClassVar[bool] = True

    def __init__(
        self,
        game: AnyGame,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        rollout: Agent | PlayoutPolicy | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        score_weight: float = SCORE_WEIGHT,
        guide: Agent | None = None,
        bias: float = DEFAULT_BIAS,
        model_opponents: bool = False,
        split: str = "off",
        simultaneous: str = "ucb",
    ) -> None:
        if iterations < 1:
            raise BotError("bot 'ismcts': iters must be at least 1")
        if seconds is not None and seconds <= 0:
            raise BotError("bot 'ismcts': time must be positive")
        self.name = "ismcts"
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout if rollout is not None else RandomAgent()
        self.exploration = exploration
        self.score_weight = score_weight
        self.guide = guide
        self.bias = bias
        self.model_opponents = model_opponents
        if split not in SPLITS:
            raise BotError(f"bot 'ismcts': split must be off, view or all, not {split!r}")
        self.split_mine = split != "off"  # the bot's own decisions below the root
        self.split_others = split == "all"  # the other seats' decisions
        if simultaneous not in SIMULTANEOUS:
            raise BotError(
                f"bot 'ismcts': simultaneous must be ucb, regret or regret-several, "
                f"not {simultaneous!r}"
            )
        self.regret_matching = simultaneous != "ucb"
        # whether a seat alone to act in a simultaneous step (G.Nome's last to commit, G14)
        # chooses by regret matching as well, or by UCB1 (``regret-several``)
        self.regret_when_alone = simultaneous == "regret"
        self.last_iterations = 0  # iterations of the last decision (for benchmarks)

    @classmethod
    def from_options(cls, game: AnyGame, options: Mapping[str, str]) -> ISMCTSAgent:
        check_options(
            options,
            {
                "iters",
                "time",
                "rollout",
                "c",
                "reward",
                "guide",
                "bias",
                "opponents",
                "split",
                "simultaneous",
            }
            | INFERENCE_OPTIONS,
            "ismcts",
        )
        inference = inference_options(game, options)
        iterations = _number(options, "iters", DEFAULT_ITERATIONS, int)
        seconds = _number(options, "time", None, float) if "time" in options else None
        exploration = _number(options, "c", DEFAULT_EXPLORATION, float)
        if exploration < 0:
            raise BotError("bot 'ismcts': c must not be negative")
        entry = registry.entry(game.spec.name)
        rollout_name = options.get("rollout", "playout" if entry.playout else "random")
        rollout: Agent | PlayoutPolicy
        if rollout_name == "random":
            rollout = RandomAgent()
        elif rollout_name == "playout":
            if entry.playout is None:
                raise BotError(f"bot 'ismcts': {game.spec.name} has no playout policy")
            rollout = entry.playout(game)
        elif rollout_name == "heuristic":
            factory = registry.entry(game.spec.name).bots.get("heuristic")
            if factory is None:
                raise BotError(f"bot 'ismcts': {game.spec.name} has no heuristic bot to roll out")
            rollout = factory(game, {})
        else:
            raise BotError(
                f"bot 'ismcts': rollout must be playout, random or heuristic, not {rollout_name!r}"
            )
        reward = options.get("reward", "mixed")
        if reward not in ("mixed", "win"):
            raise BotError(f"bot 'ismcts': reward must be mixed or win, not {reward!r}")
        iterations = iterations if "time" not in options else 10**9
        weight = SCORE_WEIGHT if reward == "mixed" else 0.0
        heuristic = entry.bots.get("heuristic")
        guide_name = options.get("guide", "heuristic" if heuristic else "none")
        if guide_name == "none":
            guide = None
        elif guide_name == "heuristic":
            if heuristic is None:
                raise BotError(f"bot 'ismcts': {game.spec.name} has no heuristic bot to guide it")
            guide = heuristic(game, {})
        else:
            raise BotError(f"bot 'ismcts': guide must be heuristic or none, not {guide_name!r}")
        bias = _number(options, "bias", DEFAULT_BIAS, float)
        if bias < 0:
            raise BotError("bot 'ismcts': bias must not be negative")
        opponents = options.get("opponents", "search")
        if opponents not in ("search", "model"):
            raise BotError(f"bot 'ismcts': opponents must be search or model, not {opponents!r}")
        split = options.get("split", "off")
        simultaneous = options.get("simultaneous", "ucb")
        if inference is not None:
            return InferringISMCTSAgent(
                game,
                iterations,
                seconds,
                rollout,
                exploration,
                weight,
                guide,
                bias,
                opponents == "model",
                inference,
                split,
                simultaneous,
            )
        return cls(
            game,
            iterations,
            seconds,
            rollout,
            exploration,
            weight,
            guide,
            bias,
            model_opponents=opponents == "model",
            split=split,
            simultaneous=simultaneous,
        )

    # -- deciding -------------------------------------------------------------------------
    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        legal_actions = self.game.search_actions(legal_actions)  # what the search weighs
        if len(legal_actions) == 1:
            return legal_actions[0]
        me = view.get("viewer")
        if not isinstance(me, int):
            raise BotError("bot 'ismcts' needs a seat's view (it got a spectator's)")
        for helper in (self.rollout, self.guide):
            start_decision(helper)
        hint = None
        if self.guide is not None:
            hint = str(self.guide.act(view, legal_actions, rng.spawn()))
        thresholds = gc.get_threshold()
        postpone = len(thresholds) == 3 and thresholds[2] != NEVER  # not already, by another
        if postpone:
            gc.set_threshold(thresholds[0], thresholds[1], NEVER)
        try:
            root = self._search(view, me, rng, hint)
        finally:
            if postpone:
                gc.set_threshold(*thresholds)
        if root.regret is not None:  # a simultaneous step, chosen by regret matching
            return self._most_played(root.regret, legal_actions)
        return self._best(root, legal_actions, hint)

    def _search(self, view: View, me: int, rng: Rng, hint: str | None) -> Node:
        """Run the iterations; the root of ``me``'s tree (see ``search_trees``)."""
        return self.search_trees(view, me, rng, hint)[me]

    def search_trees(self, view: View, me: int, rng: Rng, hint: str | None = None) -> list[Node]:
        """Run the iterations of one decision; the root of every seat's tree, by seat (the
        decision reads ``me``'s; tests and analyses may read them all).

        ``act`` postpones the garbage collector's full collections until the search is
        over (issue 16): the playouts' allocations trigger one every few iterations, and each
        walks every object of the process, the growing trees included, which hold no cycles
        (refcounting frees them). The young generations, where a playout's short-lived
        cycles die, are still collected as usual.
        """
        root_state = self._draw_world(view, me, rng)
        players: int = root_state.num_players
        roots = [Node(-1) for _ in range(players)]
        deadline = time.perf_counter() + self.seconds if self.seconds else None
        done = 0
        while done < self.iterations:
            state = self._draw_world(view, me, rng) if done else root_state
            self._iterate(state, roots, me, rng, hint)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return roots

    def _draw_world(self, view: View, me: int, rng: Rng) -> Any:
        """The world one iteration searches: uniform over those consistent with the view."""
        return self.game.determinize(view, me, rng)

    def _best(self, root: Node, legal_actions: Sequence[Any], hint: str | None) -> Any:
        """The most visited action; with a guide, its choice unless clearly beaten.

        "Clearly" means a mean reward higher by more than ``SIGNIFICANCE`` standard errors of
        the difference: playouts are noisy, and leaving a sound move on noise loses games.
        """

        def rank(action: Any) -> tuple[int, float]:
            child = root.children.get(str(action))
            if child is None or not child.visits:
                return (0, 0.0)
            return (child.visits, _mean(child))

        if hint is None:
            return max(legal_actions, key=rank)
        guided = next((a for a in legal_actions if str(a) == hint), None)
        anchor = root.children.get(hint)
        if guided is None or anchor is None or anchor.visits < 2:
            return max(legal_actions, key=rank)
        best, best_margin = guided, 0.0
        for action in legal_actions:
            child = root.children.get(str(action))
            if child is None or child.visits < 2 or action is guided:
                continue
            gain = _mean(child) - _mean(anchor)
            noise = math.sqrt(_variance_of_mean(child) + _variance_of_mean(anchor))
            margin = gain - SIGNIFICANCE * noise
            if margin > best_margin:
                best, best_margin = action, margin
        return best

    def _most_played(self, table: RegretTable, legal_actions: Sequence[Any]) -> Any:
        """The action the average strategy plays most (the first of equals)."""
        shares = table.average([str(action) for action in legal_actions])
        return legal_actions[shares.index(max(shares))]

    def _iterate(self, state: Any, roots: list[Node], me: int, rng: Rng, hint: str | None) -> None:
        game = self.game
        nodes = list(roots)  # the current node of every seat's tree
        visited = list(roots)  # every node passed, in every seat's tree, for backpropagation
        regretted: list[RegretChoice] = []  # the iteration's regret-matching choices
        first = True
        expanded = False
        while not expanded:
            actors = game.to_act(state)
            if not actors:
                break
            actor = me if first and me in actors else actors[0]
            legal = game.search_actions(game.legal_actions(state, actor))
            if not first and (self.split_others if actor != me else self.split_mine):
                # the seat decides in this world as it would see it: its node is the one of
                # its view here (the root needs none: every world shows the bot its own view)
                key = VIEW_KEY + repr(game.view(state, actor))
                children = nodes[actor].children
                seen = children.get(key)
                if seen is None:
                    seen = children[key] = Node(actor)
                nodes[actor] = seen
                visited.append(seen)
            if actor != me and self.model_opponents:
                action = self._model_move(state, actor, legal, rng)
            elif self.regret_matching and (
                game.simultaneous(state) if self.regret_when_alone else len(actors) > 1
            ):
                choice = _regret_choice(nodes[actor], actor, legal, rng)
                regretted.append(choice)
                action = legal[choice.index]
            else:
                action = self._select(nodes[actor], legal, rng, hint if first else None)
            first = False
            key = str(action)
            observed = game.public_action(state, actor, action)
            game.apply(state, actor, action)
            for seat in range(len(nodes)):
                edge = key if seat == actor else observed
                children = nodes[seat].children
                child = children.get(edge)
                if child is None:
                    child = children[edge] = Node(actor)
                    if seat == actor:
                        expanded = True
                nodes[seat] = child
                visited.append(child)
        rewards = self._rollout(state, rng)
        _backpropagate(visited, rewards)
        for choice in regretted:
            choice.table.update(choice.keys, choice.index, choice.probability, rewards[choice.seat])

    def _select(
        self, node: Node, legal: Sequence[Hashable], rng: Rng, hint: str | None = None
    ) -> Hashable:
        """UCB1 over the children available now; an untried action first (the hint's first)."""
        children = node.children
        untried: list[Hashable] = []
        tried: list[Node] = []  # the children of the tried actions, in the order of ``legal``
        tried_actions: list[Hashable] = []
        hinted: Hashable = None  # the hint's action while untried: it goes first
        for action in legal:
            key = str(action)
            child = children.get(key)
            if child is None or not child.visits:
                if key == hint:
                    hinted = action
                untried.append(action)
            else:
                tried.append(child)
                tried_actions.append(action)
        if untried:
            for child in tried:
                child.available += 1
            if hinted is not None:
                return hinted
            return untried[rng.randbelow(len(untried))]
        hint_child = children.get(hint) if hint is not None else None
        return tried_actions[self._best_bound(tried, hint_child)]

    def _best_bound(self, tried: list[Node], hint_child: Node | None) -> int:
        """Count each child available once more; the index of the one with the highest UCB1
        value (the first of equals). Counted as it goes: two legal actions that print alike
        share a child, whose second value counts both."""
        c = self.exploration
        best = 0
        best_value = -math.inf
        for index, child in enumerate(tried):
            child.available += 1
            visits = child.visits
            value = child.reward / visits + c * math.sqrt(math.log(child.available) / visits)
            if child is hint_child:
                value += self.bias / (visits + 1)
            if value > best_value:
                best_value, best = value, index
        return best

    def _model_move(self, state: Any, seat: int, legal: Sequence[Any], rng: Rng) -> Any:
        policy = self.rollout
        if isinstance(policy, PlayoutPolicy):
            return policy.choose(state, seat, legal, rng)
        view = self.game.view(state, seat) if policy.needs_view else {}
        return policy.act(view, legal, rng)

    def _rollout(self, state: Any, rng: Rng) -> list[float]:
        """Play ``state`` out (or until the policy's estimate); every seat's reward."""
        policy = self.rollout
        if isinstance(policy, PlayoutPolicy):
            estimate = self._play_policy(state, policy, rng)
            if estimate is not None:
                return self._expected_rewards(estimate[0], estimate[1])
        else:
            self._play_agent(state, policy, rng)
        outcome = self.game.outcome(state)
        assert outcome is not None
        return self._rewards(outcome.scores, outcome.winners)

    def _play_policy(
        self, state: Any, policy: PlayoutPolicy, rng: Rng
    ) -> tuple[Sequence[float], Sequence[float]] | None:
        """Play the game's playout policy to the end, or to its depth if it then has an
        estimate (returned). Its methods are called through ``policy`` rather than bound to
        locals: compiled, that is a direct call."""
        game = self.game
        left = policy.depth if policy.depth is not None else -1
        while True:
            actors = game.to_act(state)
            if not actors:
                return None
            if left == 0:
                estimate = policy.evaluate(state)
                if estimate is not None:
                    return estimate
            left -= 1
            seat = actors[0]
            game.apply(
                state, seat, policy.choose(state, seat, game.legal_actions(state, seat), rng)
            )

    def _play_agent(self, state: Any, policy: Agent, rng: Rng) -> None:
        """Play to the end with a bot: one that reads views, or else uniformly at random."""
        game = self.game
        wants_view = policy.needs_view
        while True:
            actors = game.to_act(state)
            if not actors:
                return
            seat = actors[0]
            legal = game.legal_actions(state, seat)
            if wants_view:
                action = policy.act(game.view(state, seat), legal, rng)
            else:
                action = legal[rng.randbelow(len(legal))]
            game.apply(state, seat, action)

    def _rewards(self, scores: tuple[float, ...], winners: tuple[int, ...]) -> list[float]:
        wins = [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(scores))]
        return self._expected_rewards(wins, scores)

    def _expected_rewards(self, wins: Sequence[float], scores: Sequence[float]) -> list[float]:
        """The reward of every seat: its share of the win, blended with its scaled score."""
        seats = range(len(scores))
        weight = self.score_weight
        if not weight:
            return list(wins)
        low, high = min(scores), max(scores)
        spread = high - low
        return [
            (1 - weight) * wins[seat] + weight * ((scores[seat] - low) / spread if spread else 0.5)
            for seat in seats
        ]


class RegretChoice:
    """One regret-matching choice of an iteration, kept to credit its reward."""

    __slots__ = ("index", "keys", "probability", "seat", "table")

    def __init__(
        self, table: RegretTable, keys: list[str], index: int, probability: float, seat: int
    ) -> None:
        self.table = table
        self.keys = keys
        self.index = index
        self.probability = probability
        self.seat = seat


def _regret_choice(node: Node, seat: int, legal: Sequence[Hashable], rng: Rng) -> RegretChoice:
    """Sample the action of ``seat`` in a simultaneous step by regret matching (the current
    strategy, with ``REGRET_EXPLORATION`` of it spread uniformly), adding the current strategy
    to the node's sum of strategies."""
    table = node.regret
    if table is None:
        table = node.regret = RegretTable()
    keys = [str(action) for action in legal]
    strategy = table.strategy(keys)
    sums = table.strategy_sums
    count = len(keys)
    spread = REGRET_EXPLORATION / count
    draw = rng.random()
    chosen, probability = count - 1, 0.0
    for index, key in enumerate(keys):
        share = strategy[index]
        sums[key] = sums.get(key, 0.0) + share
        p = (1.0 - REGRET_EXPLORATION) * share + spread
        if draw < p and probability == 0.0:
            chosen, probability = index, p
        draw -= p
    if probability == 0.0:  # rounding left the draw past the last share
        probability = (1.0 - REGRET_EXPLORATION) * strategy[chosen] + spread
    return RegretChoice(table, keys, chosen, probability, seat)


def _backpropagate(visited: list[Node], rewards: list[float]) -> None:
    """Count the iteration in every node it passed, crediting each its mover's reward."""
    for node in visited:
        node.visits += 1
        mover = node.mover
        if mover >= 0:
            value = rewards[mover]
            node.reward += value
            node.reward_sq += value * value


def _mean(node: Node) -> float:
    return node.reward / node.visits


def _variance_of_mean(node: Node) -> float:
    mean = _mean(node)
    variance = max(0.0, node.reward_sq / node.visits - mean * mean)
    return variance / node.visits


def _number(options: Mapping[str, str], key: str, default: Any, kind: type) -> Any:
    if key not in options:
        return default
    try:
        value = kind(options[key])
    except ValueError:
        raise BotError(f"bot 'ismcts': {key}={options[key]!r} is not a number") from None
    if kind is int and value < 1:
        raise BotError(f"bot 'ismcts': {key} must be at least 1")
    return value


@dataclasses.dataclass(frozen=True)
class InferenceSettings:
    """The ``infer=on`` options: the opponents' model and the particle filter's sizes."""

    model: str
    particles: int = DEFAULT_PARTICLES
    eps: float = DEFAULT_EPS
    fresh: float = DEFAULT_FRESH


def inference_options(game: AnyGame, options: Mapping[str, str]) -> InferenceSettings | None:
    """The inference settings of a bot spec, or None for ``infer=off`` (the default)."""
    infer = options.get("infer", "off")
    if infer not in ("on", "off"):
        raise BotError(f"bot 'ismcts': infer must be on or off, not {infer!r}")
    if infer == "off":
        stray = sorted(set(options) & (INFERENCE_OPTIONS - {"infer"}))
        if stray:
            raise BotError(f"bot 'ismcts': option {stray[0]} needs infer=on")
        return None
    entry = registry.entry(game.spec.name)
    # the playout policy by default: as strong a model as the heuristic bot in Game to Pick a
    # Game and several times cheaper, which keeps inference within 2x the decision time
    default = "playout" if entry.playout else "heuristic" if "heuristic" in entry.bots else "random"
    model = options.get("model", default)
    if model not in ("heuristic", "playout", "random"):
        raise BotError(f"bot 'ismcts': model must be heuristic, playout or random, not {model!r}")
    if model == "heuristic" and "heuristic" not in entry.bots:
        raise BotError(f"bot 'ismcts': {game.spec.name} has no heuristic bot to model opponents")
    if model == "playout" and entry.playout is None:
        raise BotError(f"bot 'ismcts': {game.spec.name} has no playout policy to model opponents")
    return InferenceSettings(
        model=model,
        particles=_number(options, "particles", DEFAULT_PARTICLES, int),
        eps=option_float(options, "eps", DEFAULT_EPS, 0.0, 1.0, "ismcts"),
        fresh=option_float(options, "fresh", DEFAULT_FRESH, 0.0, 1.0, "ismcts"),
    )


def opponent_model(game: AnyGame, name: str) -> OpponentModel:
    """A new instance of the named model (never shared with the search's rollout or guide)."""
    entry = registry.entry(game.spec.name)
    if name == "heuristic":
        return entry.bots["heuristic"](game, {})
    if name == "playout" and entry.playout is not None:
        return entry.playout(game)
    return None


class InferringISMCTSAgent(ISMCTSAgent):
    """ISMCTS whose worlds are drawn in proportion to how likely the opponents' observed
    actions were in them (``ismcts:infer=on``; issue 17).

    It watches the match (the :class:`~gamenight.core.agent.Observer` hook) and keeps one
    :class:`~gamenight.bots.inference.ParticleFilter` per seat it sits in, started afresh at
    ``begin_match``. At a decision it checks that the seat's filter shows the view it is
    given; if not (a loop that does not call the hook, such as a benchmark calling ``act``
    alone, or a view the filter missed), it starts the filter over from that view, which is uniform
    sampling. Without any ``begin_match`` for the seat it decides exactly as ``infer=off``.
    Each iteration then searches a copy of a particle drawn in proportion to its weight, or,
    with probability ``fresh``, a fresh uniform world: particles copied many times repeat
    their own future chance (their deck order, their generator), and fresh worlds keep some
    of the diversity uniform sampling has.
    """

    observes: ClassVar[bool] = True

    def __init__(
        self,
        game: AnyGame,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        rollout: Agent | PlayoutPolicy | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        score_weight: float = SCORE_WEIGHT,
        guide: Agent | None = None,
        bias: float = DEFAULT_BIAS,
        model_opponents: bool = False,
        settings: InferenceSettings | None = None,
        split: str = "off",
        simultaneous: str = "ucb",
    ) -> None:
        # Every parameter spelt out: compiled (docs/speed.md), ``*args`` forwarded to a
        # native ``__init__`` arrive as one tuple.
        super().__init__(
            game,
            iterations,
            seconds,
            rollout,
            exploration,
            score_weight,
            guide,
            bias,
            model_opponents,
            split,
            simultaneous,
        )
        self.settings = settings if settings is not None else InferenceSettings(model="random")
        self.filters: dict[int, ParticleFilter] = {}
        self._cumulative: list[float] | None = None  # the current decision's particle draws
        self._drawing: ParticleFilter | None = None

    def begin_match(self, seat: int, view: View, rng: Rng) -> None:
        settings = self.settings
        model = opponent_model(self.game, settings.model)
        particles = ParticleFilter(
            self.game, seat, model, settings.particles, settings.eps, rng.spawn()
        )
        particles.reset(view)
        self.filters[seat] = particles

    def observe(self, seat: int, actor: int, public: str, view: View) -> None:
        particles = self.filters.get(seat)
        if particles is not None:
            particles.observe(actor, public, view)

    def act(self, view: View, legal_actions: Sequence[Any], rng: Rng) -> Any:
        me = view.get("viewer")
        particles = self.filters.get(me) if isinstance(me, int) else None
        if particles is None or len(legal_actions) == 1:
            return super().act(view, legal_actions, rng)
        if particles.view != view:
            particles.reset(view)
        self._drawing, self._cumulative = particles, particles.sampler()
        try:
            return super().act(view, legal_actions, rng)
        finally:
            self._drawing = self._cumulative = None

    def _draw_world(self, view: View, me: int, rng: Rng) -> Any:
        particles, cumulative = self._drawing, self._cumulative
        if particles is None or cumulative is None or rng.random() < self.settings.fresh:
            return self.game.determinize(view, me, rng)
        return particles.draw(cumulative, rng)
