"""Sportsmanship and painting ballots, and the awards they make: Best Sport, Best Painted and
Best Overall.

The sportsmanship scheme is the one Dojo GT publishes (the numbers; the words are ours):

- everyone starts at :data:`START` (20) points;
- after each game, the opponent's ballot ticks a checklist of :data:`CHECKLIST` items, one point
  each (up to 4 a game); a ballot that reports a **bad game** ticks nothing;
- at the end, each player ranks up to three opponents as favourites: 4, 2 and 1 points;
- bad-game reports a player receives cost 5 for the first, 10 more for the second, and the third
  takes everything (their sportsmanship is 0).

Ballots are secret: they are kept apart from the tournament (never on the page, in an export or
shown to the opponent); the organisers see totals and every bad-game report with its reason. A
ballot is sent once per player and round; a second one is refused, as is any after the event
finished.

Painting: the organisers name judges and a rubric (a few criteria, each scored 0 to its maximum);
a player's painting score is the average over the judges who scored them of each judge's sum.
Or the players vote, each for one army not their own, once; a player's painting is then their
votes. Judges' scores, once there are any, are what counts.

Best Overall weighs battle, painting and sportsmanship (:class:`Weights`): each is taken as a
share of the best score of the event in it (0 to 1), the shares are weighted and the sum is
given out of 100.

>>> checklist_points([0, 1, 3]), favourite_points(1), bad_game_cost(20, 2)
(3, 2, 15)
"""

from __future__ import annotations

import csv
import io

from pydantic import BaseModel, ConfigDict, Field

from rules.i18n import N_, _
from rules.tournament.model import Tournament, TournamentError
from rules.tournament.standings import standings

START = 20
CHECKLIST = (
    N_("Was on time, with everything needed to play"),
    N_("Explained their army and its rules when asked"),
    N_("Kept a good pace: the game reached its end"),
    N_("Was good company, winning or losing"),
)
"""What a sportsmanship ballot asks about the opponent, a point an item (English; the form shows
each in the voter's language)."""
FAVOURITE_POINTS = (4, 2, 1)
"""A favourite-opponent vote: first, second and third choice."""
BAD_GAME_COSTS = (5, 10)
"""The first and second bad-game reports' cost; the third takes everything."""
MAX_REASON = 300
MAX_CRITERIA = 5
"""Rubric criteria (a form holds five questions)."""
MAX_CRITERION_POINTS = 9
"""A criterion is scored 0 to at most this (one choice a number, ten at most)."""
MAX_JUDGES = 10


class BallotError(TournamentError):
    """A ballot refused: sent twice, too late, or not the sender's game."""


def checklist_points(ticks: list[int]) -> int:
    """Points of a checklist: one per distinct item ticked."""
    return len({t for t in ticks if 0 <= t < len(CHECKLIST)})


def favourite_points(place: int) -> int:
    """Points of a favourite-opponent vote at ``place`` (0: first choice)."""
    return FAVOURITE_POINTS[place] if 0 <= place < len(FAVOURITE_POINTS) else 0


def bad_game_cost(score: int, reports: int) -> int:
    """What ``reports`` bad-game reports take from a sportsmanship score of ``score``.

    >>> [bad_game_cost(30, n) for n in range(4)]
    [0, 5, 15, 30]
    """
    if reports >= len(BAD_GAME_COSTS) + 1:
        return score
    return min(score, sum(BAD_GAME_COSTS[:reports]))


class SportBallot(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    round: int = Field(ge=1)
    voter: str
    opponent: str
    ticks: list[int] = Field(default_factory=list)
    bad_game: str | None = Field(default=None, max_length=MAX_REASON)
    """The reason, when the ballot reports a bad game."""


class FavouriteVote(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    voter: str
    picks: list[str] = Field(default_factory=list, max_length=len(FAVOURITE_POINTS))


class Criterion(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40)
    top: int = Field(ge=1, le=MAX_CRITERION_POINTS)


class PaintScore(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    judge: int
    player: str
    scores: list[int]


class PaintVote(BaseModel):
    """A player's vote for the best painted army (when the event has no painting judges)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    voter: str
    player: str


class Weights(BaseModel):
    """Best Overall's weights (any non-negative numbers; they need not add up to anything)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    battle: int = Field(default=60, ge=0, le=100)
    paint: int = Field(default=20, ge=0, le=100)
    sport: int = Field(default=20, ge=0, le=100)


class BallotBook(BaseModel):
    """Every ballot of one event, kept beside (never inside) the tournament."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    sport: list[SportBallot] = Field(default_factory=list)
    favourites: list[FavouriteVote] = Field(default_factory=list)
    judges: list[int] = Field(default_factory=list)
    rubric: list[Criterion] = Field(default_factory=list)
    paint: list[PaintScore] = Field(default_factory=list)
    paint_votes: list[PaintVote] = Field(default_factory=list)
    weights: Weights = Field(default_factory=Weights)
    published: bool = False
    """The organisers published the awards: the page and the exports show them."""


# --- sending ------------------------------------------------------------------------------------


def _open(t: Tournament) -> None:
    if t.finished:
        raise BallotError(
            _("{name} has finished: its ballots are closed, and this one was not counted.", name=t.name)
        )


def ballot_due(t: Tournament, book: BallotBook, voter: str) -> tuple[int, str] | None:
    """The latest round (and opponent) whose game of ``voter`` has its result and no ballot from
    them yet; None when there is none."""
    sent = {b.round for b in book.sport if b.voter == voter}
    for rnd in reversed(t.rounds):
        game = rnd.game_of(voter)
        if game is None or game.b is None or game.result is None:
            continue
        if rnd.number not in sent:
            return rnd.number, game.b if game.a == voter else game.a
    return None


def cast_ballot(
    t: Tournament, book: BallotBook, voter: str, round_number: int, ticks: list[int], bad_game: str | None
) -> BallotBook:
    """``voter``'s ballot on their opponent of ``round_number``: refused after the event, for a
    game without its result, or when they sent one for that round already (it counts once)."""
    _open(t)
    if any(b.voter == voter and b.round == round_number for b in book.sport):
        raise BallotError(
            _(
                "You already sent your ballot for round {round}: it counts once, as first sent.",
                round=round_number,
            )
        )
    rnd = next((r for r in t.rounds if r.number == round_number), None)
    game = rnd.game_of(voter) if rnd is not None else None
    if game is None or game.b is None:
        raise BallotError(
            _("You played no game in round {round} of {name}.", round=round_number, name=t.name)
        )
    if game.result is None:
        raise BallotError(
            _(
                "Your round {round} game has no confirmed result yet: send the ballot after.",
                round=round_number,
            )
        )
    reason = (bad_game or "").strip()[:MAX_REASON] or None
    opponent = game.b if game.a == voter else game.a
    ballot = SportBallot(
        round=round_number,
        voter=voter,
        opponent=opponent,
        ticks=[] if reason else sorted({x for x in ticks if 0 <= x < len(CHECKLIST)}),
        bad_game=reason,
    )
    return book.model_copy(update={"sport": [*book.sport, ballot]})


def favourites_open(t: Tournament) -> bool:
    """The favourite-opponent vote opens once the last planned round is complete."""
    return bool(t.rounds) and t.round_count == len(t.rounds) and t.rounds[-1].complete


def cast_favourites(t: Tournament, book: BallotBook, voter: str, picks: list[str]) -> BallotBook:
    """``voter`` ranks up to three of their opponents, first choice first."""
    _open(t)
    if not favourites_open(t):
        raise BallotError(_("The favourite-opponent vote opens when the last round's games are all done."))
    if any(v.voter == voter for v in book.favourites):
        raise BallotError(_("You already voted for your favourite opponents: it counts once, as first sent."))
    picks = [p for p in picks if p]
    if len(set(picks)) != len(picks):
        raise BallotError(_("Pick each opponent once: your first, second and third choices must differ."))
    met = set(t.opponents_of(voter))
    if not picks or any(p not in met for p in picks):
        raise BallotError(_("Pick your favourites among the opponents you played."))
    vote = FavouriteVote(voter=voter, picks=picks[: len(FAVOURITE_POINTS)])
    return book.model_copy(update={"favourites": [*book.favourites, vote]})


def set_rubric(book: BallotBook, criteria: list[tuple[str, int]]) -> BallotBook:
    if not 1 <= len(criteria) <= MAX_CRITERIA:
        raise BallotError(_("A painting rubric has 1 to {most} criteria.", most=MAX_CRITERIA))
    if book.paint:
        raise BallotError(_("Armies have been scored on the current rubric: it can no longer change."))
    made = []
    for name, top in criteria:
        if not name.strip() or not 1 <= top <= MAX_CRITERION_POINTS:
            raise BallotError(
                _(
                    "Each criterion is a name and its top score, 1 to {most}: `Basing:5`.",
                    most=MAX_CRITERION_POINTS,
                )
            )
        made.append(Criterion(name=name.strip()[:40], top=top))
    return book.model_copy(update={"rubric": made})


def add_judge(book: BallotBook, judge: int) -> BallotBook:
    if judge in book.judges:
        raise BallotError(_("They judge the painting already."))
    if len(book.judges) >= MAX_JUDGES:
        raise BallotError(_("An event has at most {most} painting judges.", most=MAX_JUDGES))
    return book.model_copy(update={"judges": [*book.judges, judge]})


def score_paint(t: Tournament, book: BallotBook, judge: int, player: str, scores: list[int]) -> BallotBook:
    """A judge's scores of one army on the rubric; a judge scoring the same army again replaces
    their own scores (judges correct themselves)."""
    _open(t)
    if judge not in book.judges:
        raise BallotError(_("Only the painting judges the organisers named score armies."))
    if not book.rubric:
        raise BallotError(_("There is no painting rubric yet: the organisers set one first."))
    if len(scores) != len(book.rubric) or any(
        not 0 <= s <= c.top for s, c in zip(scores, book.rubric, strict=False)
    ):
        raise BallotError(_("Score every criterion of the rubric, each from 0 to its top score."))
    t.player(player)
    kept = [p for p in book.paint if not (p.judge == judge and p.player == player)]
    return book.model_copy(update={"paint": [*kept, PaintScore(judge=judge, player=player, scores=scores)]})


def cast_paint_vote(t: Tournament, book: BallotBook, voter: str, player: str) -> BallotBook:
    """``voter``'s vote for the best painted army: another player's, once."""
    _open(t)
    if voter == player:
        raise BallotError(_("Vote for someone else's army: your own does not count."))
    t.player(player)
    if any(v.voter == voter for v in book.paint_votes):
        raise BallotError(_("You already voted for the best painted army: it counts once, as first sent."))
    return book.model_copy(update={"paint_votes": [*book.paint_votes, PaintVote(voter=voter, player=player)]})


# --- adding up ----------------------------------------------------------------------------------


class SportScore(BaseModel):
    model_config = ConfigDict(frozen=True)

    checklist: int = 0
    favourite: int = 0
    bad_games: int = 0
    reasons: list[str] = Field(default_factory=list)
    """Each bad-game report as ``round 3: why`` (English; :attr:`reports` for the edge to word)."""
    reports: list[tuple[int, str]] = Field(default_factory=list)
    """Each bad-game report: its round and the reason its sender wrote."""

    @property
    def total(self) -> int:
        before = START + self.checklist + self.favourite
        return before - bad_game_cost(before, self.bad_games)


def sport_scores(t: Tournament, book: BallotBook) -> dict[str, SportScore]:
    """Every player's sportsmanship, from the ballots about them."""
    found = {
        p.id: {"checklist": 0, "favourite": 0, "bad_games": 0, "reasons": [], "reports": []}
        for p in t.players
    }
    for ballot in book.sport:
        mine = found.get(ballot.opponent)
        if mine is None:
            continue
        if ballot.bad_game:
            mine["bad_games"] += 1
            mine["reasons"].append(f"round {ballot.round}: {ballot.bad_game}")
            mine["reports"].append((ballot.round, ballot.bad_game))
        else:
            mine["checklist"] += checklist_points(ballot.ticks)
    for vote in book.favourites:
        for place, pick in enumerate(vote.picks):
            if pick in found:
                found[pick]["favourite"] += favourite_points(place)
    return {pid: SportScore(**fields) for pid, fields in found.items()}


def judged(book: BallotBook) -> bool:
    """Whether painting is the judges' (any army scored) rather than the players' votes."""
    return bool(book.paint)


def paint_scores(book: BallotBook) -> dict[str, float]:
    """Each scored army's painting: the average of its judges' sums; with no judge's score yet,
    the players' votes for it."""
    if not judged(book):
        votes: dict[str, float] = {}
        for vote in book.paint_votes:
            votes[vote.player] = votes.get(vote.player, 0.0) + 1
        return votes
    sums: dict[str, list[int]] = {}
    for score in book.paint:
        sums.setdefault(score.player, []).append(sum(score.scores))
    return {player: sum(v) / len(v) for player, v in sums.items()}


class Award(BaseModel):
    model_config = ConfigDict(frozen=True)

    title: str
    """``Best Sport``, ``Best Painted`` or ``Best Overall`` (English, as the page and the CSV keep it;
    marked, so that a post shows it in its reader's language)."""
    names: list[str]
    """The winner, or everyone tied for it."""
    score: str
    """The winning score in English: ``24 sportsmanship points``."""
    value: float | None = None
    """The winning score as a number (None in awards published before it was kept)."""
    unit: str = ""
    """What ``value`` counts: one of :data:`AWARD_UNITS`."""


AWARD_UNITS = ("sport", "paint", "votes", "overall")
"""Sportsmanship points, painting points (judges' average), painting votes, Best Overall of 100."""


def _best(title: str, scores: dict[str, float], t: Tournament, shown: str, unit: str) -> Award | None:
    if not scores:
        return None
    top = max(scores.values())
    names = [p.name for p in t.players if p.id in scores and scores[p.id] == top]  # in join order
    return Award(title=title, names=names, score=shown.format(top), value=top, unit=unit)


def overall_scores(t: Tournament, book: BallotBook) -> dict[str, float]:
    """Best Overall's score of each player, out of 100 (see the module docstring)."""
    battle = {s.player_id: float(s.tp) for s in standings(t)}
    paint = paint_scores(book)
    sport = {pid: float(s.total) for pid, s in sport_scores(t, book).items()}
    w = book.weights
    parts = [(battle, w.battle), (paint, w.paint), (sport, w.sport)]
    weight = sum(x for _, x in parts) or 1

    def share(scores: dict[str, float], pid: str) -> float:
        top = max(scores.values(), default=0.0)
        return scores.get(pid, 0.0) / top if top > 0 else 0.0

    return {p.id: round(100 * sum(share(s, p.id) * x for s, x in parts) / weight, 1) for p in t.players}


def awards_csv(found: list[Award]) -> str:
    """The published awards as CSV: ``award,winners,score`` (tied winners joined by ``; ``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["award", "winners", "score"])
    for award in found:
        writer.writerow([award.title, "; ".join(award.names), award.score])
    return out.getvalue()


def awards(t: Tournament, book: BallotBook) -> list[Award]:
    """Best Sport, Best Painted (when armies were scored) and Best Overall."""
    sport = {pid: float(s.total) for pid, s in sport_scores(t, book).items()}
    found = [
        _best(N_("Best Sport"), sport, t, "{:.0f} sportsmanship points", "sport"),
        _best(
            N_("Best Painted"),
            paint_scores(book),
            t,
            "{:.1f} painting points" if judged(book) else "{:.0f} votes",
            "paint" if judged(book) else "votes",
        ),
        _best(N_("Best Overall"), overall_scores(t, book), t, "{:.1f} of 100", "overall"),
    ]
    return [a for a in found if a is not None]
