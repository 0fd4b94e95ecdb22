"""Small statistics for simulation reports: rates and means with 95% intervals.

Everything here is streaming: a run of any length is summarised in constant memory, one
match at a time. Fed in the same order, the figures are the same to the last bit.
"""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Mapping

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion; sound even near 0% and 100%."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


class RunningMean:
    """Mean and sample variance of a stream (Welford's method: no catastrophic cancellation)."""

    __slots__ = ("_squares", "count", "mean")

    def __init__(self) -> None:
        self.count = 0
        self.mean = 0.0
        self._squares = 0.0  # sum of squared deviations from the running mean

    def add(self, value: float) -> None:
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self._squares += delta * (value - self.mean)

    def interval(self, z: float = Z95) -> tuple[float, float, float]:
        """(mean, low, high): the mean with a normal-approximation 95% interval."""
        n = self.count
        if n == 0:
            return (math.nan, math.nan, math.nan)
        if n == 1:
            return (self.mean, self.mean, self.mean)
        half = z * math.sqrt(self._squares / (n - 1) / n)
        return (self.mean, self.mean - half, self.mean + half)


def median_of_counts(counts: Mapping[int, int]) -> float:
    """The median of values given as value -> how many times it occurred."""
    total = sum(counts.values())
    if total == 0:
        return math.nan
    values = sorted(counts)
    ends = list(itertools.accumulate(counts[value] for value in values))  # how many <= each

    def ranked(rank: int) -> int:  # the value at this 0-based rank in sorted order
        return values[bisect.bisect_right(ends, rank)]

    if total % 2:
        return ranked(total // 2)
    return (ranked(total // 2 - 1) + ranked(total // 2)) / 2
