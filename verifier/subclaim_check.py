"""One sub-claim of a sentence checked: its member scope, its period, the plan for its metric words
(metric_target.py), the facts and the formula that ground each figure (ground.py, members.py,
authority.py), the arithmetic (subclaims.py) and Z3 (decide.py). A figure Violated is looked at once
more before it stands: in the unit the filing states its amounts in, as the filing's basic EPS, as a
member's or a part's amount (`_doubt`), as a loss stated either way (`_either_sign`).

    check = SubClaimCheck(reads, MetricTargets(reads), timeout_ms)
    verdict = check.verify_sub(filing, lex, reading, subclaim)

Tie-outs (tie_check.py) check each candidate fact with `verify_sub` too, so they decide by the same rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from auditgraph.verifier import subclaims
from auditgraph.verifier.authority import Established, NotEstablished, establish
from auditgraph.verifier.decide import combine, decide, fmt_range
from auditgraph.verifier.figure_words import PART_AFTER
from auditgraph.verifier.filing_reads import FilingReader
from auditgraph.verifier.ground import FilingInfo, Grounder, PeriodProblem, PeriodRow, bounds, earlier, resolve_period
from auditgraph.verifier.lexicon import Lexicon
from auditgraph.verifier.members import Ambiguous, MemberGrounder, establish_member, member_scope, with_companions
from auditgraph.verifier.metric_names import sign_named_by
from auditgraph.verifier.metric_target import MetricTargets
from auditgraph.verifier.numbers import Interval, Kind, named_currency, to_last_digit
from auditgraph.verifier.scope import SUBJECT_AXES
from auditgraph.verifier.sentence import Reading
from auditgraph.verifier.sentence_state import SubClaim
from auditgraph.verifier.tie_out import bare_in_unit
from auditgraph.verifier.types import AbstainReason, ClaimValue, Decision, PeriodSpec, Plan, Unit, Verdict

# per-share earnings words that say neither basic nor diluted ("EPS", "earnings per share", "net loss per share")
_UNQUALIFIED_EPS = re.compile(
    r"^(?!.*\b(?:basic|diluted)\b)(?=.*\b(?:earnings|income|loss|eps)\b).*(?:\bper\b.*\bshare\b|\beps\b)", re.I
)


@dataclass
class SubClaimCheck:
    """The checks of a sentence's sub-claims against the filings `reads` reads."""

    reads: FilingReader
    targets: MetricTargets
    timeout_ms: int

    def in_unit(self, filing: FilingInfo, lex: Lexicon, reading: Reading, sc: SubClaim, verdict: Verdict) -> Verdict:
        """A bare amount Violated as written, or doubted as too far from its fact (`_doubt`: "Depreciation
        expense of $58.8" in a filing presented in millions), read again in the unit the filing states its
        amounts in (ground.statement_unit): that reading when the facts agree with it or it lies nearer
        them, noted; else the verdict as written."""
        n = sc.number
        refuted = verdict.decision is Decision.VIOLATED or verdict.extra.get("doubted")
        if not refuted or reading.scale != 1 or n is None or sc.kind != "level":
            return verdict
        unit = self.reads.statement_unit(filing.id)
        scaled = bare_in_unit(n, unit) if unit else None
        if scaled is None or verdict.expected_lower is None or verdict.expected_upper is None:
            return verdict
        # read to its last written digit: "$32,000" in a filing in thousands is no 32,115 thousand
        again = self.verify_sub(filing, lex, reading, replace(sc, number=to_last_digit(scaled)))
        middle = (verdict.expected_lower + verdict.expected_upper) / 2
        nearer = abs(abs(scaled.value) - abs(middle)) < abs(abs(n.value) - abs(middle))
        if again.decision is Decision.VERIFIED or (again.decision is Decision.VIOLATED and nearer):
            written = "millions" if unit == 10**6 else "billions" if unit == 10**9 else "thousands"
            how = f"read in {written}, the unit the filing states its amounts in (the sentence writes no scale)"
            return replace(again, reason=f"{again.reason}; {how}", extra={**again.extra, "unit": written})
        return verdict

    def verify_sub(
        self, filing: FilingInfo, lex: Lexicon, reading: Reading, sc: SubClaim, period: PeriodSpec | None = None
    ) -> Verdict:
        """One sub-claim checked; `period`: its period when already placed (a tie-out's event day)."""
        claim_text = sc.number.text if sc.number else (f"{sc.hedge + ' ' if sc.hedge else ''}{sc.relation}")
        base = Verdict(Decision.ABSTAIN, claim_text, sc.text, filing.id, "", extra={"kind": sc.kind, "span": sc.text})

        def abstain(reason: AbstainReason, message: str, **kw: Any) -> Verdict:
            return replace(base, abstain_reason=reason, reason=message, **kw)

        members: tuple[str, ...] = ()
        scope_words = ""
        if sc.scope:
            # never the consolidated fact for a part of the company: that member's fact or nothing
            # (docs/verifier.md, "Dimensions")
            scope = member_scope(sc.scope_mentions)
            if isinstance(scope, Ambiguous):
                return abstain(AbstainReason.AMBIGUOUS_METRIC, f"the figure is about a part of the company, but {scope.message}")
            if scope is None and sc.scope_member:
                return abstain(
                    AbstainReason.OPERAND_UNGROUNDED,
                    f"the clause names {sc.scope!r} ({sc.scope_member}), a part of the company, apart from this "
                    "figure's metric and number: the figure may be that member's or the company's, so neither "
                    "fact decides it",
                )
            if scope is None:
                return abstain(
                    AbstainReason.OPERAND_UNGROUNDED,
                    f"the figure is about {sc.scope!r}, a part of the company that no member label of the filing names; "
                    "the consolidated fact does not decide it",
                )
            members, scope_words = scope.members, scope.words
        rows = self.reads.periods(filing.id)
        cur = period or resolve_period(sc.period, filing, rows)
        if isinstance(cur, PeriodProblem):
            return abstain(AbstainReason.NO_PERIOD, cur.message)
        units = subclaims.units_for(sc)
        first = self.targets.target(lex, sc.metric, units, cur, filing.id)
        if isinstance(first, Verdict):
            return replace(first, claim=base.claim, question=base.question, filing_id=filing.id, extra=base.extra)
        plan, unit, readings = first
        if members:  # messages say whose figure it is: "goodwill of Industrial Specialty Group"
            plan = replace(plan, target_label=f"{plan.target_label} of {scope_words}")
        part = [q for q in plan.target_concepts if re.search(r"(?:Current|Noncurrent)$", q)]
        if part and re.search(r"\btotal\b", sc.metric.text, re.I) and not re.search(r"current|short|long", sc.metric.text, re.I):
            # "total deferred revenue" is the current and the non-current part together, not the current line
            return abstain(
                AbstainReason.AMBIGUOUS_METRIC,
                f"{sc.metric.text!r} says total, but {part[0]} is its current or non-current part only",
                plan=plan,
            )
        verdict = _either_sign(
            sc, plan, lex, lambda s: self._verify_plan(filing, reading, s, plan, unit, lex, cur, rows, base, members)
        )
        if (
            verdict.decision is Decision.VIOLATED
            and sc.kind == "level"
            and (why := self._doubt(filing.id, verdict, plan, members, reading.sentence[sc.number.end :] if sc.number else ""))
        ):
            # the range the figure was refuted on stays, for a reading in the filing's unit (_in_unit)
            return abstain(
                AbstainReason.OPERAND_UNGROUNDED,
                f"{claim_text} {why}",
                plan=plan,
                expected_lower=verdict.expected_lower,
                expected_upper=verdict.expected_upper,
                extra={**base.extra, "doubted": True},
            )
        if verdict.decision is Decision.VIOLATED and (
            why := self._basic_eps(filing, lex, reading, sc, units, cur, base, members)
        ):
            return abstain(AbstainReason.AMBIGUOUS_METRIC, why, plan=plan)
        if verdict.decision is Decision.ABSTAIN or not readings:
            return verdict
        agreed: list[dict[str, Any]] = []  # each other reading's evidence, for whoever checks which concept was meant
        for label, other_plan in readings:  # words with two common readings decide only when both agree
            other = self._verify_plan(filing, reading, sc, other_plan, other_plan.unit, lex, cur, rows, base, members)
            if other.decision is not verdict.decision:
                return abstain(
                    AbstainReason.AMBIGUOUS_METRIC,
                    f"{sc.metric.text!r} reads as {plan.target_label} ({verdict.decision.value}) or as {label} "
                    f"({other.decision.value}); the two disagree here: name one, e.g. "
                    f"[{(other_plan.target_concepts or plan.target_concepts or ('us-gaap:Name',))[0]}]",
                    plan=plan,
                    extra={**base.extra, "refused": True},
                )
            agreed.append({"reading": label, "target": other_plan.target, "bindings": [b.to_json() for b in other.bindings]})
        return replace(verdict, extra={**verdict.extra, "readings": agreed})

    def _basic_eps(
        self,
        filing: FilingInfo,
        lex: Lexicon,
        reading: Reading,
        sc: SubClaim,
        units: Sequence[Unit],
        cur: PeriodSpec,
        base: Verdict,
        members: tuple[str, ...],
    ) -> str | None:
        """Why a figure Violated as earnings per share is not wrong: with neither "basic" nor "diluted" the words
        read as diluted EPS, the headline figure, but a figure that is the filing's basic EPS is true as written, so
        it is never Violated; the words must say which. None when the figure is no such thing."""
        if sc.kind != "level" or not _UNQUALIFIED_EPS.search(sc.metric.matched):
            return None
        basic = self.targets.target(
            lex, replace(sc.metric, matched="basic earnings per share", qname=None), units, cur, filing.id
        )
        if isinstance(basic, Verdict):
            return None
        rows = self.reads.periods(filing.id)
        other = self._verify_plan(filing, reading, sc, basic[0], basic[1], lex, cur, rows, base, members)
        if other.decision is not Decision.VERIFIED:
            return None
        return (
            f"{base.claim} is the filing's basic earnings per share, not its diluted one, which "
            f"{sc.metric.matched!r} without 'basic' reads as; say basic or diluted"
        )

    def _verify_plan(
        self,
        filing: FilingInfo,
        reading: Reading,
        sc: SubClaim,
        plan: Plan,
        unit: Unit | None,
        lex: Lexicon,
        cur: PeriodSpec,
        rows: list[PeriodRow],
        base: Verdict,
        members: tuple[str, ...] = (),
    ) -> Verdict:
        def abstain(reason: AbstainReason, message: str, **kw: Any) -> Verdict:
            return replace(base, abstain_reason=reason, reason=message, **kw)

        units = subclaims.units_for(sc)
        maths = subclaims.arithmetic(sc, reading.scale, unit)
        if maths.problem or maths.claim is None:
            return abstain(AbstainReason.CLAIM_UNIT_MISMATCH, maths.problem or "the claim's unit does not fit", plan=plan)
        other_plan = None
        if any(f.metric == "other" for f in maths.figures):
            assert sc.other is not None
            got = self.targets.target(lex, sc.other, maths.other_units or units, cur, filing.id)
            if isinstance(got, Verdict):
                return replace(got, claim=base.claim, question=base.question, filing_id=filing.id, extra=base.extra)
            other_plan = got[0]  # the second metric's other readings are not tried: its words are plain line items
        specs: dict[str, PeriodSpec] = {"cur": cur}
        if any(f.period == "base" for f in maths.figures):
            earlier = self._base_period(sc, filing, cur, rows)
            if isinstance(earlier, PeriodProblem):
                return abstain(AbstainReason.NO_PERIOD, earlier.message, plan=plan)
            specs["base"] = earlier
        legs = []
        for fig in maths.figures:
            leg_plan = other_plan if fig.metric == "other" else plan
            assert leg_plan is not None
            est = self._establish(filing, leg_plan, specs[fig.period], members, named_currency(sc.number))
            if isinstance(est, NotEstablished):
                return abstain(
                    est.reason,
                    f"{fig.name} ({leg_plan.target_label}, {specs[fig.period].label()}): {est.message}",
                    plan=plan,
                    extra={**base.extra, "period": specs[fig.period].label()},
                )
            legs.append((fig, est))
        cv = ClaimValue(
            base.claim,
            maths.claimed if maths.claimed is not None else Decimal(0),
            maths.half_width,
            bool(sc.number and sc.number.kind in (Kind.PERCENT, Kind.POINTS)),
            sc.number.scale_word if sc.number else None,
        )
        periods = {k: v.label() for k, v in specs.items()}
        if maths.expr is None and len(legs) == 1:
            fig, est = legs[0]
            if why := _unstated_scale(sc, reading, est):
                return abstain(AbstainReason.CLAIM_TOO_PRECISE, why, plan=plan, claim_value=cv, bindings=est.bindings)
            return decide(base, plan, cv, est, maths.claim, specs[fig.period], self.timeout_ms, extra={"periods": periods})
        assert maths.expr is not None  # None only for a level, which has one figure
        # "net loss narrowed", "net loss decreased 0.6%", "cash used in investing fell" say there was a loss (an
        # outflow) in each period: a profit in either refutes it, whatever the sizes or the rate (the loss is minus
        # the concept's value, so each such period's value must lie below zero)
        for fig, est in legs:
            if not fig.negated:
                continue
            said = replace(cv, percent=False)  # the check is the figure's own value, not the claimed rate
            loss = decide(
                base, plan, said, est, Interval(None, Decimal(0)), specs[fig.period], self.timeout_ms, extra={"periods": periods}
            )
            if loss.decision is Decision.VIOLATED and loss.expected_lower is not None and loss.expected_upper is not None:
                filed = fmt_range((loss.expected_lower, loss.expected_upper))
                return replace(
                    loss,
                    reason=f"{sc.text!r} says there was a loss in {specs[fig.period].label()}, but the filed figures give "
                    f"{plan.target_label} of {filed}; conflicting constraints {', '.join(loss.core)}",
                )
            if loss.decision is not Decision.VERIFIED:
                return loss
        return decide(
            base, plan, cv, combine(legs, maths.expr, sc.kind), maths.claim, cur, self.timeout_ms, extra={"periods": periods}
        )

    def _base_period(
        self, sc: SubClaim, filing: FilingInfo, cur: PeriodSpec, rows: list[PeriodRow]
    ) -> PeriodSpec | PeriodProblem:
        if sc.base is not None:
            return resolve_period(sc.base, filing, rows)
        if sc.base_relative == "sequential":
            return earlier(cur, 3, rows, "the prior quarter")
        return earlier(cur, 12, rows, "the same period a year earlier")

    def _establish(
        self, filing: FilingInfo, plan: Plan, spec: PeriodSpec, members: tuple[str, ...] = (), currency: str | None = None
    ) -> Established | NotEstablished:
        cache = self.reads.per_filing[filing.id]
        if members:
            known = cache.member_rows
            if members not in known:  # the context the members name: theirs and the members always with them
                known[members] = (with_companions(self.reads.graph, filing.id, members), {}, {})
            full, facts, dims = known[members]
            member_grounder = MemberGrounder(
                self.reads.graph, filing, spec, currency=currency, _cache=facts, members=full, _dims=dims
            )
            return establish_member(plan, member_grounder)
        grounder = Grounder(self.reads.graph, filing, spec, currency=currency, _cache=cache.facts, _calc_cache=cache.calc)
        return establish(plan, grounder, self.reads.registry, self.reads.text(filing.id), self.reads.labels(filing.id))

    def _doubt(self, filing_id: str, verdict: Verdict, plan: Plan, members: tuple[str, ...], after: str) -> str | None:
        """Why a level Violated on its fact may be about another amount, else None: the filing also reports
        the concept for a member the note may be about in words the reader does not know ("the PSUs",
        "certain buildings"); the words right `after` the figure may narrow it ("revenue of $49.2 related to
        contract liabilities"); or the figure is a hundredth of the fact or less (or a hundred times it) and
        no slip of scale ("Level 1 assets of $60 million" read as total assets of 15,621 million): a part
        the words name that no line item states by itself."""
        if not members and (held := self._member_states(filing_id, verdict)):
            return (
                f"differs from the consolidated {plan.target_label}, but the filing also reports {plan.target_label} "
                f"for {held}; the sentence may be about that member"
            )
        if m := PART_AFTER.match(after):
            return f"differs from {plan.target_label}, and {m[0].strip(' ,')!r} after it may make it a part no line item states"
        cv, lo, hi = verdict.claim_value, verdict.expected_lower, verdict.expected_upper
        if cv is None or lo is None or hi is None or lo * hi <= 0:
            return None
        size, low, high = abs(cv.value), min(abs(lo), abs(hi)), max(abs(lo), abs(hi))
        if low / 100 < size < low * 100:
            return None
        for k in (-9, -6, -3, 3, 6, 9):
            f = Decimal(10) ** k
            if size and (size - cv.half_width) * f <= high and low <= (size + cv.half_width) * f:
                return None  # the filed digits in another scale: a slip of scale, which is a difference
        return (
            f"is {'a hundredth or less' if size < low else 'a hundred times or more'} of {plan.target_label} "
            f"({fmt_range((lo, hi))}): an amount the words name that no line item states by itself, not that line"
        )

    def _member_states(self, filing_id: str, verdict: Verdict) -> str | None:
        """The members of a dimensional fact, of the concept, period and unit the figure was
        Violated on, that may be what the sentence is about, else None: a member of what notes are
        about (scope.SUBJECT_AXES: an acquisition, an award class, an instrument, an asset class),
        whatever its value, since notes name those in their own prose; a member of another axis
        only when its fact states the figure (within both roundings). The first rule decides the
        same for a true figure and its changed copy; the second is a last guard against reading a
        member's figure as an inconsistency of the consolidated one."""
        lo, hi = (verdict.extra.get("claim_interval") or [None, None])[:2]
        cache = self.reads.cache(filing_id).member_facts
        for b in verdict.bindings:
            if b.stage != "target":
                continue
            k = (b.concept, b.period)
            if k not in cache:
                cache[k] = self.reads.graph.read("verify.member_facts", filing_id=filing_id, qname=b.concept, period_key=b.period)
            for r in cache[k]:
                if r["unit_key"] != b.unit or r["value"] is None:
                    continue
                if any(a in SUBJECT_AXES for a in r["axes"]):
                    return ", ".join(sorted(r["members"]))
                if lo is None or hi is None:
                    continue
                try:
                    f_lo, f_hi = bounds(Decimal(r["value"]), r["decimals"], r["precision"])
                except (ArithmeticError, ValueError):
                    continue
                if f_lo <= Decimal(hi) and Decimal(lo) <= f_hi:
                    return ", ".join(sorted(r["members"])) or r["fact_id"]
        return None


def _unstated_scale(sc: SubClaim, reading: Reading, est: Established) -> str | None:
    """ "advertising expenses of $313" in a note written in millions: a bare amount with digits below the unit
    the filing rounds the line to (decimals -3: thousands) is a figure in a scale the sentence does not state, or
    one more precise than any filed fact; neither can be checked. Only the fact's rounding is read, never its value."""
    n = sc.number
    if n is None or n.kind is not Kind.MONEY or n.scale_word or reading.scale != 1:
        return None
    decimals = {b.decimals for b in est.bindings if b.stage == "target"}
    if len(decimals) != 1 or not re.fullmatch(r"-\d+", d := decimals.pop() or ""):
        return None
    unit = Decimal(10) ** -int(d)
    if unit < 1000 or abs(n.value) % unit == 0:
        return None
    word = {3: "thousand", 6: "million", 9: "billion"}.get(-int(d))
    if word is None:
        return None
    return (
        f"{n.text} has no scale word and digits below the {word}s the filing rounds this line to (decimals {d}): "
        f'a figure in a scale the text states elsewhere ("in {word}s"), or one no filed fact gives that precisely; '
        f'give the scale ("{n.text} {word}") or the figure as filed'
    )


def _either_sign(sc: SubClaim, plan: Plan, lex: Lexicon, check: Callable[[SubClaim], Verdict]) -> Verdict:
    """`check` of `sc`; for a concept that is itself the loss or deficit its words name (`_signed_as`), the
    figure as that concept's value, else, when that is Violated, as minus it: filers state such a concept
    either way (NBH's working capital deficit +29,077,591, ACC's -5,896,491), and the amount is what the
    note says."""
    signed = _signed_as(sc, plan, lex)
    verdict = check(signed)
    if signed is sc or verdict.decision is not Decision.VIOLATED:
        return verdict
    other = check(sc)
    if other.decision is not Decision.VERIFIED:
        return verdict
    return replace(other, reason=f"{other.reason}; the filing states this {plan.target_label} as a negative amount")


def _signed_as(sc: SubClaim, plan: Plan, lex: Lexicon) -> SubClaim:
    """`sc` without its metric's negation when the concept it binds is the loss or deficit the words name
    (metric_names.sign_named_by): "working capital deficit of $4.4 million" is that concept's value, not
    minus it. A concept's negated labels are the filer's presentation, not its meaning."""
    if not sc.metric.negated or not plan.target_concepts:
        return sc
    for q in plan.target_concepts:
        c = lex.concept(q)
        labels = [t for role, t in c.filer_labels if "negated" not in role.lower()] if c else []
        if c is None or not sign_named_by(q, [*labels, *c.taxonomy_labels], sc.metric.text):
            return sc
    return replace(sc, metric=replace(sc.metric, negated=False))
