// name: dqc.dqc_0160
// summary: DQC.US.0160 (members under or beside NonrelatedPartyMember): in the filing's own definition networks, 10082 when us-gaap:NonrelatedPartyMember has domain-member children (members that are nonrelated parties are not broken down), 10092 when it has domain-member siblings and none of them is us-gaap:RelatedPartyMember (its only counterpart on the axis). One finding per sub-rule, naming no fact.
// mode: read
// param filing_id: STRING  the filing's id, or null for every loaded filing
// returns: filing_id STRING, sub_rule STRING, concept STRING, facts LIST<MAP>, network STRING, message STRING
// The official rule navigates every network of the filing's DTS; a filing's DTS holds its own linkbases only (the
// us-gaap entry point it references has none), so the taxonomy's networks are not read. The rule set tests no form.
MATCH (fl:Filing {status: 'loaded'})
WHERE ($filing_id IS NULL OR fl.id = $filing_id) AND NOT fl:EvalCopy
MATCH (n:Concept {key: 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#NonrelatedPartyMember'})
CALL (fl, n) {
  MATCH (n)-[e:DEF {owner: fl.id, arc: 'domain-member'}]->(c:Concept)
  WITH collect(DISTINCT c.qname) AS children, collect(DISTINCT e.role) AS roles
  WHERE size(children) > 0
  RETURN 'DQC.US.0160.10082' AS sub_rule, CASE WHEN size(roles) = 1 THEN roles[0] END AS network,
         'The filing puts members below us-gaap:NonrelatedPartyMember (' + reduce(s = '', q IN children | s + CASE WHEN s = '' THEN '' ELSE ', ' END + q)
           + '). NonrelatedPartyMember stands for every party that is not related and is not broken down: remove the'
           + ' members below it (use RelatedPartyMember, or members of another axis, to detail the parties).' AS message
  UNION
  MATCH (p:Concept)-[e:DEF {owner: fl.id, arc: 'domain-member'}]->(n)
  MATCH (p)-[e2:DEF {owner: fl.id, arc: 'domain-member', role: e.role}]->(s:Concept)
  WHERE s <> n
  WITH collect(DISTINCT s) AS siblings, collect(DISTINCT e.role) AS roles
  WHERE size(siblings) > 0
    AND none(s IN siblings WHERE s.name = 'RelatedPartyMember' AND s.namespace STARTS WITH 'http://fasb.org/us-gaap/')
  RETURN 'DQC.US.0160.10092' AS sub_rule, CASE WHEN size(roles) = 1 THEN roles[0] END AS network,
         'us-gaap:NonrelatedPartyMember has the sibling member(s) ' + reduce(t = '', s IN siblings | t + CASE WHEN t = '' THEN '' ELSE ', ' END + s.qname)
           + ' but not us-gaap:RelatedPartyMember. NonrelatedPartyMember is the counterpart of RelatedPartyMember: put'
           + ' the related parties below RelatedPartyMember, beside NonrelatedPartyMember.' AS message
}
RETURN fl.id AS filing_id, sub_rule, n.qname AS concept, [] AS facts, network, message
ORDER BY filing_id, sub_rule
