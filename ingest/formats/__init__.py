"""One module per program format; each registers itself in `registry` when imported.
The built-in formats are imported here, so importing `ingest.formats` registers them all."""

from ingest.formats import (  # noqa: F401  (each registers its format)
    blog,
    digest,
    frab,
    frabxml,
    htmlpage,
    ical,
    jsonld,
    markdown,
    tablesniff,
    tomltree,
    xlsx,
    yamltree,
)
