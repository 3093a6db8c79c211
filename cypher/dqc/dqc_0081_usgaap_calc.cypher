// name: dqc.dqc_0081_usgaap_calc
// summary: The us-gaap calculation networks of the filing's us-gaap year as the official rules navigate them (the us-gaap-cal-<year>-all set: every us-gaap and us-gaap-ebp summation-item network, srt arcs in us-gaap roles), for DQC.US.0081 and the other rules that compare a filing's calculations with us-gaap's.
// mode: read
// param filing_id: STRING  the filing's id (its us-gaap year picks the release)
// returns: role STRING, parent_key STRING, child_key STRING, order FLOAT
MATCH (f:Filing {id: $filing_id})
UNWIND [tax IN ['us-gaap/', 'us-gaap-ebp/', 'srt/'] | tax + toString(f.us_gaap_year)] AS owner
MATCH (p:Concept)-[r:CALC {owner: owner}]->(c:Concept)
WHERE NOT r.role STARTS WITH 'http://fasb.org/srt/'
RETURN r.role AS role, p.key AS parent_key, c.key AS child_key, r.order AS order
ORDER BY role, parent_key, order
