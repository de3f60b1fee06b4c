"""The build: source files (a data folder like shared/riftbound-data, or RiftCodex items) and the project's own data
in, one SQLite database out (`pipeline.build_database`: stages, each a function, writing into a temporary file that
replaces the database only once it is complete). One importer per source format (`importers/`); the cards merged
from every source with their current wording; the rules of every version with what changed; the rulings with the
rules they cite; `sync` fetches RiftCodex and builds."""
