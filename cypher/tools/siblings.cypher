// name: tools.siblings
// summary: Siblings of a concept: other children of its calculation and presentation parents in the same role (filing networks, taxonomy fallback).
// mode: read
// param key: STRING  concept key
// param filing_id: STRING  owner of the filing's networks
// param release: STRING  owner of the taxonomy networks, or null
// returns: network STRING, owner STRING, role STRING, parent STRING, sibling STRING, sibling_key STRING, weight FLOAT, order FLOAT
MATCH (c:Concept {key: $key})<-[r:CALC]-(p:Concept)-[s:CALC]->(sib:Concept)
WHERE (r.owner = $filing_id OR r.owner = $release) AND s.owner = r.owner AND s.role = r.role AND sib <> c
RETURN 'CALC' AS network, r.owner AS owner, r.role AS role, p.qname AS parent, sib.qname AS sibling,
       sib.key AS sibling_key, s.weight AS weight, s.order AS order
UNION ALL
MATCH (c:Concept {key: $key})<-[r:PRES]-(p:Concept)-[s:PRES]->(sib:Concept)
WHERE (r.owner = $filing_id OR r.owner = $release) AND s.owner = r.owner AND s.role = r.role AND sib <> c
RETURN 'PRES' AS network, r.owner AS owner, r.role AS role, p.qname AS parent, sib.qname AS sibling,
       sib.key AS sibling_key, null AS weight, s.order AS order
