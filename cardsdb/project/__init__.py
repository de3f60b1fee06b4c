"""The project's own data (`data/`, written by us from the seed documents, shipped with the package) and the
modules that read it: the current-rules overlay, the seed claims, the seed cards, the keywords the project knows,
where rules and rulings come from (provenance), and the notes no answer may show."""
