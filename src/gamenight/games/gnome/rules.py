"""The rules of G.Nome: setup, legal actions, their effects, the order of choosing, scoring.

Rule numbers (R…, C…, D…, G…) refer to RULES.md beside this file.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import ClassVar, Final

from gamenight.core.errors import PlayerCountError
from gamenight.core.game import Game, GameSpec, Outcome, Variant, View
from gamenight.core.journal import Journal
from gamenight.core.rng import Rng
from gamenight.games.gnome import actions as kinds
from gamenight.games.gnome import narrate, playtest, sheet, views
from gamenight.games.gnome import state as phases
from gamenight.games.gnome.actions import Action, ActionBook
from gamenight.games.gnome.chance import shuffle
from gamenight.games.gnome.explain import explain
from gamenight.games.gnome.params import GnomeParams
from gamenight.games.gnome.scoring import Scorer
from gamenight.games.gnome.state import GnomeState

# Final: compiled, these are C constants rather than look-ups in the module's dictionary.
P_COMMIT: Final = phases.COMMIT
P_PICK: Final = phases.PICK
P_PARTNER: Final = phases.PARTNER
P_OVER: Final = phases.OVER
S_INDIVIDUAL: Final = phases.INDIVIDUAL
S_SHARED: Final = phases.SHARED
S_CHOOSE_PARTNER: Final = phases.CHOOSE_PARTNER
S_DEAL: Final = phases.DEAL
K_PLAY: Final = kinds.PLAY
K_TAKE: Final = kinds.TAKE
K_SHARE: Final = kinds.SHARE

ALL_DRAWN = "all Research cards drawn"
SESSION_OVER = "session over"
CAPPED = "safety cap reached"

Step = tuple[int, int, int]
GameResult = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


class GnomeGame(Game[GnomeState, Action, GnomeParams]):
    spec: ClassVar[GameSpec] = GameSpec(
        name="gnome",
        title="G.Nome",
        player_counts=(3, 4, 6),
        version="1",
        summary=(
            "Gnome geneticists in teams of two play Teamwork cards face down to decide who "
            "picks Research cards; each colour scores the square of its count."
        ),
        variants=(
            Variant(
                "session",
                "4 players: three games, a different partner each time, cumulative score",
                {"session_games": 3},
            ),
            Variant(
                "secrets-3p",
                "3 players with a Secret Research card each (house design)",
                {"secrets_3p": True},
            ),
            Variant(
                "five-colour-set",
                "the set bonus needs the five colours only, no White (house design)",
                {"set_needs_white": False},
            ),
        ),
        aliases=("g.nome", "g-nome"),
    )

    def __init__(self, params: GnomeParams | None = None) -> None:
        super().__init__(params)
        p = self.params
        self.book = ActionBook(p.teamwork, p.card_names)
        self.scorer = Scorer(p)
        self.full_hand = sum(1 << v for v in p.teamwork)
        self._rounds = p.rounds
        self._cap = p.max_actions
        self._session = p.session_games
        self._per_round = {n: p.cards_per_round(n) for n in self.spec.player_counts}
        self._research = {n: p.research_deck(n) for n in self.spec.player_counts}
        self._secrets = {n: p.secret_deck(n) for n in self.spec.player_counts}
        # cached as tuples: legal_actions hands out a fresh list, so no caller can change them
        self._play_lists: dict[int, tuple[Action, ...]] = {}
        self._take_lists: dict[int, tuple[Action, ...]] = {}
        self._teams: dict[tuple[int, int], tuple[tuple[tuple[int, int], ...], tuple[int, ...]]]
        self._teams = {}
        self._fits: set[int] = set()  # player counts already checked (params are frozen)
        self.colour_names = playtest.colour_names(self)  # M2, by card kind
        self.teamwork_names = playtest.teamwork_names(self)  # M2, by Teamwork number
        self._tally = playtest.Tally(self)  # M1: follows the state the lab asks about

    @classmethod
    def default_params(cls) -> GnomeParams:
        return GnomeParams()

    def research_deck(self, players: int) -> tuple[int, ...]:
        """C2, R4: the Research cards in play (params.research_deck, worked out once)."""
        found = self._research.get(players)
        return self.params.research_deck(players) if found is None else found

    def secret_deck(self, players: int) -> tuple[int, ...]:
        """C3, R3: the Secret cards in play (params.secret_deck, worked out once)."""
        found = self._secrets.get(players)
        return self.params.secret_deck(players) if found is None else found

    def check_player_count(self, num_players: int) -> None:
        """G12: the player count, session play (R29) and the decks (D1) must fit together."""
        if num_players in self._fits:
            return
        super().check_player_count(num_players)
        if self.params.session_games > 1 and num_players != 4:
            raise PlayerCountError(
                f"G.Nome session play (R29) is for 4 players only, not {num_players}"
            )
        self.params.check_players(num_players)
        self._fits.add(num_players)

    # -- setup ------------------------------------------------------------------------------
    def new_state(self, num_players: int, seed: int) -> GnomeState:
        self.check_player_count(num_players)
        state = GnomeState(num_players, Rng(seed))
        self._deal(state)
        self._start_round(state)
        return state

    def start_journal(self, state: GnomeState) -> Journal:
        """The log opens with the deal and the first round's Research cards (narrate.py)."""
        journal = super().start_journal(state)
        narrate.game_start(journal, self, state)
        narrate.round_start(journal, self, state)
        return journal

    def _deal(self, state: GnomeState) -> None:
        """R1-R4, D1, D2, G8: teams, Teamwork cards, Secret cards and the Research deck."""
        n = state.num_players
        rng = state.rng
        state.teams, state.partner = self._seating(n, state.game_number)
        research = list(self._research[n])
        shuffle(rng, research)
        unused = len(research) - self._rounds * self._per_round[n]
        state.aside = tuple(sorted(research[:unused])) if unused else ()
        state.deck = research[unused:] if unused else research
        secrets = list(self._secrets[n])
        if secrets:
            shuffle(rng, secrets)
            state.secret = tuple(secrets[:n])
            state.secret_aside = tuple(sorted(secrets[n:]))
        else:
            state.secret = (-1,) * n
            state.secret_aside = ()
        state.hand = [self.full_hand] * n
        state.commit = [0] * n
        state.played = [[] for _ in range(n)]
        state.individual = [[] for _ in range(n)]
        state.shared = []
        state.queue = []
        state.offer = []
        state.discard = []
        state.pending = -1
        state.round = 0

    def _seating(
        self, players: int, game_number: int
    ) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """D2, G9: the teams of a game, and every seat's partner (-1: none)."""
        key = (players, game_number)
        found = self._teams.get(key)
        if found is None:
            teams = self.params.teams(players, game_number)
            partner = [-1] * players
            for a, b in teams:
                partner[a], partner[b] = b, a
            found = self._teams[key] = (teams, tuple(partner))
        return found

    def _start_round(self, state: GnomeState) -> None:
        """R6, R7: draw the round's Research cards; every seat chooses a Teamwork card."""
        n = state.num_players
        state.round += 1
        k = self._per_round[n]
        deck = state.deck
        state.offer = deck[-k:]
        del deck[-k:]
        state.phase = P_COMMIT
        state.actor = -1
        commit = state.commit = [0] * n
        hand = state.hand
        waiting = []
        for seat in range(n):
            cards = hand[seat]
            if cards & (cards - 1):
                waiting.append(seat)
            else:  # G1: a last card is no choice, and every seat knows which it is
                commit[seat] = cards.bit_length() - 1
                hand[seat] = 0
        state.actors = tuple(waiting)
        if state.journal is not None:
            narrate.round_start(state.journal, self, state)
        if not waiting:
            self._reveal(state)

    # -- whose turn, what is legal -------------------------------------------------------------
    def to_act(self, state: GnomeState) -> tuple[int, ...]:
        return state.actors

    def simultaneous(self, state: GnomeState) -> bool:
        """D3, G7: the Teamwork cards of a round are chosen blind to one another, the last
        seat to commit included (a view shows only who has committed)."""
        return state.phase == P_COMMIT

    def legal_actions(self, state: GnomeState, player: int) -> list[Action]:
        """Every legal action, as a new list the caller may change."""
        phase = state.phase
        if phase == P_COMMIT:
            if state.commit[player]:  # committed, or a last card played at once (G1)
                return []
            cards = state.hand[player]
            found = self._play_lists.get(cards)
            if found is None:
                plays = self.book.plays
                found = tuple(a for v, a in enumerate(plays) if a is not None and cards >> v & 1)
                self._play_lists[cards] = found
            return list(found)
        if player != state.actor:
            return []
        if phase == P_PICK:
            mask = 0
            for card in state.offer:
                mask |= 1 << card
            found = self._take_lists.get(mask)
            if found is None:
                found = tuple(a for k, a in enumerate(self.book.takes) if mask >> k & 1)
                self._take_lists[mask] = found
            return list(found)
        if phase == P_PARTNER:
            shares = self.book.shares
            return [shares[seat] for seat in range(state.num_players) if seat != player]
        return []

    # -- effects --------------------------------------------------------------------------------
    def apply(self, state: GnomeState, player: int, action: Action) -> None:
        state.steps += 1
        kind = action.kind
        journal = state.journal
        if kind == K_PLAY:
            value = action.index
            state.commit[player] = value
            state.hand[player] ^= 1 << value
            if journal is not None:
                narrate.committed(journal, state, player, value)
            actors = state.actors
            if len(actors) == 1:  # D3: the last commitment reveals them all
                state.actors = ()
                self._reveal(state)
            else:
                state.actors = tuple([seat for seat in actors if seat != player])
        elif kind == K_TAKE:
            step, seat, partner = state.queue.pop()
            card = action.index
            state.offer.remove(card)
            if journal is not None:
                narrate.took(journal, self, state, step, seat, partner, card)
            if step == S_INDIVIDUAL:
                state.individual[seat].append(card)
                self._advance(state)
            elif step == S_SHARED:
                state.shared.append((card, seat, partner))
                self._advance(state)
            else:  # R36: the 3-player lowest seat now names whom to share it with
                state.pending = card
                state.phase = P_PARTNER
        else:
            if journal is not None:
                narrate.shared_with(journal, self, state, player, action.index, state.pending)
            state.shared.append((state.pending, player, action.index))
            state.pending = -1
            self._advance(state)
        if state.steps >= self._cap and state.phase != P_OVER:
            self._finish(state, CAPPED)

    def _reveal(self, state: GnomeState) -> None:
        """R8: all Teamwork cards turn over together; the order of choosing follows."""
        commit = state.commit
        for seat, cards in enumerate(state.played):
            cards.append(commit[seat])
        state.commit = [0] * state.num_players
        if len(state.teams) == 2:
            state.queue = queue_4p(commit, state.teams)
        else:
            queue = self.order_of_choosing(state)
            queue.reverse()
            state.queue = queue
        if state.journal is not None:
            narrate.revealed(state.journal, self, state)
        self._advance(state)

    def order_of_choosing(self, state: GnomeState) -> list[Step]:
        """R27, R28, R31-R33, R36-R38, D4-D6: the round's steps, first step first.

        Each step is (step kind, seat, partner). Uses the Teamwork cards just revealed.
        """
        played = state.played
        if state.num_players == 3:
            return order_for_3p([cards[-1] for cards in played])
        teams = []
        for a, b in state.teams:
            va, vb = played[a][-1], played[b][-1]
            leader, assistant = (a, b) if va > vb else (b, a)
            teams.append((va + vb, va != vb, leader, assistant))  # R9-R11
        return order_for_teams(teams)

    def _advance(self, state: GnomeState) -> None:
        """Carry out the round's steps up to the next real choice; then the next round.

        G1: a pick among cards that are all alike is no choice and is taken at once.
        """
        queue = state.queue
        offer = state.offer
        journal = state.journal
        while queue:
            if not offer:  # D4: later steps find nothing left
                queue.clear()
                if journal is not None:
                    narrate.nothing_left(journal)
                break
            step, seat, partner = queue[-1]
            if step == S_DEAL:  # R32, D5: a dealt card is random, not a pick
                queue.pop()
                card = offer.pop(state.rng.randbelow(len(offer)))
                state.shared.append((card, seat, partner))
                if journal is not None:
                    narrate.dealt(journal, self, state, seat, partner, card)
                continue
            first = offer[0]
            if offer.count(first) != len(offer):
                state.phase = P_PICK
                state.actor = seat
                state.actors = (seat,)
                return
            queue.pop()
            offer.pop()
            if journal is not None:
                narrate.took(journal, self, state, step, seat, partner, first, forced=True)
            if step == S_INDIVIDUAL:
                state.individual[seat].append(first)
            elif step == S_SHARED:
                state.shared.append((first, seat, partner))
            else:
                state.pending = first
                state.phase = P_PARTNER
                state.actor = seat
                state.actors = (seat,)
                return
        if offer:  # R28, R33, D4: cards nobody takes are discarded
            state.discard += offer
            if journal is not None:
                narrate.discarded(journal, self, offer)
        state.offer = []
        if state.round >= self._rounds:  # D1, R18
            self._finish(state, ALL_DRAWN)
        else:
            self._start_round(state)

    def _finish(self, state: GnomeState, reason: str) -> None:
        """End of one game: score it; a session goes on with new partners (R29, G9)."""
        journal = state.journal
        if journal is not None and reason == CAPPED:
            narrate.capped(journal, self)
        if self._session > 1:
            record = sheet.record_of(self, state)
            state.history = (*state.history, record)
            if reason != CAPPED and state.game_number + 1 < self._session:
                if journal is not None:
                    narrate.game_over(journal, self, state, record)
                    narrate.session_game_over(journal, self, state, reason, last=False)
                state.game_number += 1
                self._deal(state)
                if journal is not None:
                    narrate.game_start(journal, self, state)
                self._start_round(state)
                return
        state.phase = P_OVER
        state.actor = -1
        state.actors = ()
        state.end_reason = reason if reason == CAPPED or self._session <= 1 else SESSION_OVER
        if journal is not None:
            self._narrate_end(journal, state, reason)

    def _narrate_end(self, journal: Journal, state: GnomeState, reason: str) -> None:
        """The last game's reveal and results; the match's verdict (R15, R25, D8, D9)."""
        outcome = self.outcome(state)
        assert outcome is not None
        if state.history:
            narrate.game_over(journal, self, state, state.history[-1])
            narrate.session_game_over(journal, self, state, reason, last=True)
            heading = "Session over"
        else:
            narrate.game_over(journal, self, state, sheet.record_of(self, state))
            heading = "Game over"
        why = outcome.reason.removeprefix(f"{SESSION_OVER}; ")
        narrate.match_over(journal, state, why, outcome.winners, heading)

    # -- scoring --------------------------------------------------------------------------------
    def scores(self, state: GnomeState) -> tuple[int, ...]:
        """R19-R24, D7: every seat's research result from its whole collection."""
        score = self.scorer.score
        return tuple(score(state.collection(seat)) for seat in range(state.num_players))

    def teamwork_left(self, state: GnomeState, seat: int) -> list[int]:
        """Teamwork cards the seat has not revealed (a face-down card included)."""
        cards = state.hand[seat]
        if state.commit[seat]:
            cards |= 1 << state.commit[seat]
        return [v for v in range(cards.bit_length()) if cards >> v & 1]

    def game_result(self, state: GnomeState) -> GameResult:
        """(scores, highest Teamwork card left, sum of Teamwork cards left), by seat."""
        lefts = [self.teamwork_left(state, seat) for seat in range(state.num_players)]
        return (
            self.scores(state),
            tuple(max(left, default=0) for left in lefts),
            tuple(sum(left) for left in lefts),
        )

    def outcome(self, state: GnomeState) -> Outcome | None:
        if state.phase != P_OVER:
            return None
        capped = state.end_reason == CAPPED
        if self._session > 1:
            n = state.num_players
            totals = tuple(sum(game[0][seat] for game in state.history) for seat in range(n))
            left = tuple(sum(game[2][seat] for game in state.history) for seat in range(n))
            winners, how = break_ties(totals, left, "the sum of Teamwork cards left (D9)")
            scores = totals
        else:
            scores, top_left, _ = self.game_result(state)
            winners, how = break_ties(scores, top_left, "the highest Teamwork card left (R25)")
        return Outcome(
            scores=tuple(float(s) for s in scores),
            winners=winners,
            reason=f"{state.end_reason}; {how}",
            capped=capped,
        )

    # -- what the playtest lab measures (RULES.md M1-M3, playtest.py) --------------------------
    def standings(self, state: GnomeState) -> tuple[float, ...]:
        """M1; called after every action of a lab match, hence the tally's fast path here."""
        tally = self._tally
        key = (state.game_number, len(state.deck), len(state.offer), state.pending)  # key_of
        if key == tally.key and tally.state is state:
            return tally.result
        return tally.update(self, state, key)

    def component_uses(
        self, state: GnomeState, player: int, action: Action
    ) -> tuple[tuple[int, str], ...]:
        return playtest.component_uses(self, state, player, action)

    def rounds_played(self, state: GnomeState) -> int:
        return playtest.rounds_played(self, state)

    # -- views, notation, checks ------------------------------------------------------------------
    def view(self, state: GnomeState, player: int | None) -> View:
        return views.view(self, state, player)

    def determinize(self, view: View, player: int, rng: Rng) -> GnomeState:
        return views.determinize(self, view, player, rng)

    def redraw_unseen(
        self, state: GnomeState, view: View, player: int, rng: Rng
    ) -> GnomeState | None:
        return views.redraw_unseen(self, state, view, player, rng)

    def parse_action(self, text: str) -> Action:
        return self.book.parse(text)

    def public_action(self, state: GnomeState, player: int, action: Action) -> str:
        if action.kind == K_PLAY:
            return "play (face down)"  # D3: only the commitment itself is public
        return str(action)

    def reveals(self, state: GnomeState, player: int, action: Action) -> str | None:
        """The rules of RULES.md "Reveals": R8 (the last commitment turns every Teamwork card
        over), G4 (a random deal), G9 (a session's next game is dealt), R15 (the end shows the
        Secret cards), R6 (the next round's Research cards are drawn)."""
        if action.kind == K_PLAY:
            return "R8" if state.actors == (player,) else None
        after = state.clone()
        self.apply(after, player, action)
        if after.game_number != state.game_number:
            return "G9"
        if after.rng.clone().next_u64() != state.rng.clone().next_u64():
            return "G4"  # the generator was drawn from: a card was dealt at random
        if after.phase == P_OVER:
            others = [card for seat, card in enumerate(state.secret) if seat != player]
            return "R15" if any(card >= 0 for card in others) else None
        return "R6" if after.round != state.round else None

    def components(self, state: GnomeState) -> list[str]:
        names = self.params.card_names
        research = [*state.deck, *state.aside, *state.offer, *state.discard]
        for cards in state.individual:
            research += cards
        research += [card for card, _, _ in state.shared]
        if state.pending >= 0:
            research.append(state.pending)
        secrets = [card for card in state.secret if card >= 0] + list(state.secret_aside)
        teamwork = []
        for seat in range(state.num_players):
            cards = [*self.teamwork_left(state, seat), *state.played[seat]]
            teamwork += [f"teamwork {v} of seat {seat}" for v in cards]
        return (
            sorted(f"research {names[c]}" for c in research)
            + sorted(f"secret {names[c]}" for c in secrets)
            + sorted(teamwork)
        )

    def hidden(self, state: GnomeState, player: int) -> Hashable:
        return views.hidden(state, player)

    def explain_illegal(self, state: GnomeState, player: int, action: Action) -> str:
        return explain(self, state, player, action)


def queue_4p(cards: list[int], teams: tuple[tuple[int, int], ...]) -> list[Step]:
    """R27, R28, D4 for two teams, as a queue (next step last): the hot path's shortcut for
    what :func:`order_for_teams` works out in general."""
    (a, b), (c, d) = teams
    va, vb, vc, vd = cards[a], cards[b], cards[c], cards[d]
    first, second = va + vb, vc + vd
    if first == second:
        return []
    if first < second:
        a, b, va, vb, c, d, vc, vd = c, d, vc, vd, a, b, va, vb
    queue: list[Step] = []
    if va != vb:  # the highest team formed: its Assistant picks 3rd, its Leader 1st
        queue.append((S_INDIVIDUAL, b if va > vb else a, -1))
    if vc != vd:
        low_leader, low_assistant = (c, d) if vc > vd else (d, c)
        queue.append((S_SHARED, low_assistant, low_leader))
    if va != vb:
        queue.append((S_INDIVIDUAL, a if va > vb else b, -1))
    return queue


def order_for_3p(values: list[int]) -> list[Step]:
    """R36-R38, D6: the order of choosing for the 3-player variant."""
    distinct = len(set(values))
    if distinct == 1:  # R38: a huge fight; the cards are discarded
        return []
    if distinct == 2:  # R37, D6: the two who tied get nothing; the third picks one card
        lone = next(seat for seat, v in enumerate(values) if values.count(v) == 1)
        return [(S_INDIVIDUAL, lone, -1)]
    high = values.index(max(values))
    low = values.index(min(values))
    return [(S_INDIVIDUAL, high, -1), (S_CHOOSE_PARTNER, low, -1)]


def order_for_teams(teams: list[tuple[int, bool, int, int]]) -> list[Step]:
    """R27, R28, R31-R33, D4, D5: the order of choosing for 4 and 6 players.

    ``teams`` holds (Team Total, formed, Leader, Assistant) per team. A team that did not form
    keeps its place in the ranking, but its picks are forfeited (D4); for such a team
    "Leader" and "Assistant" are just its two seats.
    """
    totals = [team[0] for team in teams]
    if len(set(totals)) == 1:  # R28, R33: equal Team Totals, nobody gets anything
        return []
    steps: list[Step] = []
    if len(teams) == 3 and len(set(totals)) == 2:  # R32, D5: two teams tie
        lone = next(team for team in teams if totals.count(team[0]) == 1)
        _, formed, leader, assistant = lone
        if formed:
            steps += [(S_INDIVIDUAL, leader, -1), (S_INDIVIDUAL, assistant, -1)]
        for total, formed, leader, assistant in teams:
            if formed and total != lone[0]:
                steps.append((S_DEAL, leader, assistant))
        return steps
    ranked = sorted(teams, key=lambda team: -team[0])
    high, low = ranked[0], ranked[-1]
    if high[1]:
        steps.append((S_INDIVIDUAL, high[2], -1))
    if low[1]:
        steps.append((S_SHARED, low[3], low[2]))
    if high[1]:
        steps.append((S_INDIVIDUAL, high[3], -1))
    if len(ranked) == 3 and ranked[1][1]:  # R31, G3: the middle team's Leader takes it
        middle = ranked[1]
        steps.append((S_SHARED, middle[2], middle[3]))
    return steps


def break_ties(
    scores: tuple[int, ...], tie_break: tuple[int, ...], what: str
) -> tuple[tuple[int, ...], str]:
    """R25, D8, D9: the best score wins; a tie goes to the best ``tie_break``; else no one."""
    best = max(scores)
    top = [seat for seat, score in enumerate(scores) if score == best]
    if len(top) == 1:
        return (top[0],), f"seat {top[0]} has the highest result"
    second = max(tie_break[seat] for seat in top)
    still = [seat for seat in top if tie_break[seat] == second]
    tied = ", ".join(map(str, top))
    if len(still) == 1:
        return (still[0],), f"seats {tied} tie; seat {still[0]} wins on {what}"
    return (), f"seats {tied} tie, also on {what}: a fight breaks out and no one wins"
