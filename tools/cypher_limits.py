"""Limits on ad-hoc Cypher checked here, before a query is sent to Neo4j (issue 36).

Neo4j parses a query recursively: a 1 KB `RETURN size([[[…300 deep…]]])`, 500 nested parentheses,
thousands of `NOT`s or of chained `WITH`s overflow its parser's stack, and the server drops the
request (StackOverflowError) after the client waited out its timeout. Real reads nest a few levels
and run a few dozen clauses, so the limits below refuse only what no investigation needs, with the
limit and the fix in one line. An `EXPLAIN` comes back as its plan (the guarded door plans every
query before it runs it; `check_adhoc` says when the rows are a plan); `PROFILE` is refused: it
runs the query for its statistics, not its rows.

The scan is one pass over the text (strings, backquoted names and comments skipped), linear in its
length, so a hostile query costs nothing before it is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from auditgraph.errors import CypherRefused

MAX_CYPHER_CHARS = 8_000  # characters of one ad-hoc query
MAX_CYPHER_DEPTH = 64  # nesting: brackets ( [ { plus chained prefix operators (NOT NOT …, - - …)
MAX_CYPHER_CLAUSES = 100  # MATCH, WITH, UNWIND, RETURN, CALL, UNION, … in the whole query

CLAUSES = frozenset(
    "MATCH WITH UNWIND RETURN CALL UNION WHERE ORDER SKIP LIMIT OPTIONAL CREATE MERGE DELETE SET REMOVE FOREACH "
    "LOAD USE FINISH FILTER LET".split()
)
_PREFIX = frozenset({"NOT"})
_OPEN, _CLOSE = "([{", ")]}"


@dataclass(frozen=True)
class Shape:
    """What the scan saw: the deepest nesting, the clause count and the leading keyword (EXPLAIN, PROFILE or None)."""

    depth: int
    clauses: int
    lead: str | None


def shape(query: str) -> Shape:
    """Nesting depth, clause count and leading EXPLAIN/PROFILE of a query, in one linear pass."""
    depth = deepest = clauses = prefix_run = 0
    lead: str | None = None
    first_word = True  # before the first clause word: CYPHER options, then maybe EXPLAIN/PROFILE
    prev = ""  # the previous significant character (for unary minus, property names and parameters)
    i, n = 0, len(query)
    while i < n:
        c = query[i]
        if c.isspace():
            i += 1
            continue
        if c == "/" and query.startswith("//", i):
            j = query.find("\n", i)
            i = n if j < 0 else j + 1
            continue
        if c == "/" and query.startswith("/*", i):
            j = query.find("*/", i + 2)
            i = n if j < 0 else j + 2
            continue
        if c in "'\"`":  # a string or a quoted name: skip to its closing quote (backslash escapes in strings)
            j = i + 1
            while j < n and query[j] != c:
                j += 2 if query[j] == "\\" and c != "`" else 1
            i = j + 1
            prev, prefix_run = c, 0
            continue
        if c.isalpha() or c == "_":
            j = i + 1
            while j < n and (query[j].isalnum() or query[j] == "_"):
                j += 1
            word = query[i:j].upper()
            i = j
            if prev and prev in ".$":  # a property or a parameter name, never a keyword
                prev, prefix_run = "a", 0
                continue
            if first_word:
                if word in ("EXPLAIN", "PROFILE"):
                    lead = word
                    first_word = False
                elif word != "CYPHER" and prev != "=" and not query[i:].lstrip().startswith("="):
                    first_word = False  # the first word that is no pre-parser option
            if word in _PREFIX:
                prefix_run += 1
                deepest = max(deepest, depth + prefix_run)
            else:
                prefix_run = 0
                clauses += word in CLAUSES
            prev = "a"
            continue
        if c in _OPEN:
            depth += 1
            deepest = max(deepest, depth + prefix_run)
        elif c in _CLOSE:
            depth = max(0, depth - 1)
            prefix_run = 0
        elif c in "-+" and (prev == "" or prev in "([{,=<>*/%^+-"):  # a unary sign nests like NOT
            prefix_run += 1
            deepest = max(deepest, depth + prefix_run)
        elif not c.isdigit() and c != ".":
            prefix_run = 0
        prev = c
        i += 1
    return Shape(deepest, clauses, lead)


def check_adhoc(query: str) -> bool:
    """Refuse (CypherRefused, one line with the limit and the fix) a query Neo4j's parser cannot take
    or that would not return rows; anything else goes on to the guarded door (Graph.read_adhoc). True
    when the query is an EXPLAIN: pass `plan_only=True`, the rows are its plan."""
    if len(query) > MAX_CYPHER_CHARS:
        raise CypherRefused(
            f"refused: the query is {len(query):,} characters; the limit is {MAX_CYPHER_CHARS:,}: "
            "pass values as $parameters and split the question into smaller queries"
        )
    s = shape(query)
    if s.lead == "PROFILE":
        raise CypherRefused(
            "refused: PROFILE is not run here (it executes the query for its statistics, not its rows); "
            "send the query itself, with a LIMIT"
        )
    if s.depth > MAX_CYPHER_DEPTH:
        raise CypherRefused(
            f"refused: the query nests {s.depth} levels deep (brackets, NOT or signs); the limit is {MAX_CYPHER_DEPTH}: "
            "flatten it (WITH steps, list functions such as reduce() or $parameters)"
        )
    if s.clauses > MAX_CYPHER_CLAUSES:
        raise CypherRefused(
            f"refused: the query has {s.clauses} clauses; the limit is {MAX_CYPHER_CLAUSES}: split it into smaller queries"
        )
    return s.lead == "EXPLAIN"
