// name: dqc.dqc_0131_lists
// summary: For DQC.US.0131: the filing's facts of the eight lease extensible-list elements (FinanceLeaseLiability..., OperatingLeaseRightOfUseAsset... StatementOfFinancialPositionExtensibleList) that name the balance sheet line items holding the lease amount: element name, value (space-separated "{namespace}#{LocalName}" members), period key and dimensions.
// mode: read
// param filing_id: STRING  the filing's id
// returns: fact_id STRING, name STRING, value STRING, period_key STRING, dims LIST<STRING>
MATCH (fl:Filing {id: $filing_id})
UNWIND ['FinanceLeaseLiabilityStatementOfFinancialPositionExtensibleList',
        'FinanceLeaseLiabilityCurrentStatementOfFinancialPositionExtensibleList',
        'FinanceLeaseLiabilityNoncurrentStatementOfFinancialPositionExtensibleList',
        'FinanceLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList',
        'OperatingLeaseRightOfUseAssetStatementOfFinancialPositionExtensibleList',
        'OperatingLeaseLiabilityStatementOfFinancialPositionExtensibleList',
        'OperatingLeaseLiabilityCurrentStatementOfFinancialPositionExtensibleList',
        'OperatingLeaseLiabilityNoncurrentStatementOfFinancialPositionExtensibleList'] AS name
MATCH (f:Fact {concept_key: 'http://fasb.org/us-gaap/' + toString(fl.us_gaap_year) + '#' + name})
WHERE f.filing_id = fl.id
MATCH (f)-[:IN_CONTEXT]->(ctx:Context)-[:FOR_PERIOD]->(p:Period)
RETURN f.fact_id AS fact_id, name, f.value AS value, p.key AS period_key,
       coalesce(ctx.dims, []) AS dims
ORDER BY name, period_key, fact_id
