"""Exact DQC checkers (DQC.US.0015, 0117, 0126), a Calculations 1.1 check and the checker-only audit.

Each checker reads the filing through named Cypher (cypher/checks/) and does its arithmetic in
Python with Decimal; results are CheckResult models (auditgraph.checks.result).
"""

from auditgraph.checks.audit import audit_filing
from auditgraph.checks.calc11 import check_calc11
from auditgraph.checks.calc_tree import check_calc_tree
from auditgraph.checks.dim_consistency import check_dim_consistency
from auditgraph.checks.result import AuditReport, CheckResult
from auditgraph.checks.sign import check_sign

__all__ = ["AuditReport", "CheckResult", "audit_filing", "check_calc11", "check_calc_tree", "check_dim_consistency", "check_sign"]
