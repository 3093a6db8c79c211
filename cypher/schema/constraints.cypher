// name: schema.constraints
// summary: Uniqueness constraints and indexes of the graph model (docs/graph-model.md); idempotent.
// mode: script
// returns: nothing
CREATE CONSTRAINT release_key IF NOT EXISTS FOR (n:Release) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT concept_key IF NOT EXISTS FOR (n:Concept) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT label_key IF NOT EXISTS FOR (n:Label) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT role_key IF NOT EXISTS FOR (n:Role) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT dqc_rule_key IF NOT EXISTS FOR (n:DqcRule) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT filing_id IF NOT EXISTS FOR (n:Filing) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT fact_key IF NOT EXISTS FOR (n:Fact) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT context_key IF NOT EXISTS FOR (n:Context) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT period_key IF NOT EXISTS FOR (n:Period) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT unit_key IF NOT EXISTS FOR (n:Unit) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT load_claim_key IF NOT EXISTS FOR (n:LoadClaim) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT load_gate_key IF NOT EXISTS FOR (n:LoadGate) REQUIRE n.key IS UNIQUE;
CREATE CONSTRAINT dqc_constant_key IF NOT EXISTS FOR (n:DqcConstant) REQUIRE n.key IS UNIQUE;
CREATE INDEX dqc_constant_year_name IF NOT EXISTS FOR (n:DqcConstant) ON (n.year, n.name);
CREATE INDEX concept_qname_year IF NOT EXISTS FOR (n:Concept) ON (n.qname, n.year);
CREATE INDEX concept_name IF NOT EXISTS FOR (n:Concept) ON (n.name);
CREATE INDEX concept_release IF NOT EXISTS FOR (n:Concept) ON (n.release);
CREATE INDEX fact_filing IF NOT EXISTS FOR (n:Fact) ON (n.filing_id);
CREATE INDEX fact_concept IF NOT EXISTS FOR (n:Fact) ON (n.concept_key);
CREATE INDEX context_filing IF NOT EXISTS FOR (n:Context) ON (n.filing_id);
CREATE INDEX release_status IF NOT EXISTS FOR (n:Release) ON (n.status);
CREATE INDEX filing_status IF NOT EXISTS FOR (n:Filing) ON (n.status);
CREATE INDEX calc_owner IF NOT EXISTS FOR ()-[r:CALC]-() ON (r.owner);
CREATE INDEX pres_owner IF NOT EXISTS FOR ()-[r:PRES]-() ON (r.owner);
CREATE INDEX def_owner IF NOT EXISTS FOR ()-[r:DEF]-() ON (r.owner);
