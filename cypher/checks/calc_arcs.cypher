// name: checks.calc_arcs
// summary: The filing's own calculation arcs (summation-item), every role, in order.
// mode: read
// param filing_id: STRING  the filing's id
// returns: role STRING, parent_key STRING, parent STRING, child_key STRING, child STRING, weight FLOAT, order FLOAT, arcs INTEGER (effective relationships the edge stands for; 1 when not recorded), weights LIST<FLOAT> (one per relationship; null when not recorded)
MATCH (p:Concept)-[r:CALC {owner: $filing_id}]->(c:Concept)
RETURN r.role AS role, p.key AS parent_key, p.qname AS parent, c.key AS child_key, c.qname AS child,
       r.weight AS weight, r.order AS order, coalesce(r.arcs, 1) AS arcs,
       r.weights AS weights
ORDER BY role, parent_key, order
