"""The summary in words that opens the terminal report and the HTML report.

Each line reads a figure from the summary (:func:`measures.summarise`) and says what a
designer would want to know first; numbers carry their 95% interval or their p-value.
"""

from __future__ import annotations

from typing import Any

from gamenight.sim.playtest.describe import format_p, percent, with_interval

ALPHA = 0.05


def summary_lines(summary: dict[str, Any]) -> list[str]:
    """A handful of sentences per configuration, then the comparisons and the power."""
    lines: list[str] = []
    spec = summary["spec"]
    if summary["interrupted"]:
        lines.append(
            f"Interrupted: the figures cover the {summary['matches']:,} matches that finished "
            f"of {summary['planned']:,} planned."
        )
    if summary["error"]:
        lines.append(f"Stopped by a bot's error after {summary['matches']:,} matches: "
                     f"{summary['error']}")
    several = len(summary["configs"]) > 1
    for config in summary["configs"]:
        prefix = f"In `{config['label']}`: " if several else ""
        lines.extend(prefix + line for line in _config_lines(config, spec["players"]))
    significant = [c for c in summary["comparisons"] if c["significant"]]
    if several:
        if significant:
            lines.extend(c["sentence"] for c in significant)
        else:
            lines.append(
                f"No measure differs significantly between `{summary['configs'][0]['label']}` "
                "and the other configurations (Holm-corrected, 5% level)."
            )
    lines.append(summary["power"]["sentence"])
    return lines


def _config_lines(config: dict[str, Any], players: int) -> list[str]:
    lines = []
    games = config["games"]
    if not games:
        return ["no match finished."]
    fair = 1 / players
    seats = ", ".join(
        f"seat {s['seat']} {with_interval(s['win_rate'], True)}" for s in config["seats"]
    )
    test = config["seats_equal"]
    verdict = (
        "no seat stands out" if test is None or test["p_value"] >= ALPHA
        else "the seats are not equal"
    )
    p = f" ({format_p(test['p_value'])})" if test else ""
    lines.append(
        f"over {games:,} games, win rates {seats} against a fair {percent(fair)}: {verdict}{p}."
    )
    outcomes = config["outcomes"]
    lines.append(
        f"{percent(outcomes['completion']['value'])} of games reached the rules' own end; "
        f"{percent(outcomes['no_winner']['value'])} had no winner, "
        f"{percent(outcomes['shared_win']['value'])} a shared win."
    )
    actions = config["length"].get("actions")
    if actions:
        lines.append(
            f"a game takes a median {actions['median']:.0f} actions "
            f"(10% of games under {actions['p10']:.0f}, 10% over {actions['p90']:.0f})."
        )
    measures = config["measures"]
    if "choice_share" in measures:
        lines.append(
            f"{percent(measures['choice_share']['value'])} of decision points offer a choice; "
            f"{measures['branching']['value']:.1f} legal actions on average."
        )
    if "decisiveness" in measures:
        lines.append(
            f"the lead changes {measures['lead_changes']['value']:.1f} times a game; the "
            f"eventual winner is alone in front for the last "
            f"{percent(measures['decisiveness']['value'])} of the game."
        )
    lines.extend(_ladder_lines(config["ladder"]))
    lines.extend(_component_lines(config["components"]))
    return lines


def marked(bot: str, omniscient: bool) -> str:
    """A bot's name, marked when it reads the true state (never taken for a fair bot)."""
    return f"{bot} (omniscient)" if omniscient else bot


def omniscient_note(summary: dict[str, Any]) -> str | None:
    """What "omniscient" means, when a bot of the run is one (as ``simulate`` says it)."""
    seers = summary.get("omniscient") or []
    if not seers:
        return None
    return (
        f"{', '.join(seers)} read{'s' if len(seers) == 1 else ''} the true state (every hand, "
        "the deck order): a ceiling of what knowing everything is worth, not a fair opponent."
    )


def _ladder_lines(ladder: list[dict[str, Any]]) -> list[str]:
    lines = []
    for rung in ladder:
        above = rung["above_fair"]
        verdict = ""
        if above is not None:
            verdict = (
                f" ({'better play pays' if above['value'] > 0 else 'no better'}, "
                f"{format_p(rung['p_adjusted'])})"
                if rung["p_adjusted"] < ALPHA
                else f" (not distinguishable from a fair share, {format_p(rung['p_adjusted'])})"
            )
        higher = marked(rung["higher"], rung.get("higher_omniscient", False))
        lower = marked(rung["lower"], rung.get("lower_omniscient", False))
        lines.append(
            f"skill: {higher} wins {with_interval(rung['win_rate'], True)} against "
            f"{lower}, fair share {percent(rung['fair_share'])}{verdict}."
        )
    return lines


def _component_lines(components: list[dict[str, Any]]) -> list[str]:
    ranked = [c for c in components if c["difference"] is not None]
    if not ranked:
        return []
    ranked.sort(key=lambda c: c["difference"]["value"], reverse=True)
    best, worst = ranked[0], ranked[-1]
    return [
        f"component most linked with winning: {best['name']} (users win "
        f"{percent(best['win_rate_users']['value'])}, others "
        f"{percent(best['win_rate_others']['value'])}); least: {worst['name']} "
        f"({percent(worst['win_rate_users']['value'])} against "
        f"{percent(worst['win_rate_others']['value'])})."
    ]
