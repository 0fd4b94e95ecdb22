"""A heuristic bot for Pink Godzilla Dev Kit. It reads only its view and the legal actions.

Its ideas:
- every card in hand is weighed by how much it moves one of its own games toward Going Gold
  (a missing Title, Required Gear or Character counts most; the closer the game, the more);
- plays go where they help most; new games are started only around a Title or in a colour it
  has no game of yet, so cards are not scattered over dead games;
- ready games Go Gold at once (payment cards keep the hand full); an Easter Egg or extra value
  is added first when the hand has it;
- purchases: trade junk for a card it needs (the payment it misses least), else auction it
  and bid junk, else discard the lowest; in rivals' auctions it bids junk for cards it needs;
- Special Abilities in hand go on the table (4 points and a bonus), but it does not buy them;
  Clone The Clone is always used.

What keeps its matches from stalling (RULES.md G12; measured in benchmarks/PGDK_STALLS.md):
- a Title in hand counts as a game it can open, so the pieces that game needs are wanted;
- with few cards in hand it keeps those that add no missing piece (an empty hand can neither
  trade nor bid);
- a colour whose Titles all lie in videogames can get no new game: its cards are worth
  nothing, and a game without a Title in such a colour gets no more cards;
- after two rounds without a completed game it trades such dead cards into the Row, where a
  rival who needs them can take them, instead of hoarding them;
- it does not chase Special Abilities, never trades a Pink Godzilla for a card worth less
  than itself, values the Neutral Guardian as the completion it is, and fetches a card
  (Headhunter, Good Guardian) before the plays that need it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from typing import TYPE_CHECKING, ClassVar, Final, TypeVar

from gamenight.bots.base import check_options, option_float
from gamenight.core.game import View
from gamenight.core.registry import PlayoutPolicy
from gamenight.core.rng import Rng
from gamenight.games.pgdk import actions as kinds_
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk import state as phases
from gamenight.games.pgdk.actions import Action, Kind
from gamenight.games.pgdk.cards import CardList, load_card_list
from gamenight.games.pgdk.options import without_offer_cancel
from gamenight.games.pgdk.state import PgdkState, Project

if TYPE_CHECKING:
    from gamenight.games.pgdk.rules import PgdkGame

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the decorator only speaks to the compiler: a pure install can do without

    def mypyc_attr(*_attrs: str, **_options: object) -> Callable[[T], T]:
        return lambda cls: cls


# Tuned so that bots complete games (benchmarks/PGDK_STALLS.md); shared by both bots.
PROGRESS_PLAY = 7.0  # a play worth less adds no missing piece (value, or a lone new card)
RESERVE = 4  # with this many hand cards or fewer, such cards are kept as currency
QUIET_ROUNDS = 2  # rounds without a completed game after which dead cards are released
DEAD_CARD = 0.25  # worth below which a hand card can never serve the bot (see _Plan.live)
# a Special Ability in hand goes on the table (4 points and its bonus), but below the 7 that
# makes a card worth buying: chasing them delays games (benchmarks/PGDK_STALLS.md)
SPECIAL_WORTH = 6.5
NEUTRAL_WORTH = 12.0  # the Neutral Guardian's worth while a game with a Title is not ready
OPENER_DISCOUNT = 2.0  # a card for a Title still in hand is worth this much less
PAYMENT_CHOICES = 8  # the heuristic: least wanted hand cards a payment is chosen from
CARD_COST = 1.0  # the heuristic: what giving away any card costs, on top of its worth
# what a power card in hand is worth, in points, to the heuristic and the playout alike
POWER_WORTH = {
    cardlib.PUBLISHER_ADVANCE: 6.0,
    cardlib.CLONE_THE_CLONE: 4.0,
    cardlib.HEADHUNTER: 4.0,
    cardlib.CRUNCH_TIME: 3.0,
    cardlib.BUDGET_CUT: 3.0,
    cardlib.MARKET_RESEARCH: 3.0,
}


class _Catalogue:
    """Per-kind facts the bot needs, from the same card list the game uses."""

    def __init__(self, cards: CardList) -> None:
        self.cards = cards
        fits: dict[str, int] = {}
        for i, genre in enumerate(cards.genres):
            for gear in genre.gear:
                fits[gear.lower()] = fits.get(gear.lower(), 0) | 1 << i
        names: dict[str, int] = {}
        for kind in cards.kinds:
            names.setdefault(kind.name.lower(), len(names))
        self.index = {kind.label: kind.index for kind in cards.kinds}
        self.kind = cards.kinds
        self.allow = tuple(
            k.colours & fits[k.name.lower()] if k.type == cardlib.GEAR else k.colours
            for k in cards.kinds
        )
        self.name = tuple(1 << names[k.name.lower()] for k in cards.kinds)
        self.titles = [0] * len(cards.genres)  # Title cards of each colour in the deck
        for kind in cards.kinds:
            if kind.type == cardlib.TITLE:
                self.titles[kind.colours.bit_length() - 1] += kind.count
        gear_names = {g.lower(): i for i, g in enumerate(cards.gear_names)}
        self.gear = tuple(
            1 << gear_names[k.name.lower()] if k.type == cardlib.GEAR else 0 for k in cards.kinds
        )


@functools.lru_cache(maxsize=8)
def _catalogue(card_list: str, genres: tuple[str, ...]) -> _Catalogue:
    return _Catalogue(load_card_list(card_list, genres))


class _Game:
    """One of the bot's own games in development, as the rules see it."""

    __slots__ = ("chars", "colours", "gears", "kinds", "names", "title", "value", "wild")

    def __init__(self, cat: _Catalogue, labels: list[str]) -> None:
        self.kinds = [cat.index[label] for label in labels]
        self.colours = cat.cards.all_colours
        self.names = 0
        self.title = False
        self.gears = 0
        self.wild = 0
        self.chars = 0
        self.value = 0
        for k in self.kinds:
            kind = cat.kind[k]
            self.colours &= cat.allow[k]
            self.names |= cat.name[k]
            self.title = self.title or kind.type == cardlib.TITLE
            self.gears |= cat.gear[k]
            self.wild += kind.type == cardlib.WILD
            self.chars += kind.type in (cardlib.CHARACTER, cardlib.GUARDIAN)
            self.value += kind.value

    @property
    def gear_count(self) -> int:
        return self.gears.bit_count() + self.wild

    @property
    def progress(self) -> int:
        return int(self.title) + min(self.gear_count, 2) + (1 if self.chars else 0)

    @property
    def ready(self) -> bool:
        return self.progress == 4

    def fits(self, cat: _Catalogue, k: int) -> bool:
        kind = cat.kind[k]
        if self.names & cat.name[k] or not self.colours & cat.allow[k]:
            return False
        if kind.type == cardlib.TITLE:
            return not self.title
        if kind.type in (cardlib.GEAR, cardlib.WILD):
            return self.gear_count < 2 and not (kind.type == cardlib.WILD and self.wild)
        if kind.type == cardlib.EGG:
            return self.ready
        return True

    def gain(self, cat: _Catalogue, k: int) -> float:
        """How much card ``k`` on this game moves it toward Going Gold (or adds value)."""
        kind = cat.kind[k]
        step = 1.5 * self.progress
        if kind.type == cardlib.TITLE:
            return 10 + step
        if kind.type == cardlib.GEAR:
            return 9 + step
        if kind.type == cardlib.WILD:
            return 8 + step
        if kind.type in (cardlib.CHARACTER, cardlib.GUARDIAN):
            return 8 + step if not self.chars else 1 + kind.value / 2
        if kind.type == cardlib.EGG:
            return 20.0
        return 1 + kind.value / 2  # a Gear Upgrade: value only


class _Plan:
    """The bot's reading of its view: its games, and what each hand card is worth to it."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.cat = _catalogue(view["card_list"], tuple(view["genres"]))
        self.me: int = view["viewer"]
        seat = view["seats"][self.me]
        self.games = [_Game(self.cat, p["cards"]) for p in seat["projects"]]
        self.hand = [self.cat.index[item["card"]] for item in view["hand"]]
        self.done = len(seat["completed"])
        self._worth: dict[int, float] = {}
        self.live = self._live_colours()
        self.openers = self._openers()
        # games without a Title in colours no Title can come to any more never complete
        self.dead = [not g.title and not g.colours & self.live for g in self.games]

    def _live_colours(self) -> int:
        """Colours of which some Title is not yet in a videogame (in a hand, the Row, the deck
        or the discard pile): only these can still get a new game. Public knowledge."""
        cat = self.cat
        used = [0] * len(cat.titles)
        for seat in self.view["seats"]:
            for project in (*seat["projects"], *seat["completed"]):
                for label in project["cards"]:
                    kind = cat.kind[cat.index[label]]
                    if kind.type == cardlib.TITLE:
                        used[kind.colours.bit_length() - 1] += 1
        return sum(1 << c for c, count in enumerate(cat.titles) if used[c] < count)

    def _openers(self) -> list[_Game]:
        """Games the bot could open with a Title in hand, in colours none of its games has:
        the cards they need are worth acquiring before the Title is played."""
        cat = self.cat
        found = []
        covered = 0
        for game in self.games:
            covered |= game.colours
        for k in set(self.hand):
            if cat.kind[k].type == cardlib.TITLE and not cat.allow[k] & covered:
                found.append(_Game(cat, [cat.kind[k].label]))
        return found

    def new_gain(self, k: int) -> float:
        """Worth of starting a new game with card ``k``."""
        cat = self.cat
        kind = cat.kind[k]
        if kind.type == cardlib.EGG:
            return 0.0
        if kind.type == cardlib.TITLE:
            if any(g.title and g.colours & cat.allow[k] for g in self.games):
                return 1.0
            # a Title opens a game; better when we already hold pieces of that colour
            support = sum(
                1
                for h in self.hand
                if h != k
                and cat.kind[h].type in (cardlib.GEAR, cardlib.CHARACTER, cardlib.WILD)
                and cat.allow[h] & cat.allow[k]
            )
            return 8.0 + support
        if kind.type in (cardlib.GEAR, cardlib.CHARACTER, cardlib.WILD):
            if not cat.allow[k] & self.live:
                return 0.0  # no Title of its colours can come any more
            if any(g.colours & cat.allow[k] for g in self.games) or len(self.games) >= 3:
                return 0.5
            if kind.colours == cat.cards.all_colours:
                return 0.5  # keep flexible cards for a game that has a colour
            return 3.0
        return 0.0

    def worth(self, k: int) -> float:
        """How much the bot wants card ``k`` (in hand or to acquire)."""
        found = self._worth.get(k)
        if found is not None:
            return found
        cat = self.cat
        kind = cat.kind[k]
        if kind.type in cardlib.PROJECT_TYPES:
            best = self.new_gain(k)
            for game, dead in zip(self.games, self.dead, strict=True):
                if game.fits(cat, k) and not dead:
                    best = max(best, game.gain(cat, k))
            for opener in self.openers:  # one play more away than a game on the table
                if opener.fits(cat, k):
                    best = max(best, opener.gain(cat, k) - OPENER_DISCOUNT)
            if kind.type == cardlib.EGG and best < 20:
                best = 6.0 if any(g.colours & kind.colours for g in self.games) else 2.0
            if kind.power == cardlib.PINK_GODZILLA:
                best = max(best, 6.0)
            if kind.type == cardlib.GUARDIAN:
                best = max(best, 5.0)
            if kind.power == cardlib.NEUTRAL_GUARDIAN and any(
                g.title and not g.ready for g in self.games
            ):
                best = max(best, NEUTRAL_WORTH)  # it completes a game with a Title at once
            value = best
        elif kind.type == cardlib.ABILITY:
            value = SPECIAL_WORTH
        else:
            value = POWER_WORTH.get(kind.power, 2.0)
        self._worth[k] = value
        return value

    def junk(self, exclude: Sequence[int] = ()) -> list[int]:
        """Hand card kinds (one entry per card), least wanted first, as payment material."""
        left = list(self.hand)
        for k in exclude:
            if k in left:
                left.remove(k)
        return sorted(left, key=lambda k: (self.worth(k), -self.cat.kind[k].value))


# Tests and users extend the heuristic in plain Python (compiled, it must say so).
@mypyc_attr(allow_interpreted_subclasses=True)
class PgdkHeuristic:
    name = "heuristic"
    needs_view: ClassVar[bool] = True

    def __init__(self, want: float = 7.0, bid_margin: float = 2.0) -> None:
        self.want = want  # acquire Row cards worth at least this much to the bot
        self.bid_margin = bid_margin  # bid this much over the auctioned cards' face value

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> PgdkHeuristic:
        check_options(options, {"want", "bid_margin"}, "heuristic")
        return cls(
            want=option_float(options, "want", 7.0, 0.0, 30.0, "heuristic"),
            bid_margin=option_float(options, "bid_margin", 2.0, 0.0, 30.0, "heuristic"),
        )

    def act(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        plan = _Plan(view)
        kinds = {a.kind for a in legal_actions}
        phase = view["phase"]
        if phase == "develop":
            return self._develop(plan, legal_actions)
        if phase in ("gold", "final"):
            golds = [a for a in legal_actions if a.kind == Kind.GOLD]
            return golds[0] if golds else _first(legal_actions, Kind.DONE)
        if phase == "purchase":
            return self._purchase(plan, legal_actions)
        if phase == "offer":
            return self._offer(plan, legal_actions)
        if phase == "auction":
            return self._auction(plan, legal_actions)
        if phase == "bidding":
            return self._bid(plan, legal_actions)
        if phase == "godzilla":
            return self._godzilla(plan, legal_actions)
        if phase == "clone":
            uses = [a for a in legal_actions if a.kind == Kind.USE]
            return uses[0] if uses else legal_actions[0]
        if Kind.DISCARD in kinds:
            return min(legal_actions, key=lambda a: (plan.worth(a.card), -a.card))
        if Kind.CUT in kinds:
            return self._cut(plan, legal_actions)
        if Kind.ROB in kinds:
            seats = view["seats"]
            return max(legal_actions, key=lambda a: (seats[a.seat]["points"], a.seat))
        # retrieve, steal, hunt, keep: the card it wants most
        return max(legal_actions, key=lambda a: (plan.worth(a.card), a.card))

    # -- development --------------------------------------------------------------------------
    def _develop(self, plan: _Plan, legal: Sequence[Action]) -> Action:
        best: tuple[float, int] = (0.5, -1)
        for i, action in enumerate(legal):
            score = self._play_score(plan, action)
            if score > best[0]:
                best = (score, i)
        if best[1] < 0:
            return _first(legal, Kind.DONE)
        return legal[best[1]]

    def _play_score(self, plan: _Plan, action: Action) -> float:
        cat = plan.cat
        kind = action.kind
        if kind == Kind.PLAY:
            if action.slot < 0:
                score = plan.new_gain(action.card)
            else:
                game = plan.games[action.slot]
                if plan.dead[action.slot]:
                    return 0.0  # a game that can never get a Title
                score = game.gain(cat, action.card)
                if game.ready:
                    return score + 2  # add value to a game about to Go Gold
            if score < PROGRESS_PLAY and len(plan.hand) <= RESERVE:
                return 0.0  # keep the card: an empty hand can neither trade nor bid
            return score
        if kind == Kind.TABLE:
            return 9.0
        if kind == Kind.USE_ON:
            game = plan.games[action.slot]
            return 14.0 if game.progress <= 2 else 0.0
        if kind == Kind.USE:
            power = cat.kind[action.card].power
            if power == cardlib.PUBLISHER_ADVANCE:
                return 7.0
            if power == cardlib.CRUNCH_TIME:
                playable = sum(1 for k in plan.hand if plan.worth(k) >= 7)
                return 6.0 if playable >= 2 else 0.0
            if power == cardlib.HEADHUNTER:
                wanted = max((plan.worth(cat.index[c]) for c in plan.view["row"]), default=0)
                return _fetch_score(wanted, self.want)
            if power == cardlib.GOOD_GUARDIAN:
                wanted = max((plan.worth(cat.index[c]) for c in plan.view["discard"]), default=0)
                return _fetch_score(wanted, 9.0)
            if power == cardlib.EVIL_GUARDIAN:
                return 4.0
            if power == cardlib.BUDGET_CUT:
                return 3.0
            if power == cardlib.MARKET_RESEARCH:
                return 3.0
        return 0.0

    def _cut(self, plan: _Plan, legal: Sequence[Action]) -> Action:
        seats = plan.view["seats"]
        cat = plan.cat

        def score(action: Action) -> tuple[float, ...]:
            project = seats[action.seat]["projects"][action.slot]
            game = _Game(cat, project["cards"])
            kind = cat.kind[action.card]
            key = kind.type in (cardlib.GEAR, cardlib.WILD) or (
                kind.type in (cardlib.CHARACTER, cardlib.GUARDIAN) and game.chars == 1
            )
            return (game.progress + (2 if key else 0), seats[action.seat]["points"], kind.value)

        return max(legal, key=score)

    # -- purchase -----------------------------------------------------------------------------
    def _target(self, plan: _Plan) -> tuple[int, float]:
        """The Row card it wants most, and how much."""
        best = (-1, 0.0)
        for label in plan.view["row"]:
            k = plan.cat.index[label]
            if plan.worth(k) > best[1]:
                best = (k, plan.worth(k))
        return best

    def _payment(
        self, plan: _Plan, price: int, limit: float, hand: Sequence[int] | None = None
    ) -> list[int] | None:
        """The hand cards (each worth less than ``limit``) reaching ``price`` that the bot
        misses least: the least total worth, one point more per card (cards are currency)."""
        cards = sorted(
            (k for k in (plan.hand if hand is None else hand) if plan.worth(k) < limit),
            key=lambda k: (plan.worth(k), -plan.cat.kind[k].value),
        )[:PAYMENT_CHOICES]
        values = [plan.cat.kind[k].value for k in cards]
        costs = [plan.worth(k) + CARD_COST for k in cards]
        # every subset, as a bit mask, built from the subset without its lowest card
        value = [0] * (1 << len(cards))
        cost = [0.0] * (1 << len(cards))
        best, best_cost = 0, math.inf
        for mask in range(1, 1 << len(cards)):
            low = mask & -mask
            card = low.bit_length() - 1
            value[mask] = value[mask ^ low] + values[card]
            cost[mask] = cost[mask ^ low] + costs[card]
            if value[mask] >= price and cost[mask] < best_cost:
                best, best_cost = mask, cost[mask]
        return [k for i, k in enumerate(cards) if best >> i & 1] if best else None

    def _purchase(self, plan: _Plan, legal: Sequence[Action]) -> Action:
        target, wanted = self._target(plan)
        if target >= 0 and wanted >= self.want:
            trade = next((a for a in legal if a.kind == Kind.TRADE and a.card == target), None)
            price = plan.cat.kind[target].value
            if trade is not None and self._payment(plan, price, wanted - 2) is not None:
                return trade
            auction = next((a for a in legal if a.kind == Kind.AUCTION and a.card == target), None)
            if auction is not None:
                return auction
        if plan.view["quiet"] >= QUIET_ROUNDS * len(plan.view["seats"]):
            release = self._release(plan, legal)
            if release is not None:
                return release
        return _first(legal, Kind.DISCARD_LOWEST)

    def _release(self, plan: _Plan, legal: Sequence[Action]) -> Action | None:
        """When no game has been completed for a while, trade cards the bot can never use for
        the Row card it likes best: the highest of them goes to the Row, where a rival who
        needs it can take it, and the rest to the discard pile, which comes back as the deck.
        Hoarded dead cards are what freezes a match (benchmarks/PGDK_STALLS.md)."""
        best: tuple[float, Action] | None = None
        for action in legal:
            if action.kind != Kind.TRADE:
                continue
            price = plan.cat.kind[action.card].value
            if self._payment(plan, price, DEAD_CARD) is None:
                continue
            gain = plan.worth(action.card)
            if best is None or gain > best[0]:
                best = (gain, action)
        return None if best is None else best[1]

    def _offer(self, plan: _Plan, legal: Sequence[Action]) -> Action:
        done = next((a for a in legal if a.kind == Kind.OFFER_DONE), None)
        if done is not None:
            return done
        cat = plan.cat
        offered = [cat.index[label] for label in plan.view["offer"]]
        left = list(plan.hand)
        for k in offered:
            left.remove(k)
        take = cat.index[plan.view["take"]]
        price = cat.kind[take].value - sum(cat.kind[k].value for k in offered)
        payment = (
            self._payment(plan, price, plan.worth(take) - 2, left)
            or self._payment(plan, price, math.inf, left)
            or []
        )
        for k in payment + plan.junk(offered):
            for action in legal:
                if action.kind == Kind.OFFER and action.card == k:
                    return action
        return legal[0]

    def _auction(self, plan: _Plan, legal: Sequence[Action]) -> Action:
        for action in legal:
            if action.kind == Kind.AUCTION and plan.worth(action.card) >= self.want:
                return action
        return _first(legal, Kind.AUCTION_GO)

    def _bid(self, plan: _Plan, legal: Sequence[Action]) -> Action:
        view = plan.view
        cat = plan.cat
        lots = [cat.index[label] for label in view["auction"]]
        wanted = max((plan.worth(k) for k in lots), default=0.0)
        current = [cat.index[label] for label in view["bid"]["cards"]]
        if wanted < self.want:
            return legal[0]  # "no bid" (or "bid done" if somehow started)
        face = sum(cat.kind[k].value for k in lots)
        goal = face + self.bid_margin
        total = sum(cat.kind[k].value for k in current)
        if total >= goal:
            return _first(legal, Kind.BID_DONE)
        for k in plan.junk(current):
            if plan.worth(k) >= wanted - 1:
                break
            for action in legal:
                if action.kind == Kind.BID and action.card == k:
                    return action
        return legal[0]  # no bid, or done with what is bid

    def _godzilla(self, plan: _Plan, legal: Sequence[Action]) -> Action:
        best = max(
            (a for a in legal if a.kind == Kind.GODZILLA),
            key=lambda a: (plan.worth(a.card), a.card),
            default=None,
        )
        if best is None or plan.worth(best.card) < 9:
            return _first(legal, Kind.PASS)
        # the rules give the lowest Pink Godzilla (RULES.md G2): never for less than it is
        # worth itself (else it buys a card back and forth, turn after turn)
        cat = plan.cat
        given = min(
            (k for k in plan.hand if cat.kind[k].power == cardlib.PINK_GODZILLA),
            key=lambda k: cat.kind[k].value,
        )
        return best if plan.worth(best.card) > plan.worth(given) else _first(legal, Kind.PASS)


def _fetch_score(wanted: float, least: float) -> float:
    """A play that fetches a card (Headhunter, Good Guardian) scores a little under the card
    itself, so it comes before the plays it makes possible, and only for a card worth
    ``least`` or more."""
    return max(6.0, wanted - 1.0) if wanted >= least else 0.0


def _first(legal: Sequence[Action], kind: Kind) -> Action:
    return next((a for a in legal if a.kind == kind), legal[0])


# -- the playout policy (search only) ----------------------------------------------------------
K_OFFER_DONE, K_PLAY, K_TABLE, K_USE, K_USE_ON = (
    kinds_.OFFER_DONE,
    kinds_.PLAY,
    kinds_.TABLE,
    kinds_.USE,
    kinds_.USE_ON,
)
K_TRADE, K_AUCTION = kinds_.TRADE, kinds_.AUCTION
PINK = cardlib.PINK_GODZILLA
# card types as module constants: one look-up in pure Python, C constants compiled
TITLE: Final = cardlib.TITLE
CHARACTER: Final = cardlib.CHARACTER
GEAR: Final = cardlib.GEAR
WILD: Final = cardlib.WILD
GUARDIAN: Final = cardlib.GUARDIAN
EGG: Final = cardlib.EGG
P_GOLD: Final = phases.GOLD
P_FINAL: Final = phases.FINAL
P_CLONE: Final = phases.CLONE
P_DEVELOP: Final = phases.DEVELOP
P_GODZILLA: Final = phases.GODZILLA
P_PURCHASE: Final = phases.PURCHASE
P_BIDDING: Final = phases.BIDDING
P_OFFER: Final = phases.OFFER
P_AUCTION: Final = phases.AUCTION
P_LIMIT: Final = phases.LIMIT
P_CUT: Final = phases.CUT
P_ROB: Final = phases.ROB
_PROJECT_TYPES_BITS = sum(1 << t for t in cardlib.PROJECT_TYPES)
_SUPPORT_TYPES = (cardlib.GEAR, cardlib.CHARACTER, cardlib.WILD)
_OPENER_TYPES_BITS = sum(1 << t for t in (*_SUPPORT_TYPES, cardlib.GUARDIAN))
# _gain() of the cards a game holding only its Title needs (progress 1, no Character yet)
_OPENER_GAIN = {
    cardlib.GEAR: 10.5,
    cardlib.WILD: 9.5,
    cardlib.CHARACTER: 9.5,
    cardlib.GUARDIAN: 9.5,
}
_POWER_USE = {
    cardlib.PUBLISHER_ADVANCE: 7.0,
    cardlib.EVIL_GUARDIAN: 4.0,
    cardlib.BUDGET_CUT: 3.0,
    cardlib.MARKET_RESEARCH: 3.0,
}
# evaluate(): how much of a game in development counts, by its progress (0-3 of the 4 pieces)
_PROGRESS_SHARE = (0.0, 0.4, 0.7, 0.9)
_READY_SHARE = 0.95  # a ready game Goes Gold at its owner's next Going Gold (or at the end)
_HAND_CARD = 5.0  # points a card in hand is worth toward future games


class PgdkPlayout(PlayoutPolicy):
    """A fast playout policy for search (reads the sampled state; see PlayoutPolicy).

    It follows the heuristic's plan from the state: every card is weighed by how far it moves
    one of the seat's own videogames toward Going Gold; plays go where they help most (a new
    game only around a Title, or in a colour it has no game of); ready games Go Gold at once;
    it trades junk for a Row card it needs, else auctions it, else discards the lowest; it bids
    junk only for auctioned cards it needs; Special Abilities go on the table and Clone The
    Clone is always used. Like the heuristic it counts a Title in hand as a game to open,
    keeps cards as currency when its hand is small, ignores colours whose Titles are all in
    videogames and, after two rounds without a completed game, trades such dead cards into
    the Row (what keeps matches from stalling). A little noise (``noise``) explores other
    moves.

    Playouts stop after ``depth`` actions (random matches run to hundreds of actions, most
    ending by the stall rule) and ``evaluate`` projects the final scores: points (completed
    games and Special Abilities), ready games almost in full, games in development by their
    progress and cards in hand (both less as the end comes near), the ranking bonuses over
    completed and ready games, and the completion bonus. The win chances are a softmax of
    those projections whose temperature shrinks as the end (someone's last game) comes near.
    The shares and temperatures were fitted to the outcomes of matches played by the policy.
    """

    def __init__(self, game: PgdkGame, depth: int = 40, noise: float = 0.03) -> None:
        self.game = game
        self.depth = depth
        self.noise_per_mille = round(1000 * noise)
        p = game.params
        self.kind_of = game.kind_of
        self.k_type = game.k_type
        self.k_value = game.k_value
        self.k_power = game.k_power
        self.k_name = game.k_name
        self.k_allow = game.k_allow
        self.all_colours = game.deck_list.all_colours
        self.games_to_end = p.games_to_end
        self.completion_bonus = p.completion_bonus
        self.ranking_bonuses = p.ranking_bonuses
        self.stall = p.stall_rounds
        # worth of the cards that never go into a game (-1: it depends on the seat's games),
        # and the least a card that does is worth (a Pink Godzilla trades, a Guardian acts)
        fixed, floor = [], []
        for ktype, power in zip(game.k_type, game.k_power, strict=True):
            if _PROJECT_TYPES_BITS >> ktype & 1:
                fixed.append(-1.0)
            elif ktype == cardlib.ABILITY:
                fixed.append(SPECIAL_WORTH)
            else:
                fixed.append(POWER_WORTH.get(power, 2.0))
            floor.append(
                6.0 if power == cardlib.PINK_GODZILLA else 5.0 if ktype == cardlib.GUARDIAN else 0.0
            )
        self.fixed = tuple(fixed)
        self.floor = tuple(floor)
        # what _Worth reads of a card kind, as one tuple: (fixed worth, type, colours, name)
        self.facts = tuple(zip(self.fixed, game.k_type, game.k_allow, game.k_name, strict=True))
        # _gain() of a card kind as data: the base of a missing piece (-1: it is none), the
        # worth otherwise, and whether it is a piece only for a game without a Character
        self.gains = tuple(
            _gain_terms(ktype, value)
            for ktype, value in zip(game.k_type, game.k_value, strict=True)
        )
        self.neutral = next(
            (k for k, power in enumerate(game.k_power) if power == cardlib.NEUTRAL_GUARDIAN), -1
        )
        # per physical card: the colour index of a Title (-1 for other cards), and the Titles
        # of each colour in the deck, to tell which colours can still get a game (_live)
        self.title_colour = tuple(
            game.k_allow[k].bit_length() - 1 if game.k_type[k] == cardlib.TITLE else -1
            for k in game.kind_of
        )
        titles = [0] * game.num_colours
        for colour in self.title_colour:
            if colour >= 0:
                titles[colour] += 1
        self.titles = tuple(titles)
        self.title_shift = tuple(8 * max(colour, 0) for colour in self.title_colour)
        self.title_bit = tuple(1 << colour if colour >= 0 else 0 for colour in self.title_colour)
        self.fewest_titles = min(titles)
        self.all_live = (1 << game.num_colours) - 1
        self._live_key: tuple[Project, ...] = ()
        self._live_value = self.all_live
        # the last worth table of each seat: it depends only on the seat's games (immutable
        # Projects, compared by identity), hand and the colours still live, so a cached one
        # is exactly a fresh one; it keeps copies of the lists it was made from as its key
        self._worths: dict[int, _Worth] = {}

    def _live(self, state: PgdkState) -> int:
        """Colours of which some Title is in no videogame yet (the heuristic's _Plan.live).

        It depends only on the videogames on the table, immutable Projects compared by
        identity, so the last answer is kept with them as its key."""
        key = tuple(
            chain(chain.from_iterable(state.projects), chain.from_iterable(state.completed))
        )
        if key == self._live_key:
            return self._live_value
        live = self._count_live(state) if len(key) >= self.fewest_titles else self.all_live
        self._live_key = key
        self._live_value = live
        return live

    def _count_live(self, state: PgdkState) -> int:
        title_shift = self.title_shift
        used = 0  # Titles in videogames, counted in 8 bits per colour
        for projects in state.projects:
            for project in projects:
                title = project.title
                if title >= 0:
                    used += 1 << title_shift[title]
        for games in state.completed:
            for game in games:
                used += 1 << title_shift[game.title]
        live = 0
        for colour, count in enumerate(self.titles):
            if used >> 8 * colour & 255 < count:
                live |= 1 << colour
        return live

    def _worth(self, state: PgdkState, seat: int) -> _Worth:
        projects = state.projects[seat]
        hand = state.hands[seat]
        live = self._live(state)
        cached = self._worths.get(seat)
        # lists compare without copying them: a hit, the common case, allocates nothing
        if cached is not None and cached.live == live and cached.projects == projects:
            if cached.hand == hand:
                return cached
            # a card drawn, played or given: most worths depend on the games alone
            if cached.openers == _openers(self, hand, cached.colours):
                cached.rehand(hand[:])
                return cached
        worth = _Worth(self, projects[:], hand[:], live)
        self._worths[seat] = worth
        return worth

    # -- choosing -------------------------------------------------------------------------
    def choose(self, state: PgdkState, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = state.phase
        if phase in (P_GOLD, P_FINAL):
            return legal[1]  # declare a ready game at once
        if phase == P_CLONE:
            return legal[-1]  # Clone The Clone: always
        if rng.randbelow(1000) < self.noise_per_mille:
            return legal[rng.randbelow(len(legal))]
        if phase == P_DEVELOP:
            return self._develop(state, seat, legal)
        if phase == P_GODZILLA:
            return self._godzilla(state, seat, legal)
        if phase == P_PURCHASE:
            return self._purchase(state, seat, legal)
        if phase == P_BIDDING:
            return self._bid(state, seat, legal)
        if phase == P_OFFER:
            if legal[0].kind == K_OFFER_DONE:
                return legal[0]
            worth = self._worth(state, seat)
            # a playout never cancels (G25); the search's model of a seat may be handed the
            # actions the search weighs, where 'offer cancel' is already left out (G28)
            offers = without_offer_cancel(legal)
            return min(offers, key=lambda a: (worth(a.card), -self.k_value[a.card]))
        if phase == P_AUCTION:
            worth = self._worth(state, seat)
            for action in legal[1:]:
                if worth(action.card) >= 7:
                    return action
            return legal[0]  # auction go
        if phase == P_LIMIT:
            worth = self._worth(state, seat)
            return min(legal, key=lambda a: (worth(a.card), -a.card))
        if phase == P_CUT:
            return self._cut(state, legal)
        if phase == P_ROB:
            points = self.game.points(state)
            return max(legal, key=lambda a: points[a.seat])
        # retrieve, steal, hunt, keep: the card it wants most
        worth = self._worth(state, seat)
        return max(legal, key=lambda a: worth(a.card))

    def _develop(self, state: PgdkState, seat: int, legal: Sequence[Action]) -> Action:
        worth = self._worth(state, seat)
        projects = state.projects[seat]
        progress = [project.progress for project in projects]
        best, best_score = legal[0], 0.5
        for action in legal:
            kind = action.kind
            if kind == K_PLAY:
                score = self._play_score(state, seat, worth, action, progress)
            elif kind == K_TABLE:
                score = 9.0
            elif kind == K_USE_ON:
                score = 14.0 if progress[action.slot] <= 2 else 0.0
            elif kind == K_USE:
                power = self.k_power[action.card]
                if power == cardlib.CRUNCH_TIME:
                    hand = state.hands[seat]
                    kind_of = self.kind_of
                    playable = sum(1 for c in hand if worth(kind_of[c]) >= 7)
                    score = 6.0 if playable >= 2 else 0.0
                elif power == cardlib.HEADHUNTER:
                    wanted = max((worth(self.kind_of[c]) for c in state.row), default=0.0)
                    score = _fetch_score(wanted, 7.0)
                elif power == cardlib.GOOD_GUARDIAN:
                    wanted = max((worth(self.kind_of[c]) for c in state.discard[-8:]), default=0.0)
                    score = _fetch_score(wanted, 9.0)
                else:
                    score = _POWER_USE.get(power, 0.0)
            else:
                continue
            if score > best_score:
                best, best_score = action, score
        return best

    def _godzilla(self, state: PgdkState, seat: int, legal: Sequence[Action]) -> Action:
        """The heuristic's _godzilla: a Row card worth 9 and more than the Pink Godzilla."""
        worth = self._worth(state, seat)
        best = max(legal[1:], key=lambda a: worth(a.card))
        wanted = worth(best.card)
        if wanted < 9:
            return legal[0]  # pass
        kind_of, k_value = self.kind_of, self.k_value
        given = min(
            (kind_of[c] for c in state.hands[seat] if self.k_power[kind_of[c]] == PINK),
            key=k_value.__getitem__,
        )
        return best if wanted > worth(given) else legal[0]

    def _play_score(
        self, state: PgdkState, seat: int, worth: _Worth, action: Action, progress: list[int]
    ) -> float:
        """The heuristic's _play_score: what the play adds; nothing onto a game that can never
        get a Title, nor for a card short of a missing piece while the hand is small."""
        slot = action.slot
        if slot < 0:
            score = worth.new_gain(action.card)
        else:
            project = state.projects[seat][slot]
            if project.ready:
                return _gain(self, project, action.card, progress[slot]) + 2.0
            if project.title < 0 and not project.colours & worth.live:
                return 0.0
            score = _gain(self, project, action.card, progress[slot])
        if score < PROGRESS_PLAY and len(state.hands[seat]) <= RESERVE:
            return 0.0  # kept as currency: an empty hand can neither trade nor bid
        return score

    def _purchase(self, state: PgdkState, seat: int, legal: Sequence[Action]) -> Action:
        worth = self._worth(state, seat)
        kind_of = self.kind_of
        target, wanted = -1, 0.0
        for card in state.row:
            w = worth(kind_of[card])
            if w > wanted:
                target, wanted = kind_of[card], w
        if target < 0 or wanted < 7:
            if state.quiet >= QUIET_ROUNDS * state.num_players:
                return self._release(state, seat, worth, legal)
            return legal[0]  # discard lowest
        trade = auction = None
        for action in legal:
            if action.card == target:
                if action.kind == K_TRADE:
                    trade = action
                elif action.kind == K_AUCTION:
                    auction = action
        if trade is not None and self._can_pay(state, seat, worth, self.k_value[target], wanted):
            return trade
        return auction if auction is not None else legal[0]

    def _release(
        self, state: PgdkState, seat: int, worth: _Worth, legal: Sequence[Action]
    ) -> Action:
        """The heuristic's _release: dead cards traded for the Row card liked best."""
        kind_of, k_value = self.kind_of, self.k_value
        dead = sum(k_value[kind_of[c]] for c in state.hands[seat] if worth(kind_of[c]) < DEAD_CARD)
        best, best_worth = legal[0], -1.0  # discard lowest
        for action in legal:
            if action.kind == K_TRADE and k_value[action.card] <= dead:
                gain = worth(action.card)
                if gain > best_worth:
                    best, best_worth = action, gain
        return best

    def _can_pay(
        self, state: PgdkState, seat: int, worth: _Worth, price: int, wanted: float
    ) -> bool:
        """The heuristic's payment test: paying hand cards least wanted first, does it reach
        ``price`` before a card worth ``wanted - 2`` or more? Card values are never negative
        (C5), so that is whether the cards worth less reach it together: no sort needed."""
        kind_of, k_value = self.kind_of, self.k_value
        below = wanted - 2
        total = 0
        for card in state.hands[seat]:
            k = kind_of[card]
            if worth(k) < below:
                total += k_value[k]
        return total >= price

    def _bid(self, state: PgdkState, seat: int, legal: Sequence[Action]) -> Action:
        worth = self._worth(state, seat)
        kind_of, k_value = self.kind_of, self.k_value
        lots = state.auction
        wanted = max(worth(kind_of[c]) for c in lots)
        if wanted < 7:
            return legal[0]  # no bid (or done with what is bid)
        face = sum(k_value[kind_of[c]] for c in lots)
        total = sum(k_value[kind_of[c]] for c in state.bids[seat])
        if total >= face + 2:
            return legal[0]  # bid done
        options = legal[1:]
        if not options:
            return legal[0]
        junk = min(options, key=lambda a: worth.junk_key(a.card))
        return junk if worth(junk.card) < wanted - 1 else legal[0]

    def _cut(self, state: PgdkState, legal: Sequence[Action]) -> Action:
        k_type = self.k_type
        points = self.game.points(state)

        def score(action: Action) -> tuple[float, ...]:
            project = state.projects[action.seat][action.slot]
            ktype = k_type[action.card]
            key = (
                ktype == cardlib.GEAR
                or ktype == cardlib.WILD
                or (
                    (ktype == cardlib.CHARACTER or ktype == cardlib.GUARDIAN) and project.chars == 1
                )
            )
            return (project.progress + (2 if key else 0), points[action.seat])

        return max(legal, key=score)

    # -- evaluating -----------------------------------------------------------------------
    def evaluate(self, state: PgdkState) -> tuple[Sequence[float], Sequence[float]]:
        n = state.num_players
        to_end = self.games_to_end
        points = self.game.points(state)
        done = [len(state.completed[s]) for s in range(n)]
        values: list[int] = []
        owners: list[int] = []
        for seat in range(n):
            for game in state.completed[seat]:
                values.append(game.value)
                owners.append(seat)
        ready = [0] * n
        ready_value = [0.0] * n
        developing = [0.0] * n
        for seat in range(n):
            for project in state.projects[seat]:
                if project.ready:
                    ready[seat] += 1
                    ready_value[seat] += _READY_SHARE * project.value
                    values.append(project.value)
                    owners.append(seat)
                else:
                    developing[seat] += _PROGRESS_SHARE[project.progress] * project.value
        # games still to complete before someone's last one ends the match
        left = max(0, min(to_end - done[s] - ready[s] for s in range(n)))
        late = min(1.0, left / 2)  # games in development matter less near the end
        if self.stall and state.quiet >= (self.stall - 1) * n:
            late = 0.0  # the match is about to stall (RULES.md G12)
        projected = [
            points[s]
            + ready_value[s]
            + late * (developing[s] + _HAND_CARD * len(state.hands[s]))
            + (self.completion_bonus if done[s] + ready[s] >= to_end else 0)
            for s in range(n)
        ]
        if values:
            for seat, bonus in zip(owners, self.game.ranking_bonus(values), strict=True):
                projected[seat] += bonus
        temperature = 12.0 + 12.0 * min(left, 3) if left else 4.0
        top = max(projected)
        weights = [math.exp((score - top) / temperature) for score in projected]
        total = sum(weights)
        return [w / total for w in weights], projected


def _gain(policy: PgdkPlayout, project: Project, k: int, progress: int) -> float:
    """How much card kind ``k`` on this game moves it toward Going Gold (the heuristic's)."""
    ktype = policy.k_type[k]
    step = 1.5 * progress
    if ktype == TITLE:
        return 10 + step
    if ktype == GEAR:
        return 9 + step
    if ktype == WILD:
        return 8 + step
    if ktype in (CHARACTER, GUARDIAN):
        return 8 + step if not project.chars else 1 + policy.k_value[k] / 2
    if ktype == EGG:
        return 20.0
    return 1 + policy.k_value[k] / 2


def _gain_terms(ktype: int, value: int) -> tuple[float, float, bool]:
    """``_gain`` of a card kind as (missing piece's base or -1, flat worth, Character-like):
    a piece is worth its base plus 1.5 per piece the game has, else the flat worth."""
    flat = 20.0 if ktype == EGG else 1 + value / 2
    if ktype == TITLE:
        return (10.0, flat, False)
    if ktype == GEAR:
        return (9.0, flat, False)
    if ktype == WILD:
        return (8.0, flat, False)
    if ktype in (CHARACTER, GUARDIAN):
        return (8.0, flat, True)
    return (-1.0, flat, False)


def _openers(policy: PgdkPlayout, hand: list[int], colours: int) -> int:
    """Colours of the Titles in hand that none of the seat's games (``colours``) covers: the
    games it could open (the heuristic's openers)."""
    openers = 0
    title_bit = policy.title_bit
    for card in hand:
        openers |= title_bit[card]
    return openers & ~colours


class _Worth:
    """How much one seat wants each card kind, from its games in the state (cached)."""

    __slots__ = (
        "cache",
        "colours",
        "hand",
        "hand_bound",
        "live",
        "openers",
        "policy",
        "projects",
        "support",
        "targets",
        "titled",
        "waiting",
    )

    def __init__(
        self, policy: PgdkPlayout, projects: list[Project], hand: list[int], live: int
    ) -> None:
        self.policy = policy
        self.projects = projects  # copies, never changed: PgdkPlayout._worth's cache key
        self.hand = hand
        self.live = live  # colours that can still get a new game (PgdkPlayout._live)
        self.cache: dict[int, float] = {}
        self.hand_bound: list[int] = []  # kinds in ``cache`` whose worth read the hand's support
        colours = titled = 0
        waiting = False  # a game with a Title is not ready yet
        # the games a card may still help, with their progress: not those without a Title in
        # colours no Title can come to any more (they never complete)
        targets = []
        for project in projects:
            colours |= project.colours
            if project.title >= 0:
                titled |= project.colours
                waiting = waiting or not project.ready
                targets.append((project, project.progress))
            elif project.colours & live:
                targets.append((project, project.progress))
        self.targets = targets
        self.colours = colours  # colours some game of the seat still fits
        self.titled = titled  # colours of its games that have a Title
        self.waiting = waiting
        self.openers = _openers(policy, hand, colours)
        self.support: dict[int, int] | None = None

    def rehand(self, hand: list[int]) -> None:
        """The same games, another hand with the same openers: only the worths that read the
        hand's support (Titles) change, so only those are forgotten."""
        self.hand = hand
        self.support = None
        cache = self.cache
        for k in self.hand_bound:
            del cache[k]
        self.hand_bound = []

    def new_gain(self, k: int) -> float:
        """Worth of starting a new game with card kind ``k`` (the heuristic's)."""
        p = self.policy
        return self._new_gain(p.k_type[k], p.k_allow[k])

    def _new_gain(self, ktype: int, allow: int) -> float:
        if ktype == TITLE:
            if self.titled & allow:
                return 1.0
            support = self.support
            if support is None:
                support = self.support = self._support()
            return 8.0 + support.get(allow, 0)
        if ktype in (GEAR, CHARACTER, WILD):
            if not allow & self.live:
                return 0.0  # no Title of its colours can come any more
            if len(self.projects) >= 3 or allow == self.policy.all_colours or self.colours & allow:
                return 0.5
            return 3.0
        return 0.0

    def _support(self) -> dict[int, int]:
        """Per colour bit: hand cards (Gear, Characters, Wilds) that could join its Title."""
        p = self.policy
        kind_of, k_type, k_allow = p.kind_of, p.k_type, p.k_allow
        support: dict[int, int] = {}
        for card in self.hand:
            k = kind_of[card]
            if k_type[k] in _SUPPORT_TYPES:
                allow = k_allow[k]
                while allow:
                    bit = allow & -allow
                    support[bit] = support.get(bit, 0) + 1
                    allow ^= bit
        return support

    def __call__(self, k: int) -> float:
        found = self.cache.get(k)
        if found is not None:
            return found
        p = self.policy
        value, ktype, allow, name = p.facts[k]
        if value < 0:  # a card that goes into a game: its best use, new game or old
            egg = ktype == EGG
            value = 0.0 if egg else self._new_gain(ktype, allow)
            bit = 1 << ktype
            piece, flat, character = p.gains[k]
            for project, progress in self.targets:
                if project.open & bit and project.colours & allow and not project.names & name:
                    # _gain(), inlined: this loop runs for every card a playout weighs
                    if piece < 0 or (character and project.chars):
                        gain = flat
                    else:
                        gain = piece + 1.5 * progress
                    if gain > value:
                        value = gain
            if self.openers & allow and _OPENER_TYPES_BITS >> ktype & 1:
                gain = _OPENER_GAIN[ktype] - OPENER_DISCOUNT  # onto a Title still in hand
                if gain > value:
                    value = gain
            if egg and value < 20:
                value = 6.0 if self.colours & allow else 2.0
            floor = p.floor[k]
            if value < floor:
                value = floor
            if k == p.neutral and self.waiting and value < NEUTRAL_WORTH:
                value = NEUTRAL_WORTH  # it completes a game with a Title at once
            if ktype == TITLE:
                self.hand_bound.append(k)  # its new game's worth counts supporting hand cards
        self.cache[k] = value
        return value

    def junk_key(self, k: int) -> tuple[float, int]:
        """Least wanted first; of equal want, the higher value first (better payment)."""
        return (self(k), -self.policy.k_value[k])
