"""What one seat may know (R14-R16, D3), and full states drawn to fit that knowledge.

Public: the Research cards on offer, taken and discarded (face up, R14); every revealed
Teamwork card (R16), hence which cards each seat has left; who has committed this round (D3);
the teams and the order of choosing. Private: a seat's own face-down Teamwork card and its own
Secret card (R15: every Secret card is shown once the game is over). Hidden from all: the
Research deck's order and the cards set aside (G8). Cards are named by colour only, so no id
can betray a hidden card.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from gamenight.core.game import View
from gamenight.core.rng import Rng
from gamenight.games.gnome import sheet
from gamenight.games.gnome.chance import shuffle
from gamenight.games.gnome.state import COMMIT, OVER, GameRecord, GnomeState, Phase, Step

if TYPE_CHECKING:
    from gamenight.games.gnome.rules import GnomeGame

_STEP_NAMES = {int(step): step.name.lower().replace("_", "-") for step in Step}
_STEP_BY_NAME = {name: step for step, name in _STEP_NAMES.items()}


def view(game: GnomeGame, state: GnomeState, player: int | None) -> View:
    p = game.params
    names = p.card_names
    n = state.num_players
    over = state.phase == OVER
    committing = state.phase == COMMIT
    score = game.scorer.score
    values = sorted(p.teamwork)
    seats = []
    for seat in range(n):
        cards = state.hand[seat]
        if state.commit[seat] and (seat != player or not committing):
            # a face-down card is still unrevealed (also once a capped match stops mid-round)
            cards |= 1 << state.commit[seat]
        secret = state.secret[seat]
        shows_secret = secret >= 0 and (over or seat == player)
        collection = state.collection(seat)
        if secret >= 0 and not shows_secret:
            collection.remove(secret)
        seats.append(
            {
                "unrevealed": [v for v in values if cards >> v & 1],
                "played": state.played[seat][:],
                "committed": committing and seat not in state.actors,
                "individual": [names[c] for c in state.individual[seat]],
                "secret": names[secret] if shows_secret else None,
                "has_secret": secret >= 0,
                "partner": state.partner[seat] if state.partner[seat] >= 0 else None,
                "score": score(collection),
                "score_complete": shows_secret or secret < 0,
            }
        )
    mine = state.commit[player] if player is not None and committing else 0
    session: dict[str, Any] | None = None
    if p.session_games > 1:
        history = [_record_view(names, record) for record in state.history]
        session = {
            "game": state.game_number + 1,
            "games": p.session_games,
            "history": history,
            "totals": [sum(game["scores"][seat] for game in history) for seat in range(n)],
            "last_game": _last_game(game, state, history),
        }
    outcome = game.outcome(state) if over else None
    data = {
        "game": "gnome",
        "viewer": player,
        "players": n,
        "colours": list(names[: p.white_kind]),
        "white": names[p.white_kind],
        "multicolour": names[p.multi_kind],
        "teamwork": values,
        "round": state.round,
        "rounds": p.rounds,
        "cards_per_round": p.cards_per_round(n),
        "deck": len(state.deck),
        "set_aside": len(state.aside),
        "phase": Phase(state.phase).name.lower(),
        "actor": state.actor if state.actor >= 0 else None,
        "waiting": list(state.actors) if committing else [],
        "teams": [list(team) for team in state.teams],
        "offer": [names[c] for c in state.offer],
        "discard": [names[c] for c in state.discard],
        "shared": [{"card": names[c], "seats": [a, b]} for c, a, b in state.shared],
        "queue": [
            {"step": _STEP_NAMES[step], "seat": seat, "partner": partner if partner >= 0 else None}
            for step, seat, partner in reversed(state.queue)
        ],
        "pending": names[state.pending] if state.pending >= 0 else None,
        "my_commitment": mine or None,
        "seats": seats,
        "session": session,
        "steps": state.steps,
        "end": state.end_reason or None,
        "winners": list(outcome.winners) if outcome is not None else None,
        "result": outcome.reason if outcome is not None else None,
    }
    if outcome is not None:
        data["score_sheet"] = sheet.final_sheet(game, state, outcome.reason)
    last: dict[str, Any] | None = session["last_game"] if session is not None else None
    if last is not None:  # front ends pause here (core.scoresheet: intermissions)
        data["intermission"] = {
            "key": f"game {last['game']}",
            "title": f"Game {last['game']} of {p.session_games} is over",
            "score_sheet": last["score_sheet"],
        }
    return data


def _record_view(names: tuple[str, ...], record: GameRecord) -> dict[str, Any]:
    """A finished game of a session, all public (G9): results, Secret cards, collections."""
    return {
        "teams": [list(team) for team in record.teams],
        "scores": list(record.scores),
        "highest_left": list(record.highest_left),
        "left_sum": list(record.left_sum),
        "secrets": [names[c] if c >= 0 else None for c in record.secrets],
        "individual": [[names[c] for c in cards] for cards in record.individual],
        "shared": [{"card": names[c], "seats": [a, b]} for c, a, b in record.shared],
    }


def _last_game(
    game: GnomeGame, state: GnomeState, history: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """The game of a session just finished, with its final reveal and score sheet, from its
    end until the next game's first Teamwork card is committed: while it is set, a front end
    shows the reveal and waits (R29, G9). None otherwise, and once the session is over (the
    final score sheet then covers every game)."""
    fresh = state.game_number > 0 and state.round == 1 and state.phase == COMMIT
    if not fresh or any(state.commit):
        return None
    record = state.history[-1]
    return {
        "game": len(state.history),
        **history[-1],
        "score_sheet": sheet.game_sheet(game, record),
    }


def hidden(state: GnomeState, player: int) -> Hashable:
    """The deck order, the cards set aside, and other seats' Secret and face-down cards."""
    others = [seat for seat in range(state.num_players) if seat != player]
    secrets = () if state.phase == OVER else tuple(state.secret[seat] for seat in others)
    return (
        tuple(state.deck),
        state.aside,
        state.secret_aside,
        secrets,
        tuple(state.commit[seat] for seat in others),
    )


def redraw_unseen(
    game: GnomeGame, state: GnomeState, data: View, player: int, rng: Rng
) -> GnomeState | None:
    """``state`` made to show ``player`` exactly ``data`` again (G7): the Research deck's order
    and the cards set aside (G8), which nobody has seen, drawn anew; the other seats' Secret
    cards and still face-down Teamwork cards kept as ``state`` has them. Teamwork cards turned
    up (R8, R16) are the table's, as ``data`` shows them. None in another game of a session
    (G9) or where a kept card is no longer possible."""
    world = determinize(game, data, player, rng)
    if world.game_number != state.game_number:
        return None
    n = state.num_players
    for seat in range(n):
        if seat == player or not world.commit[seat]:
            continue
        kept = state.commit[seat]
        cards = world.hand[seat] | 1 << world.commit[seat]  # the cards it may have put down
        if not kept or not cards >> kept & 1:
            return None
        world.hand[seat], world.commit[seat] = cards & ~(1 << kept), kept
    return _keep_secrets(world, state, data, player)


def _keep_secrets(
    world: GnomeState, state: GnomeState, data: View, player: int
) -> GnomeState | None:
    """``world`` with the Secret cards of ``state`` where ``player`` cannot see them (R15)."""
    seats: list[dict[str, Any]] = data["seats"]
    unseen = [
        seat
        for seat, seen in enumerate(seats)
        if seat != player and seen["has_secret"] and seen["secret"] is None
    ]
    pool = [world.secret[seat] for seat in unseen] + list(world.secret_aside)
    secret = list(world.secret)
    for seat in unseen:
        kept = state.secret[seat]
        if kept not in pool:
            return None
        pool.remove(kept)
        secret[seat] = kept
    world.secret = tuple(secret)
    world.secret_aside = tuple(sorted(pool))
    return world


def determinize(game: GnomeGame, data: View, player: int, rng: Rng) -> GnomeState:
    """A state that gives ``player`` exactly ``data``; the unseen parts drawn with ``rng``.

    Other seats' face-down Teamwork cards are drawn from the cards they have left; unseen
    Secret cards from the Secret deck less the Secret cards seen; the Research deck and the
    cards set aside from the Research cards not seen anywhere.
    """
    if data["viewer"] != player:
        raise ValueError(f"this view belongs to seat {data['viewer']}, not seat {player}")
    p = game.params
    kind_of = p.kind_of
    n = data["players"]
    state = GnomeState(n, Rng(rng.next_u64()))

    def kinds(names: list[str]) -> list[int]:
        return [kind_of[name.lower()] for name in names]

    session = data["session"]
    state.game_number = session["game"] - 1 if session else 0
    state.teams = tuple((a, b) for a, b in data["teams"])
    seats: list[dict[str, Any]] = data["seats"]
    state.partner = tuple(-1 if s["partner"] is None else s["partner"] for s in seats)
    state.round = data["round"]
    state.phase = int(Phase[data["phase"].upper()])
    state.actor = -1 if data["actor"] is None else data["actor"]
    if state.phase == COMMIT:
        state.actors = tuple(data["waiting"])
    elif state.phase != OVER:
        state.actors = (state.actor,)
    state.offer = kinds(data["offer"])
    state.discard = kinds(data["discard"])
    state.shared = [
        (kind_of[s["card"].lower()], s["seats"][0], s["seats"][1]) for s in data["shared"]
    ]
    state.queue = [
        (_STEP_BY_NAME[s["step"]], s["seat"], -1 if s["partner"] is None else s["partner"])
        for s in reversed(data["queue"])
    ]
    state.pending = kind_of[data["pending"].lower()] if data["pending"] else -1
    state.steps = data["steps"]
    state.end_reason = data["end"] or ""

    commit = [0] * n
    hand = [0] * n
    for seat, seen in enumerate(seats):
        state.played[seat] = list(seen["played"])
        state.individual[seat] = kinds(seen["individual"])
        cards = 0
        for v in seen["unrevealed"]:
            cards |= 1 << v
        if seat == player and data["my_commitment"]:
            commit[seat] = data["my_commitment"]
        elif seen["committed"] and seat != player:
            left = list(seen["unrevealed"])
            commit[seat] = left[rng.randbelow(len(left))]
            cards ^= 1 << commit[seat]
        hand[seat] = cards
    state.commit, state.hand = commit, hand

    secret = [-1] * n
    unseen_secret = list(game.secret_deck(n))
    to_draw = []
    for seat, seen in enumerate(seats):
        if seen["secret"] is not None:
            secret[seat] = kind_of[seen["secret"].lower()]
            unseen_secret.remove(secret[seat])
        elif seen["has_secret"]:
            to_draw.append(seat)
    shuffle(rng, unseen_secret)
    for seat in to_draw:
        secret[seat] = unseen_secret.pop()
    state.secret = tuple(secret)
    state.secret_aside = tuple(sorted(unseen_secret))

    unseen = list(game.research_deck(n))
    seen_cards = [*state.offer, *state.discard, *(c for c, _, _ in state.shared)]
    for held in state.individual:
        seen_cards += held
    if state.pending >= 0:
        seen_cards.append(state.pending)
    for card in seen_cards:
        unseen.remove(card)
    shuffle(rng, unseen)
    size = data["deck"]
    state.deck = unseen[:size]
    state.aside = tuple(sorted(unseen[size:]))

    if session:
        state.history = tuple(
            GameRecord(
                scores=tuple(game["scores"]),
                highest_left=tuple(game["highest_left"]),
                left_sum=tuple(game["left_sum"]),
                secrets=tuple(-1 if c is None else kind_of[c.lower()] for c in game["secrets"]),
                teams=tuple((a, b) for a, b in game["teams"]),
                individual=tuple(tuple(kinds(cards)) for cards in game["individual"]),
                shared=tuple(
                    (kind_of[s["card"].lower()], s["seats"][0], s["seats"][1])
                    for s in game["shared"]
                ),
            )
            for game in session["history"]
        )
    return state
