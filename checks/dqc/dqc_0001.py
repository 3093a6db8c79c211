"""DQC.US.0001: an axis carries a member that does not belong on it.

Structural: for each axis the rule checks (fair-value hierarchy level, range, business segments, equity components,
product or service, ...), the members the filing's own dimensional networks place under the axis in a hypercube are
compared with what the axis admits: the DQCRT member lists of that axis (MEM_*_AXS / MBR_*_AXS), a few named
us-gaap/srt members and, on some axes, a few named extension members. On the axes meant for entity-specific members
(segments, plans, counterparties, ...) only base-taxonomy members are checked. Each fact reported with a member that
is not admitted is one finding; a member no fact uses on the axis is one finding that names the member.
The official rule set runs it on every form. The query is cypher/dqc/dqc_0001.cypher.
"""

from __future__ import annotations

from auditgraph.checks.rulebook import cypher_rule

_CODES = (51, 52, 53, 54, 56, 57, 58, 59, 61, 62, 63, 64, 65, 66, 69, 70, 71, 72, 74, 75, 76, 77, 78, 79, 80, 9366, 81, 82, 83)
_CONSTANTS = (
    "MEMBER_USGAAP_FAIR_VALUE",
    "MBR_RECL_OUT_ACCUM_CMP_INC_AXS",
    "MEM_LEG_ENT_AXS",
    "MEM_FHLB_AXS",
    "MBR_SCH_EQT_INV_NM_AXS",
    "MBR_PLN_NM_AXS",
    "MEM_RNG_AXS",
    "MEM_SRT_CUR_AXS",
    "MEM_CUR_AXS",
    "MEM_POS_AXS",
    "MEM_FAR_VAL_MSR_FRQ_AXS",
    "MEM_FAR_VAL_MSR_BAS_AXS",
    "MEM_HDG_DSG_AXS",
    "MEM_PRD_SVC_AXS",
    "MEM_AIR_TP_AXS",
    "MEM_SCH_MPR_INS_AXS",
    "MEM_PPE_TP_AXS",
    "MEM_RSV_QTY_RSV_AXS",
    "MEM_PUB_UTL_INV_AXS",
    "MEM_CON_ITM_AXS",
    "MEM_NOT_ALLOWED_RET_TREE",
    "MEM_AWD_DT_AXS",
    "MEM_SUB_EVT_AXS",
    "MBR_STM_EQY_CMP_AXS",
    "MBR_STM_SCN_AXS",
    "MBR_PRF_UNT_NM_AXS",
    "MBR_RET_PLN_NM_AXS",
    "MBR_OWNRSHP_AXS",
    "MBR_MAJ_CST_AXS",
    "MBR_BUS_ACQ_AXS",
    "MBR_STM_BIS_SEG_AXS",
    "MBR_AST_ACQ_AXS",
    "MBR_STM_GEO_AXS",
)

FAMILY = cypher_rule(
    "0001",
    "DQC.US.0001",
    "Axis with Inappropriate Members",
    tuple(f"DQC.US.0001.{c}" for c in _CODES),
    "dqc.dqc_0001",
    constants=_CONSTANTS,
    forms=frozenset(),  # empty: every form (the official rule set names none for this rule)
)
