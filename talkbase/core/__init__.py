"""The ground floor: records, errors, settings, presentation helpers and the
organisation table. Imports nothing else of ours; every layer may import it."""
