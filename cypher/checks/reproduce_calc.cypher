// name: checks.reproduce_calc
// summary: Reproduce a calculation finding: the total and each child of a parent in one network, with their non-dimensional facts in one period.
// mode: read
// param filing_id: STRING  the filing's id
// param role: STRING  role URI of the calculation network
// param parent: STRING  QName of the total (us-gaap:Assets)
// param period_key: STRING  Period key (instant:2025-12-31)
// returns: item STRING, concept STRING, weight FLOAT, values LIST<STRING>
MATCH (p:Concept {qname: $parent})-[r:CALC {owner: $filing_id, role: $role}]->(c:Concept)
WITH p, collect({concept: c, weight: r.weight, order: r.order}) AS children
UNWIND [{concept: p, weight: null, order: 0.0, item: 'total'}] + [x IN children | x {.*, item: 'child'}] AS row
WITH row ORDER BY row.order
CALL (row) {
  OPTIONAL MATCH (f:Fact {filing_id: $filing_id, concept_key: row.concept.key})-[:IN_CONTEXT]->(ctx:Context)
        -[:FOR_PERIOD]->(:Period {key: $period_key})
  WHERE coalesce(ctx.dimensional, false) = false
  RETURN collect(f.value + ' (decimals ' + coalesce(f.decimals, 'INF') + ', ' + f.fact_id + ')') AS values
}
RETURN row.item AS item, row.concept.qname AS concept, row.weight AS weight, values
