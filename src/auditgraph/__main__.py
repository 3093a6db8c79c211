from auditgraph.cli import main

main()
