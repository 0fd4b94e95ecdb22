"""Pink Godzilla Dev Kit as numbers: action ids and the observation of a seat's view.

Sizes follow the params: the card list (K kinds of card, C physical cards), the genres (G
colours, g Required Gear types) and the player count n. The built-in list has K = 99 kinds and
C = 106 cards, of which P = 82 can start a videogame, so the default game has 17,850 action
ids for 2 players, 22,771 for 3 and 27,692 for 4 (the ``cut`` actions, one per card, seat
and game number, are 4,920 of them per seat), and an observation of 5,076, 6,852 and 8,628
floats (the videogames in development, 17 floats per slot and P slots per seat, are 1,394
of them per seat).

Actions. Cards are named by label (RULES.md C4: copies are one action), videogames in
development by their place in the owner's row of games, counted from 1, and seats by number.
Every kind of action is listed for every card it can ever name, in the game's own order of
action kinds (``actions.Kind``):

- a card kind that can lie in the Row, the discard pile, the deck or a hand is any kind, so
  ``trade``, ``offer``, ``auction``, ``bid``, ``retrieve``, ``steal``, ``hunt``, ``keep`` and
  ``discard`` run over all K kinds; ``godzilla CARD with PINK`` over every kind but the Pink
  Godzillas (D6) for each Pink Godzilla kind given (G2), and not at all when the list has
  none; ``play CARD new`` over the kinds that can start a videogame (every videogame card
  but an Easter Egg, R28), ``play CARD on N`` over every videogame card, ``table`` over
  Special Abilities, ``use`` over Power Ups and the Good and Evil Guardians, ``use CARD on
  N`` over Neutral Guardians, and ``cut`` over the cards that can stay in a videogame in
  development and are no Title (C3): an Easter Egg or a Neutral Guardian used for its power
  completes its videogame at once (R28, D3), so neither is ever left in one;
- game numbers run 1..P, where P is the number of physical cards that can start a videogame
  (Title, Character, Required Gear, Gear Upgrade, Wild, Guardian). Only ``play CARD new``
  adds a videogame, every videogame holds at least one of its cards (an Easter Egg never
  starts one), and an emptied videogame leaves the table (G9): no seat ever has more than P
  videogames in development, so no ``on N``, ``game N`` or ``gold N`` names a higher N. The
  notation numbers games up to 99, so P is at most 99;
- seats run 0..n-1 (``rob seat S``, ``cut CARD from seat S game N``).

Without auctions (variant ``beginners``) the auction and bid actions are left out.

Observation. Seats are listed relative to the viewer (row 0 is the viewer's own, row 1 the
next seat in turn order), so one policy can play any seat; ``seat`` still says which seat
that is. Cards are counted by kind, each count divided by the kind's number of copies, so
every entry lies in [0, 1] and an entry lines up with the action ids that name that kind.
Videogames in development are described slot by slot (slot j is the game ``on j+1`` and
``gold j+1`` name); completed videogames likewise. Everything comes from the view: others'
hands appear only as their size and the cards the viewer knows to be there (G6), sealed bids
only as "committed" (G4). Values are divided by 10 and points by 100; the bounds of those
segments come from the card list (the most a videogame or a player can be worth).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from gamenight.adapters.encodings.base import Encoding, FloatArray, Segment
from gamenight.core.game import AnyGame, View
from gamenight.games.pgdk import cards as cardlib
from gamenight.games.pgdk.rules import CAPPED
from gamenight.games.pgdk.state import Phase

_PHASES = [phase.name.lower() for phase in Phase]
_PHASE_INDEX = {name: i for i, name in enumerate(_PHASES)}
_END_REASONS = ("completed", "stalled", "capped")
_STARTERS = cardlib.PROJECT_TYPES - {cardlib.EGG}  # an Easter Egg never starts a game
_MAX_GAME_NUMBER = 99  # actions._slot: games are numbered 1..99
VALUE_SCALE = 10.0
"""Card and videogame values are divided by this (cards are worth 2 to 7)."""
POINT_SCALE = 100.0
"""Points and final scores are divided by this."""
HAND_SCALE = 10.0
"""Hand sizes are divided by this (the hand limit is 7)."""
COUNT_SCALE = 2.0
"""Characters and Gear Upgrades in one videogame are divided by this."""
SIZE_SCALE = 10.0
"""The number of cards in one videogame is divided by this."""


class PgdkEncoding(Encoding):
    game_name = "pgdk"

    def __init__(self, game: AnyGame, num_players: int) -> None:
        super().__init__(game, num_players)
        params = game.params
        deck = params.cards
        self.params = params
        kinds = deck.kinds
        self.kinds = kinds
        self.labels: tuple[str, ...] = tuple(kind.label for kind in kinds)
        self.num_kinds = len(kinds)
        self.num_cards: int = deck.total
        self.num_colours = len(deck.genres)
        self.kind_index = {label: k for k, label in enumerate(self.labels)}
        self.auctions: bool = params.auctions

        project_kinds = [k for k in kinds if k.type in cardlib.PROJECT_TYPES]
        # P: no seat ever has more videogames in development than there are cards that can
        # start one (see the module docstring); the notation stops at 99.
        starters = sum(k.count for k in kinds if k.type in _STARTERS)
        self.max_projects = min(starters, _MAX_GAME_NUMBER)
        self.project_slots = max(1, self.max_projects)  # the observation's slots per seat
        # A videogame never holds two cards of one name (R12), so it is worth at most the sum,
        # over names, of the most valuable card of that name; it holds at most one card per
        # name, and at most one Character or Guardian per Character or Guardian name.
        best: dict[str, int] = {}
        for kind in project_kinds:
            name = kind.name.lower()
            best[name] = max(best.get(name, 0), kind.value)
        self.max_game_value = sum(best.values())
        self.max_game_cards = len(best)
        self.max_characters = len(
            {
                k.name.lower()
                for k in project_kinds
                if k.type in (cardlib.CHARACTER, cardlib.GUARDIAN)
            }
        )
        self.max_upgrades = len({k.name.lower() for k in kinds if k.type == cardlib.UPGRADE})
        # Every completed videogame holds a Title (D2, R27, R28), so a seat completes at most
        # as many videogames as there are Title cards.
        self.max_completed = max(1, sum(k.count for k in kinds if k.type == cardlib.TITLE))
        self.ability_kinds = [k.index for k in kinds if k.type == cardlib.ABILITY]
        self.ability_index = {k: i for i, k in enumerate(self.ability_kinds)}
        total_value = sum(k.value * k.count for k in kinds)
        abilities = sum(k.count for k in kinds if k.type == cardlib.ABILITY)
        bonus = max(params.ranking_bonuses, default=0)
        self.max_points = (
            total_value
            + params.special_ability_points * abilities
            + params.completion_bonus
            + bonus * self.max_completed
        )
        self.total_value = total_value

        # Colour texts as the view writes them (``colour_mask_text``): letters, or "any".
        self.colour_bits: dict[str, tuple[int, ...]] = {
            deck.colour_mask_text(mask): tuple(i for i in range(self.num_colours) if mask >> i & 1)
            for mask in range(deck.all_colours + 1)
        }
        gear_names = [name.lower() for name in deck.gear_names]
        self.num_gears = len(gear_names)
        g, c = self.num_gears, self.num_colours
        # Columns of a videogame in development (slot): present, colours (G), Title,
        # Characters/2, Required Gear types (g), Wild, Gear Upgrades/2, value/10, ready,
        # cards/10.
        self.col_title = 1 + c
        self.col_chars = 2 + c
        self.col_gear = 3 + c
        self.col_wild = 3 + c + g
        self.col_upgrades = 4 + c + g
        self.col_value = 5 + c + g
        self.col_ready = 6 + c + g
        self.col_size = 7 + c + g
        self.project_width = 8 + c + g
        # Columns of a completed videogame: present, colours (G), value/10, Characters/2,
        # first of its colour, completed by the Neutral Guardian's power, cards/10.
        self.done_value = 1 + c
        self.done_chars = 2 + c
        self.done_first = 3 + c
        self.done_powered = 4 + c
        self.done_size = 5 + c
        self.done_width = 6 + c
        # The project columns each card kind sets (counted, so Characters add up).
        self.kind_columns: list[tuple[int, ...]] = []
        for kind in kinds:
            cols = [self.col_size]
            if kind.type == cardlib.TITLE:
                cols.append(self.col_title)
            elif kind.type in (cardlib.CHARACTER, cardlib.GUARDIAN):
                cols.append(self.col_chars)
            elif kind.type == cardlib.GEAR:
                cols.append(self.col_gear + gear_names.index(kind.name.lower()))
            elif kind.type == cardlib.WILD:
                cols.append(self.col_wild)
            elif kind.type == cardlib.UPGRADE:
                cols.append(self.col_upgrades)
            self.kind_columns.append(tuple(cols))

        segments = self.segments()
        self._offsets: dict[str, int] = {}
        offset = 0
        for segment in segments:
            self._offsets[segment.name] = offset
            offset += segment.size
        self._size = offset
        self._unit = self._units(segments)

    # -- actions --------------------------------------------------------------------------
    def action_notations(self) -> list[str]:
        kinds, labels = self.kinds, self.labels
        n, p = self.num_players, self.max_projects
        every = list(labels)

        def of(verb: str, chosen: list[str]) -> list[str]:
            return [f"{verb} {label}" for label in chosen]

        def where(*types: int) -> list[str]:
            return [k.label for k in kinds if k.type in types]

        pinks = [k.label for k in kinds if k.power == cardlib.PINK_GODZILLA]
        godzilla = [
            f"godzilla {k.label} with {pink}"
            for k in kinds
            if k.power != cardlib.PINK_GODZILLA
            for pink in pinks
        ]
        project = [k.label for k in kinds if k.type in cardlib.PROJECT_TYPES]
        starters = [k.label for k in kinds if k.type in _STARTERS]
        used = [
            k.label
            for k in kinds
            if k.type == cardlib.POWERUP
            or k.power in (cardlib.GOOD_GUARDIAN, cardlib.EVIL_GUARDIAN)
        ]
        neutral = [k.label for k in kinds if k.power == cardlib.NEUTRAL_GUARDIAN]
        cuttable = [k.label for k in kinds if k.type in _STARTERS and k.type != cardlib.TITLE]
        auction = [*of("auction", every), "auction go"] if self.auctions else []
        bids = [*of("bid", every), "bid done", "no bid"] if self.auctions else []
        return [
            "pass",
            *godzilla,
            *of("trade", every),
            *of("offer", every),
            "offer done",
            *auction,
            "discard lowest",
            *bids,
            *(f"play {label} new" for label in starters),
            *(f"play {label} on {j + 1}" for label in project for j in range(p)),
            *of("table", where(cardlib.ABILITY)),
            *of("use", used),
            *(f"use {label} on {j + 1}" for label in neutral for j in range(p)),
            *of("retrieve", every),
            *(f"rob seat {seat}" for seat in range(n)),
            *of("steal", every),
            *of("hunt", every),
            *(
                f"cut {label} from seat {seat} game {j + 1}"
                for label in cuttable
                for seat in range(n)
                for j in range(p)
            ),
            *of("keep", every),
            "done",
            *(f"gold {j + 1}" for j in range(p)),
            *of("discard", every),
            "offer cancel",  # G25, the last kind: the ids before it are those of earlier lists
        ]

    def max_game_length(self) -> int:
        """Actions in a match: at most ``max_turns`` turns (G8), each of a bounded length,
        plus what a whole match can hold of completions and final declarations.

        Per turn: two Pink Godzilla windows, each at most one trade per Row place and one pass
        per seat (D6); the purchase, then either an offer of at most every card and its end
        (R7) or at most ``auction_max_cards`` picks, the start, every card bid once and one
        commitment per seat (R8, G4); at most three actions per play (a card, a seat, a card
        of that seat: the Evil Guardian) and the end of the plays; the end of Going Gold; at
        most every card discarded to the hand limit (R16). Per match: a completed videogame
        keeps its Title for good, so there are at most as many completions as Titles, each a
        declaration and a Clone window of one answer per seat (D7); and one "done" per seat in
        the final declarations (D8).

        The plays per turn are counted as ``plays_per_turn`` plus ``crunch_time_plays`` for
        every card of the list, as if each were a Crunch Time played once. That is not a
        strict bound, and none exists: Crunch Time gives more plays than it costs, and when
        the deck is nearly empty a Publisher Advance or Market Research can draw it back after
        a reshuffle, so a lucky turn can go on for as long as the luck holds. Matches that
        long are vanishingly rare; nothing in the rules stops them. Nor are trades given up
        with ``offer cancel`` (G25) counted: a seat may start and cancel trades as often as it
        likes before it settles on a purchase.
        """
        p = self.params
        n, cards, titles = self.num_players, self.num_cards, self.max_completed
        row = p.row_size
        windows = 2 * (row + n)
        offer = cards + 1
        auction = min(p.auction_max_cards, row) + cards + n if p.auctions else 0
        plays = p.plays_per_turn + p.crunch_time_plays * cards
        develop = 3 * plays + 1
        per_turn = windows + 1 + max(offer, auction) + develop + 1 + cards
        total = p.max_turns * per_turn + titles * (1 + n) + n
        return int(min(total, 2**31 - 1))

    # -- observation ----------------------------------------------------------------------
    def segments(self) -> list[Segment]:
        n, k, c = self.num_players, self.num_kinds, self.num_colours
        p, done = self.project_slots, self.max_completed
        abilities = max(1, len(self.ability_kinds))
        phases = ", ".join(_PHASES)
        project_high = max(
            1.0,
            self.max_characters / COUNT_SCALE,
            self.max_upgrades / COUNT_SCALE,
            self.max_game_value / VALUE_SCALE,
            self.max_game_cards / SIZE_SCALE,
        )
        done_high = max(
            1.0,
            self.max_game_value / VALUE_SCALE,
            self.max_characters / COUNT_SCALE,
            self.max_game_cards / SIZE_SCALE,
        )
        return [
            Segment("seat", (n,), "the viewer's seat, one-hot (all zero for a spectator)"),
            Segment("phase", (len(_PHASES),), f"phase, one-hot: {phases}"),
            Segment("actor", (n,), "seat to act (none while bidding), relative, one-hot"),
            Segment("active", (n,), "seat whose turn it is, relative, one-hot"),
            Segment("to_act", (n,), "seats that may act now, relative"),
            Segment(
                "progress",
                (8,),
                "turn/max_turns, turns without a completed game/stall limit, plays left/"
                "(plays per turn + Crunch Time plays), window seats left/n, deck/C, "
                "discard pile/C, cards looked at/Market Research look, games to pay/Titles",
            ),
            Segment("window", (2,), "Pink Godzilla window after Finance, after Purchase"),
            Segment("colours_done", (c,), "colours with a completed videogame (R15)"),
            Segment("row", (k,), "Resource Row, by kind (count/copies)"),
            Segment("discard", (k,), "discard pile, by kind"),
            Segment("completed_cards", (k,), "cards in anyone's completed videogames, by kind"),
            Segment("hand", (k,), "own hand, by kind"),
            Segment("hand_public", (k,), "own hand cards every seat knows of (G6)"),
            Segment("hand_seen", (k,), "own hand cards some rival knows of, not public"),
            Segment("hand_locked", (k,), "own hand cards drawn this Going Gold Phase (G7)"),
            Segment("deck_known", (k,), "deck cards the viewer knows of (G5)"),
            Segment("take", (k,), "the Row card being traded for (R7)"),
            Segment("offer", (k,), "hand cards offered so far (R7)"),
            Segment("auction", (k,), "Row cards under auction (R8)"),
            Segment("bid", (k,), "own sealed bid so far (G4)"),
            Segment("bid_state", (2,), "own bid committed: no bid, a bid"),
            Segment("using", (k,), "Power Up or Guardian whose power is being resolved"),
            Segment("peek", (k,), "cards looked at with Market Research (researcher only)"),
            Segment(
                "last_auction",
                (1 + 3 * n,),
                "last revealed auction: present, auctioneer (relative, n), "
                "no-bid flags (n), winner (n)",
            ),
            Segment("last_lots", (k,), "cards of the last revealed auction"),
            Segment(
                "last_totals",
                (n,),
                "bid totals of the last revealed auction/10, relative",
                high=self.total_value / VALUE_SCALE,
            ),
            Segment(
                "clone",
                (2 * n + 2,),
                "Clone The Clone window: completer (n), Clone owner (n), stake/clone_draw, "
                "seats left/n",
            ),
            Segment("rob", (n,), "the Evil Guardian's victim, relative"),
            Segment("ender", (n,), "seat whose game ended the match, relative"),
            Segment("end", (len(_END_REASONS),), "how the match ended: completed, stalled, capped"),
            Segment(
                "scores",
                (n,),
                "final scores/100 (bonuses included), relative",
                high=self.max_points / POINT_SCALE,
            ),
            Segment(
                "hand_sizes", (n,), "hand sizes/10, relative", high=self.num_cards / HAND_SCALE
            ),
            Segment(
                "points",
                (n,),
                "points so far/100 (G20), relative",
                high=self.max_points / POINT_SCALE,
            ),
            Segment("committed", (n,), "seats whose sealed bid is committed, relative"),
            Segment(
                "known",
                (n, k),
                "cards the viewer knows in each seat's hand, by kind (row 0 empty for a seat: "
                "its own hand is in 'hand')",
            ),
            Segment("specials", (n, abilities), "Special Abilities on each seat's table"),
            Segment("project_cards", (n, k), "cards in each seat's videogames in development"),
            Segment(
                "projects",
                (n, p, self.project_width),
                "videogames in development, slot j = game j+1: present, colours (G), Title, "
                "Characters/2, Required Gear types (g), Wild, Gear Upgrades/2, value/10, "
                "ready, cards/10",
                high=project_high,
            ),
            Segment(
                "completed",
                (n, done, self.done_width),
                "completed videogames in order: present, colour (G), value/10, Characters/2, "
                "first of its colour, completed by the Neutral Guardian, cards/10",
                high=done_high,
            ),
        ]

    def _units(self, segments: list[Segment]) -> npt.NDArray[np.float64]:
        """What one occurrence adds at each position: 1, or 1/copies for card counts."""
        unit = np.ones(self._size, dtype=np.float64)
        inverse = np.array([1.0 / kind.count for kind in self.kinds], dtype=np.float64)
        by_kind = {
            "row",
            "discard",
            "completed_cards",
            "hand",
            "hand_public",
            "hand_seen",
            "hand_locked",
            "deck_known",
            "take",
            "offer",
            "auction",
            "bid",
            "using",
            "peek",
            "last_lots",
            "known",
            "project_cards",
        }
        for segment in segments:
            at = self._offsets[segment.name]
            if segment.name in by_kind:
                unit[at : at + segment.size] = np.tile(inverse, segment.size // self.num_kinds)
            elif segment.name == "specials":
                per = np.array(
                    [1.0 / self.kinds[k].count for k in self.ability_kinds] or [1.0],
                    dtype=np.float64,
                )
                unit[at : at + segment.size] = np.tile(per, self.num_players)
            elif segment.name == "projects":
                block = unit[at : at + segment.size].reshape(-1, self.project_width)
                block[:, self.col_chars] = 1.0 / COUNT_SCALE
                block[:, self.col_upgrades] = 1.0 / COUNT_SCALE
                block[:, self.col_size] = 1.0 / SIZE_SCALE
        return unit

    def fill(self, view: View, out: FloatArray) -> None:
        # Discrete facts are collected as positions (a position may come several times, for
        # copies of a card) and written by one bincount; scaled numbers are set afterwards.
        o = self._offsets
        n, k_count = self.num_players, self.num_kinds
        kind = self.kind_index
        bits = self.colour_bits
        viewer = view["viewer"]
        me = 0 if viewer is None else viewer
        hot: list[int] = []
        add = hot.append
        exact: list[tuple[int, float]] = []
        put = exact.append

        if viewer is not None:
            add(o["seat"] + viewer)
        add(o["phase"] + _PHASE_INDEX[view["phase"]])
        if view["actor"] is not None:
            add(o["actor"] + (view["actor"] - me) % n)
        add(o["active"] + (view["active"] - me) % n)
        for seat in view["to_act"]:
            add(o["to_act"] + (seat - me) % n)
        window = view["window"]
        if window:
            add(o["window"] + window - 1)
        for colour in bits[view["colours_done"]]:
            add(o["colours_done"] + colour)
        for zone in ("row", "discard", "offer", "auction"):
            base = o[zone]
            for label in view[zone]:
                add(base + kind[label])
        for zone in ("take", "using"):
            label = view[zone]
            if label is not None:
                add(o[zone] + kind[label])
        hand = view["hand"]
        if hand is not None:
            for item in hand:
                card = kind[item["card"]]
                add(o["hand"] + card)
                if item["public"]:
                    add(o["hand_public"] + card)
                elif item["seen_by"]:
                    add(o["hand_seen"] + card)
                if item["locked"]:
                    add(o["hand_locked"] + card)
        for _, label, _ in view["deck_known"]:
            add(o["deck_known"] + kind[label])
        bid = view["bid"]
        if bid is not None:
            for label in bid["cards"]:
                add(o["bid"] + kind[label])
            if bid["committed"] is not None:
                add(o["bid_state"] + (0 if bid["committed"] == "no bid" else 1))
        if view["peek"]:
            for label in view["peek"]:
                add(o["peek"] + kind[label])

        last = view["last_auction"]
        if last is not None:
            at = o["last_auction"]
            add(at)
            add(at + 1 + (last["auctioneer"] - me) % n)
            for seat, total in enumerate(last["totals"]):
                k = (seat - me) % n
                if total is None:
                    add(at + 1 + n + k)
                else:
                    put((o["last_totals"] + k, total / VALUE_SCALE))
            if last["winner"] is not None:
                add(at + 1 + 2 * n + (last["winner"] - me) % n)
            for label in last["cards"]:
                add(o["last_lots"] + kind[label])
        clone = view["clone"]
        if clone is not None:
            at = o["clone"]
            add(at + (clone["completer"] - me) % n)
            add(at + n + (clone["owner"] - me) % n)
            put((at + 2 * n, clone["stake"] / max(1, self.params.clone_draw)))
            put((at + 2 * n + 1, clone["left"] / n))
        if view["rob"] is not None:
            add(o["rob"] + (view["rob"] - me) % n)
        if view["ender"] is not None:
            add(o["ender"] + (view["ender"] - me) % n)
        end = view["end"]
        if end:
            reason = 2 if end == CAPPED else 1 if end.startswith("stalled") else 0
            add(o["end"] + reason)
        scores = view["scores"]
        if scores is not None:
            for seat, score in enumerate(scores):
                put((o["scores"] + (seat - me) % n, score / POINT_SCALE))

        p, width = self.project_slots, self.project_width
        done_cap, done_width = self.max_completed, self.done_width
        columns = self.kind_columns
        col_value, col_ready = self.col_value, self.col_ready
        ability = self.ability_index
        abilities = max(1, len(self.ability_kinds))
        for seat, entry in enumerate(view["seats"]):
            k = (seat - me) % n
            put((o["hand_sizes"] + k, entry["hand_size"] / HAND_SCALE))
            put((o["points"] + k, entry["points"] / POINT_SCALE))
            if entry["committed"]:
                add(o["committed"] + k)
            base = o["known"] + k * k_count
            for item in entry.get("known", ()):
                add(base + kind[item["card"]])
            for label in entry["specials"]:
                add(o["specials"] + k * abilities + ability[kind[label]])
            cards_at = o["project_cards"] + k * k_count
            for j, project in enumerate(entry["projects"][:p]):
                at = o["projects"] + (k * p + j) * width
                add(at)
                for colour in bits[project["colours"]]:
                    add(at + 1 + colour)
                for label in project["cards"]:
                    card = kind[label]
                    add(cards_at + card)
                    for column in columns[card]:
                        add(at + column)
                put((at + col_value, project["value"] / VALUE_SCALE))
                if project["ready"]:
                    add(at + col_ready)
            for j, game in enumerate(entry["completed"][:done_cap]):
                at = o["completed"] + (k * done_cap + j) * done_width
                add(at)
                for colour in bits[game["colour"]]:
                    add(at + 1 + colour)
                put((at + self.done_value, game["value"] / VALUE_SCALE))
                put((at + self.done_chars, game["characters"] / COUNT_SCALE))
                put((at + self.done_size, len(game["cards"]) / SIZE_SCALE))
                if game["first"]:
                    add(at + self.done_first)
                if game["powered"] is not None:
                    add(at + self.done_powered)
                completed_at = o["completed_cards"]
                for label in game["cards"]:
                    add(completed_at + kind[label])

        progress = o["progress"]
        params = self.params
        stall = params.stall_rounds * n or params.max_turns
        plays = max(1, params.plays_per_turn + params.crunch_time_plays)
        put((progress, min(view["turn"] / params.max_turns, 1.0)))
        put((progress + 1, min(view["quiet"] / stall, 1.0)))
        put((progress + 2, min(view["plays_left"] / plays, 1.0)))
        put((progress + 3, view["window_left"] / n))
        put((progress + 4, view["deck"] / self.num_cards))
        put((progress + 5, len(view["discard"]) / self.num_cards))
        put((progress + 6, view["peek_size"] / params.market_research_look))
        put((progress + 7, min(len(view["payouts"]) / self.max_completed, 1.0)))

        counts = np.bincount(np.array(hot, dtype=np.intp), minlength=self._size)
        np.multiply(counts, self._unit, out=out, casting="unsafe")
        if exact:
            where, numbers = zip(*exact, strict=True)
            out[np.array(where, dtype=np.intp)] = numbers


ENCODING = PgdkEncoding
