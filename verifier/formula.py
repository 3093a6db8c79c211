"""Formulas as tiny expression trees: parse (+ - * / and parentheses only), render, evaluate.

Registry formulas and question operations are strings; calculation-linkbase formulas are built
from arcs. Parsing goes through Python's `ast` and accepts only names, decimal constants and
the four operators, so no text ever becomes code.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction

from auditgraph.errors import FormulaError as FormulaError  # re-exported: callers catch fx.FormulaError


@dataclass(frozen=True)
class Ref:
    role: str


@dataclass(frozen=True)
class Num:
    value: Decimal


@dataclass(frozen=True)
class Neg:
    arg: Expr


@dataclass(frozen=True)
class Bin:
    op: str  # + - * /
    left: Expr
    right: Expr


Expr = Ref | Num | Neg | Bin
_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def parse(text: str) -> Expr:
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as exc:
        raise FormulaError(f"formula {text!r} is not arithmetic over names: {exc.msg}") from None
    return _convert(tree.body, text)


def _convert(node: ast.AST, text: str) -> Expr:
    if isinstance(node, ast.Name):
        return Ref(node.id)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return Num(Decimal(str(node.value)))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return Neg(_convert(node.operand, text))
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd):
        return _convert(node.operand, text)
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return Bin(_OPS[type(node.op)], _convert(node.left, text), _convert(node.right, text))
    raise FormulaError(f"formula {text!r}: only names, numbers, + - * / and parentheses are allowed")


def weighted_sum(terms: list[tuple[Decimal, str]]) -> Expr:
    """sum(w_i * role_i) for calculation arcs; weights of +-1 stay plain additions/subtractions."""
    expr: Expr | None = None
    for weight, role in terms:
        term: Expr = Ref(role) if abs(weight) == 1 else Bin("*", Num(abs(weight)), Ref(role))
        if expr is None:
            expr = term if weight > 0 else Neg(term)
        else:
            expr = Bin("+" if weight > 0 else "-", expr, term)
    if expr is None:
        raise FormulaError("a calculation with no contributing items")
    return expr


def roles(expr: Expr) -> list[str]:
    """Operand roles in first-use order."""
    out: list[str] = []

    def walk(e: Expr) -> None:
        if isinstance(e, Ref):
            if e.role not in out:
                out.append(e.role)
        elif isinstance(e, Neg):
            walk(e.arg)
        elif isinstance(e, Bin):
            walk(e.left)
            walk(e.right)

    walk(expr)
    return out


def denominators(expr: Expr) -> list[Expr]:
    out: list[Expr] = []

    def walk(e: Expr) -> None:
        if isinstance(e, Neg):
            walk(e.arg)
        elif isinstance(e, Bin):
            if e.op == "/":
                out.append(e.right)
            walk(e.left)
            walk(e.right)

    walk(expr)
    return out


def render(expr: Expr, names: dict[str, str] | None = None) -> str:
    names = names or {}
    if isinstance(expr, Ref):
        return names.get(expr.role, expr.role)
    if isinstance(expr, Num):
        return str(expr.value)
    if isinstance(expr, Neg):
        return f"-{_paren(expr.arg, names, True, '-')}"
    return f"{_paren(expr.left, names, False, expr.op)} {expr.op} {_paren(expr.right, names, True, expr.op)}"


def _paren(e: Expr, names: dict[str, str], right: bool, parent: str) -> str:
    s = render(e, names)
    if not isinstance(e, Bin):
        return s
    low = e.op in ("+", "-")
    if low and (parent in ("*", "/") or (right and parent == "-")):
        return f"({s})"
    if not low and right and parent == "/":
        return f"({s})"
    return s


def substitute(expr: Expr, mapping: dict[str, str]) -> Expr:
    """Rename roles (a question's x/y to the operand roles)."""
    if isinstance(expr, Ref):
        return Ref(mapping.get(expr.role, expr.role))
    if isinstance(expr, Neg):
        return Neg(substitute(expr.arg, mapping))
    if isinstance(expr, Bin):
        return Bin(expr.op, substitute(expr.left, mapping), substitute(expr.right, mapping))
    return expr


Interval = tuple[Fraction, Fraction]


def interval(expr: Expr, env: dict[str, Interval]) -> Interval | None:
    """Exact rational interval of `expr` over operand intervals; None when a divisor may be 0.

    Used to report the expected range; the decision itself is Z3's."""
    if isinstance(expr, Ref):
        return env[expr.role]
    if isinstance(expr, Num):
        v = Fraction(expr.value)
        return (v, v)
    if isinstance(expr, Neg):
        inner = interval(expr.arg, env)
        return None if inner is None else (-inner[1], -inner[0])
    a, b = interval(expr.left, env), interval(expr.right, env)
    if a is None or b is None:
        return None
    if expr.op == "+":
        return (a[0] + b[0], a[1] + b[1])
    if expr.op == "-":
        return (a[0] - b[1], a[1] - b[0])
    if expr.op == "/":
        if b[0] <= 0 <= b[1]:
            return None
        b = (1 / b[1], 1 / b[0])
    products = [x * y for x in a for y in b]
    return (min(products), max(products))


def to_decimal(value: Fraction, digits: int = 28) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = digits
        return Decimal(value.numerator) / Decimal(value.denominator)
