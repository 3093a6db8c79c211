// name: db.note_scratch
// summary: Test fixture: one ScratchNote per row; Neo4j refuses a row whose note is not text.
// mode: write
// param rows: LIST<MAP> the rows, each {note: STRING}
// returns: nothing
UNWIND $rows AS row
CREATE (:ScratchNote {text: row.note + ' (noted)'})
