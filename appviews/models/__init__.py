"""View models of the app: agendas, the program grid, facets, people, evidence, .ics."""
