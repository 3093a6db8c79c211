// name: filing.delete
// summary: Delete a filing and everything only it owns (facts, contexts, extension concepts and labels, its networks and roles, orphan placeholders).
// mode: write
// param filing_id: STRING the filing's id
// returns: facts INTEGER, filings INTEGER
CALL () { MATCH (x:Fact {filing_id: $filing_id}) DETACH DELETE x RETURN count(*) AS facts }
CALL () { MATCH (c:Context {filing_id: $filing_id}) DETACH DELETE c }
CALL () { MATCH ()-[r:CALC {owner: $filing_id}]->() DELETE r }
CALL () { MATCH ()-[r:PRES {owner: $filing_id}]->() DELETE r }
CALL () { MATCH ()-[r:DEF {owner: $filing_id}]->() DELETE r }
CALL () { MATCH (r:Role {owner: $filing_id}) DETACH DELETE r }
CALL () {
  MATCH (e:Extension {filing_id: $filing_id})
  OPTIONAL MATCH (e)-[:HAS_LABEL]->(l:Label)
  DETACH DELETE l, e
}
CALL () { OPTIONAL MATCH (f:Filing {id: $filing_id}) DETACH DELETE f RETURN count(f) AS filings }
CALL () { MATCH (p:Placeholder) WHERE NOT EXISTS { (p)--() } DELETE p }
RETURN facts, filings
