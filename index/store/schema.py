"""The DuckDB schema: normalised tables a person can query with plain SQL.

talks(id, title, conference, day, start_time, end_time, start_hm, end_hm,
      timezone, room, track, format, abstract, abstract_only, speakers_text,
      notes_text, content_hash, record, title_key, track_description)
                                   -- record: the whole talk as JSON; title_key: its
                                      title as ingest.text.title_key gives it
conferences(name, year, timezone, talks, first_day, last_day)
speakers(id, name)
talk_speakers(talk_id, speaker_id, position, affiliation, org, surname)  -- org: canonical
tracks(name, conference, description, talks)
notes(talk_id, label, text)
sources(talk_id, document, parser, location, section)
conflicts(talk_id, field, document, value)
documents(name, path, format, sha256, talks, warnings)
ingests(document, number)           -- the number of the ingest that stored each
                                    document (one more each ingest; a base from before
                                    has no table: 0). A table of its own, not a column
                                    of `documents`: an older talkbase writing into the
                                    base inserts `documents` rows of the shape it knows
records(document, position, talk_id, conference, record)  -- each parsed record of
                                    each document, as JSON, the talk it became part
                                    of, and the conference as the record names it
words(word, df)                    -- words of titles and abstracts (index.search.read.vocab.talk_words)
                                      and how many talks hold each
acronyms(short, long, talks)       -- acronyms titles and abstracts define ("uki",
                                      "unified kernel image": talkbase/core/acronyms.py)
                                      and how many talks define each so
sentences(row, talk_id, position, text)  -- row i <-> row i of the sentence files
                                            (in manifest order; rows of replaced
                                            talks are absent until a whole build)
embeddings(key, talk_id, row)            -- where the vector of a text lies: the
                                            talk id in vectors.faiss or the row of
                                            the sentence files (key: 64 bits of its sha256)
"""

from __future__ import annotations

ACRONYMS_DDL = "CREATE TABLE acronyms (short VARCHAR, long VARCHAR, talks INTEGER)"
# (a base from before ingest numbers were kept gets the table when it grows)
INGESTS_DDL = "CREATE TABLE IF NOT EXISTS ingests (document VARCHAR PRIMARY KEY, number INTEGER)"
# what each document was read with besides its bytes (index/build/reading.py)
READINGS_DDL = "CREATE TABLE IF NOT EXISTS readings (document VARCHAR PRIMARY KEY, options VARCHAR)"

DDL = f"""
CREATE TABLE talks (
    id BIGINT PRIMARY KEY, title VARCHAR NOT NULL, conference VARCHAR,
    day DATE, start_time TIMESTAMP, end_time TIMESTAMP, start_hm VARCHAR, end_hm VARCHAR,
    timezone VARCHAR, room VARCHAR, track VARCHAR, format VARCHAR, abstract VARCHAR,
    abstract_only BOOLEAN, speakers_text VARCHAR, notes_text VARCHAR,
    content_hash VARCHAR, record VARCHAR, title_key VARCHAR, track_description VARCHAR
);
CREATE TABLE conferences (
    name VARCHAR, year INTEGER, timezone VARCHAR, talks INTEGER, first_day DATE, last_day DATE
);
CREATE TABLE speakers (id INTEGER PRIMARY KEY, name VARCHAR NOT NULL);
CREATE TABLE talk_speakers (
    talk_id BIGINT, speaker_id INTEGER, position INTEGER, affiliation VARCHAR, org VARCHAR,
    surname VARCHAR
);
CREATE TABLE tracks (name VARCHAR, conference VARCHAR, description VARCHAR, talks INTEGER);
CREATE TABLE notes (talk_id BIGINT, label VARCHAR, text VARCHAR);
CREATE TABLE sources (
    talk_id BIGINT, document VARCHAR, parser VARCHAR, location VARCHAR, section VARCHAR
);
CREATE TABLE conflicts (talk_id BIGINT, field VARCHAR, document VARCHAR, value VARCHAR);
CREATE TABLE documents (
    name VARCHAR PRIMARY KEY, path VARCHAR, format VARCHAR, sha256 VARCHAR,
    talks INTEGER, warnings VARCHAR
);
{INGESTS_DDL};
{READINGS_DDL};
CREATE TABLE records (
    document VARCHAR, position INTEGER, talk_id BIGINT, conference VARCHAR, record VARCHAR
);
CREATE TABLE words (word VARCHAR, df INTEGER);
{ACRONYMS_DDL};
CREATE TABLE sentences (row INTEGER, talk_id BIGINT, position INTEGER, text VARCHAR);
CREATE TABLE embeddings (key BIGINT, talk_id BIGINT, row BIGINT);
"""

# A talk's length in whole minutes, in SQL over `talks` as t: from the instants its
# record holds (start_iso, end_iso, with their offsets), not from start_time and
# end_time, which are wall-clock times: a talk from 01:30+02:00 to 02:30+01:00 (the
# night summer time ends) lasts 120 minutes, its wall clock says 60. NULL without an
# end. (The record is the talk as ingest read it: bases built before need no rebuild.)
# Clocks change between midnight and 04:00 wherever they change, so a talk that starts
# from 04:00 and ends the same day is measured on its wall clock (the columns, no JSON
# read: a length limit stays cheap on a million talks); the others by their instants.
LENGTH_MINUTES = (
    "CASE WHEN hour(t.start_time) >= 4 AND CAST(t.end_time AS DATE) = CAST(t.start_time AS DATE)"
    " THEN date_diff('minute', t.start_time, t.end_time)"
    " ELSE floor((epoch(CAST(json_extract_string(t.record, '$.end_iso') AS TIMESTAMPTZ))"
    " - epoch(CAST(json_extract_string(t.record, '$.start_iso') AS TIMESTAMPTZ))) / 60) END"
)

# What lexical search reads of a talk (index/search/rank/lexical.py), in this order.
FTS_FIELDS = ("title", "abstract", "speakers_text", "track", "notes_text")
# The tables that hold rows of one talk (by `talk_id`), besides `talks` itself.
TALK_TABLES = ("talk_speakers", "notes", "sources", "conflicts", "records", "sentences")
