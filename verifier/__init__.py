"""VeriFin over the graph: verify a numerical claim about a filing with filed facts and Z3.

from auditgraph.verifier import Verifier
verdict = Verifier(graph).verify(filing_id, question, claim)
"""

from auditgraph.verifier.types import AbstainReason, Binding, Decision, Formula, Plan, Verdict
from auditgraph.verifier.verify import Verifier

__all__ = ["AbstainReason", "Binding", "Decision", "Formula", "Plan", "Verdict", "Verifier"]
