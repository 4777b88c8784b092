"""Write the exploration notebooks from the cell sources below, without outputs.

    python notebooks/make_notebooks.py           # (re)write notebooks/*.ipynb
    python notebooks/make_notebooks.py --check   # exit 1 if a notebook is out of date

Each notebook is a string: `%% md` starts a markdown cell, `%% code` a code
cell, and `%% setup` inserts the shared cell that opens the knowledge base.
Edit here, run the script, commit both. tests/test_notebooks.py executes the
notebooks against a freshly built knowledge base.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent

SETUP = """\
import os
from pathlib import Path

import talkbase

ROOT = Path.cwd().parent if Path.cwd().name == "notebooks" else Path.cwd()
HOME = os.environ.get("TALKBASE_HOME") or ROOT / ".kb"  # where `make ingest` puts it
tb = talkbase.open(HOME, build_from=ROOT / "data" / "programs")  # built if missing
tb"""

SETUP_NOTE = """\
The knowledge base is read from `TALKBASE_HOME`, else from the repository's `.kb`
folder; if there is none yet it is built there from `data/programs`, as `make ingest`
does. It is opened read-only."""


NOTEBOOKS: dict[str, str] = {}
"""Notebook stem -> cell sources; filled in below, one notebook per assignment."""


def cells(text: str) -> list[nbformat.NotebookNode]:
    """Cells from the `%% md` / `%% code` / `%% setup` source format."""
    out: list[nbformat.NotebookNode] = []
    kind, lines = "", []

    def flush() -> None:
        body = "\n".join(lines).strip("\n")
        if kind in ("md", "code") and not body.strip():
            raise ValueError(f"empty {kind} cell after cell {len(out)}")
        if kind == "md":
            out.append(new_markdown_cell(body))
        elif kind == "code":
            out.append(new_code_cell(body))
        elif kind == "setup":
            out.append(new_markdown_cell(SETUP_NOTE))
            out.append(new_code_cell(SETUP))

    for line in text.splitlines():
        if line.startswith("%% "):
            flush()
            kind, lines = line[3:].strip(), []
            if kind not in ("md", "code", "setup"):
                raise ValueError(f"unknown cell kind {kind!r}")
        else:
            lines.append(line)
    flush()
    return out


def notebook(stem: str, text: str) -> nbformat.NotebookNode:
    nb = new_notebook(cells=cells(text))
    for n, cell in enumerate(nb.cells):
        cell.id = f"{stem[:2]}-{n:02d}"  # stable ids keep regenerated files identical
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    return nb


def render(nb: nbformat.NotebookNode) -> str:
    return nbformat.writes(nb) + "\n"


NOTEBOOKS["01_program_at_a_glance"] = r'''
%% md
# The program at a glance

What is on the program, when and where, who gives the most talks, and which talks both
program documents describe — including where they disagree. Every table comes from the
knowledge base through the Python API (`talkbase.open`), as pandas DataFrames read from
DuckDB.
%% setup
%% code
import matplotlib.pyplot as plt
import pandas as pd

pd.set_option("display.max_colwidth", 70)
NOT_GIVEN = "(not given)"

talks = tb.talks()
talks["track_"] = talks["track"].fillna(NOT_GIVEN)
day_labels = [*talks["day"].dropna().drop_duplicates().sort_values().dt.strftime("%a %d %b"),
              NOT_GIVEN]  # in date order, talks without a day last
talks["day_"] = pd.Categorical(talks["day"].dt.strftime("%a %d %b").fillna(NOT_GIVEN),
                               categories=day_labels, ordered=True)
print(f"{len(talks)} talks, {talks['track'].nunique()} tracks, {talks['room'].nunique()} rooms, "
      f"{talks['day'].nunique()} days; {talks['start'].isna().sum()} talks have no time or room")
talks[["title", "day_", "start", "room", "track", "speakers"]].head()
%% md
## Talks per track and per day

Track, day and room come from the blog-style program. Talks that only the digest mentions
have none of them; they are counted as *(not given)* rather than dropped.
%% code
per_track = talks.groupby("track_").size().sort_values()
per_day = talks.groupby("day_", observed=False).size()

fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.5), width_ratios=[3, 1])
per_track.plot.barh(ax=left, color="tab:blue")
left.set(title="Talks per track", xlabel="talks", ylabel="")
per_day.plot.bar(ax=right, color="tab:orange", rot=0)
right.set(title="Talks per day", xlabel="", ylabel="talks")
fig.tight_layout()
%% md
The same counts as a track × day table: a track that sits on one day only is easy to miss
if you attend the other.
%% code
pd.crosstab(talks["track_"], talks["day_"], margins=True, margins_name="all")
%% md
## Timeline and room occupancy

Each bar is one talk in its room, coloured by track. Gaps are breaks or idle rooms; two
bars overlapping in one row would be a double-booked room (checked below).
%% code
timed = talks.dropna(subset=["start", "end", "room"]).copy()
timed["from_h"] = timed["start"].dt.hour + timed["start"].dt.minute / 60
timed["to_h"] = timed["end"].dt.hour + timed["end"].dt.minute / 60
rooms = sorted(timed["room"].unique())
palette = plt.get_cmap("tab20").colors
colours = {track: palette[i % len(palette)] for i, track in enumerate(sorted(timed["track_"].unique()))}
days = sorted(timed["day"].unique())

fig, axes = plt.subplots(len(days), 1, figsize=(12, 1 + 0.5 * len(rooms) * len(days)),
                         sharex=True, squeeze=False)
for ax, day in zip(axes[:, 0], days, strict=True):
    for _, t in timed[timed["day"] == day].iterrows():
        ax.barh(rooms.index(t["room"]), t["to_h"] - t["from_h"], left=t["from_h"],
                color=colours[t["track_"]], edgecolor="white")
    ax.set_yticks(range(len(rooms)), rooms)
    ax.set_title(pd.Timestamp(day).strftime("%A %d %B"))
axes[-1, 0].set_xlabel("hour of the day")
handles = [plt.Rectangle((0, 0), 1, 1, color=c) for c in colours.values()]
fig.legend(handles, list(colours), loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=3,
           fontsize="small", frameon=False)
fig.tight_layout()
%% md
How full is each room? Booked minutes over the length of that day's program (first start to
last end), and a check for two talks sharing a room at the same time.
%% code
span_h = timed.groupby("day_", observed=True).agg(first=("from_h", "min"), last=("to_h", "max"))
span_h = span_h["last"] - span_h["first"]
occupancy = timed.groupby(["room", "day_"], observed=True)["minutes"].sum().unstack(fill_value=0)
occupancy = (occupancy / 60 / span_h).round(2)
occupancy.assign(talks=timed.groupby("room").size()).sort_values("talks", ascending=False)
%% code
pairs = timed.merge(timed, on=["day", "room"], suffixes=("", "_other"))
clashes = pairs[(pairs["id"] < pairs["id_other"]) & (pairs["start"] < pairs["end_other"])
                & (pairs["start_other"] < pairs["end"])]
print(f"{len(clashes)} double-booked room slots")
clashes[["day_", "room", "title", "start", "title_other", "start_other"]]
%% md
## Who gives the most talks

`tb.speakers()` counts talks per speaker. For organisations, an affiliation is reduced to
the organisation itself ("Meta (PyTorch Distributed)" → Meta) and initials are folded into
the full name ("AWS" = "Amazon Web Services"), with the rules the merger uses
(`ingest.text.org_key` and `same_org`).
%% code
tb.speakers().head(10)
%% code
from ingest.text import org_key, same_org

affiliations = tb.sql("""
    SELECT ts.talk_id, s.name, ts.affiliation
    FROM talk_speakers ts JOIN speakers s ON s.id = ts.speaker_id
    WHERE ts.affiliation IS NOT NULL""")
affiliations["key"] = affiliations["affiliation"].map(org_key)
canonical: dict[str, str] = {}  # organisation key -> the key it is folded into
for key in affiliations["key"].value_counts().index:  # most frequent first
    canonical[key] = next((c for c in set(canonical.values()) if same_org(key, c)), key)
affiliations["key"] = affiliations["key"].map(canonical)
heads = affiliations["affiliation"].str.split(r"\s*[(,/;]", n=1, regex=True).str[0]
shown = heads.groupby(affiliations["key"]).agg(lambda names: max(names, key=len))

orgs = (affiliations.groupby("key")
        .agg(talks=("talk_id", "nunique"), speakers=("name", "nunique"))
        .assign(organisation=shown).set_index("organisation")
        .sort_values(["talks", "speakers"], ascending=False))
ax = orgs.head(10)["talks"].sort_values().plot.barh(figsize=(7, 4), color="tab:green")
ax.set(title="Organisations with the most talks", xlabel="talks", ylabel="")
orgs.head(10)
%% md
## Talks both documents describe, and where they disagree

Talks found in both documents were merged into one record. Where the documents agree the
merge is silent; where they disagree every value is kept with its document, in the
`conflicts` table and on the talk itself (`Talk.conflicts`).
%% code
both = tb.sql("""
    SELECT t.id, t.title, string_agg(DISTINCT s.parser, ' + ') AS described_by,
           count(DISTINCT c.field) AS fields_in_conflict
    FROM talks t JOIN sources s ON s.talk_id = t.id
    LEFT JOIN conflicts c ON c.talk_id = t.id
    GROUP BY t.id, t.title HAVING count(DISTINCT s.document) > 1
    ORDER BY fields_in_conflict DESC, t.title""")
print(f"{len(both)} talks are in both documents; "
      f"{(both['fields_in_conflict'] > 0).sum()} of them disagree on something")
both
%% code
tb.conflicts()
%% md
The same disagreements read from the typed records: each `Conflict` names the field and
lists every document's value.
%% code
for talk_id in tb.conflicts()["talk_id"].unique():
    talk = tb.talk(int(talk_id))
    print(f"{talk.title}  [id {talk.id}]")
    for conflict in talk.conflicts:
        print(f"  {conflict.field}:")
        for document, value in conflict.values:
            print(f"    {document}: {value}")
%% md
Most disagreements are about speakers: one document lists co-speakers the other leaves out,
or names a team where the other names the company. Neither is simply wrong, so the
knowledge base shows both rather than guessing.
'''

NOTEBOOKS["02_semantic_search"] = r"""
%% md
# Semantic search

A handful of questions an attendee might ask, each put to the three search modes, side by
side, with the evidence for every result.

* **lexical**: BM25 over title, abstract, notes, speakers and track (DuckDB full-text
  search). Finds talks that use the question's words, and only those.
* **dense**: cosine similarity between the question and the talk embeddings
  (all-MiniLM-L6-v2), averaged with the talk's best-matching sentence. Finds paraphrases,
  but always returns something, related or not.
* **hybrid** (the default): both lists fused; by default min-max scaled scores weighted
  0.6 lexical / 0.4 dense (`talkbase settings` lists the knobs).
%% setup
%% code
import pandas as pd
from IPython.display import Markdown, display

pd.set_option("display.max_colwidth", 80)
MODES = ("lexical", "dense", "hybrid")
K = 5
QUESTIONS = [
    "my training job dies whenever one GPU fails",
    "how do I keep the GPUs fed with data",
    "making LLM inference cheaper to serve",
    "torch.compile keeps recompiling when input sizes change",
    "4-bit training",
    "what is Monarch",
]
%% md
One search first. A result list is a `talkbase.api.Results`: a plain list of the same
`Hit` records the CLI prints, shown as a table in Jupyter.
%% code
hits = tb.search(QUESTIONS[0], k=K)
hits
%% code
top = hits[0]
print(top.talk.title, "|", top.talk.room, top.talk.start, "| score", round(top.score, 3))
print(top.why)
%% md
## Lexical vs dense vs hybrid, side by side

Every question in every mode (the first dense search loads the model once). Lexical can
return fewer than five talks: a talk without any of the question's words is not a match.
%% code
runs = {(q, mode): tb.search(q, k=K, mode=mode) for q in QUESTIONS for mode in MODES}


def side_by_side(question: str) -> pd.DataFrame:
    columns = {}
    for mode in MODES:
        titles = [h.talk.title for h in runs[question, mode]]
        columns[mode] = titles + [""] * (K - len(titles))
    return pd.DataFrame(columns, index=range(1, K + 1))


for question in QUESTIONS:
    display(Markdown(f"**{question}**"), side_by_side(question))
%% md
How much do the modes agree? Overlap of the top five between the two signals, and how much
of each the hybrid list keeps.
%% code
rows = []
for q in QUESTIONS:
    ids = {mode: set(runs[q, mode].ids) for mode in MODES}
    rows.append({
        "question": q,
        "lexical matches": len(runs[q, "lexical"]),
        "lexical ∩ dense": len(ids["lexical"] & ids["dense"]),
        "hybrid ∩ lexical": len(ids["hybrid"] & ids["lexical"]),
        "hybrid ∩ dense": len(ids["hybrid"] & ids["dense"]),
    })
pd.DataFrame(rows).set_index("question")
%% md
Where words fail: "4-bit training" shares only the word *training* with the low-precision
talks, which speak of NVFP4, HiFloat4 and FP8 instead. The rank of each talk of
the quantization track, per mode (deeper lists, so a miss shows as a rank rather than a gap):
%% code
question = "4-bit training"
quantization = tb.talks().query("track.str.contains('Quantization', na=False)")
deep = {mode: tb.search(question, k=len(tb), mode=mode).ids for mode in MODES}
pd.DataFrame({
    mode: [deep[mode].index(i) + 1 if i in deep[mode] else None for i in quantization["id"]]
    for mode in MODES
}, index=quantization["title"]).astype("Int64")
%% md
## Why each result matched

Each hit carries its evidence in `hit.why`:

* `matched_terms`: the question's words found in the talk (after stemming),
* `best_sentence`: the sentence of the talk closest to the question,
* `lexical_rank` / `dense_rank`: where each signal ranked the talk on its own,
* `carried_by`: which signal put it in the hybrid list — `lexical`, `semantic` or `both`.

`Results.to_frame()` lays all of it out, one row per hit:
%% code
why_columns = ["rank", "title", "carried_by", "matched_terms", "lexical_rank", "dense_rank",
               "best_sentence"]
runs[QUESTIONS[3], "hybrid"].to_frame()[why_columns]
%% code
for question in QUESTIONS:
    best = runs[question, "hybrid"][0]
    print(f"{question}\n  -> {best.talk.title}\n     carried by {best.why.carried_by}; "
          f"matched: {', '.join(best.why.matched_terms) or '-'}\n"
          f"     \"{best.why.best_sentence}\"\n")
%% md
Across all questions: how often each signal carried a hybrid result.
%% code
hybrid = pd.concat([runs[q, "hybrid"].to_frame().assign(question=q) for q in QUESTIONS])
carried = hybrid.groupby("question", sort=False)["carried_by"].value_counts().unstack(fill_value=0)
ax = carried.plot.barh(stacked=True, figsize=(8, 3.5), color={
    "both": "tab:purple", "lexical": "tab:blue", "semantic": "tab:orange"})
ax.set(title="what carried each hybrid result", xlabel="results in the top five", ylabel="")
ax.invert_yaxis()
carried.loc["all questions"] = carried.sum()
carried
%% md
## Filters narrow before ranking

Filters (day, after, before, track, room, speaker, org, conference) pick the candidate
talks first, then the ranking runs on those only — so a filtered search never comes back
emptier than it needs to.
%% code
tb.search("AI agents", k=5, day="Tue", before="13:00")
%% code
tb.search("GPU kernels", k=5, track="kernel", day="Wed")
%% md
## Take-aways

* Lexical is precise when the question uses the program's words, names in particular
  ("Monarch"), and silent otherwise.
* Dense bridges vocabulary ("4-bit" → NVFP4) but always fills the list, so its tail can be
  unrelated; the best sentence shows quickly whether a match is real.
* Hybrid keeps the talks both signals agree on at the top and lets either signal add what
  the other misses; `04_search_quality` scores the three modes against judged queries.
"""

NOTEBOOKS["03_topics_and_similarity"] = r"""
%% md
# Topics and similarity

The program's tracks are one grouping of the talks; their embeddings suggest another. This
notebook clusters the talk vectors, labels the clusters with the words that set them
apart, maps them in 2-D coloured by track and by cluster, shows the talk-to-talk similarity
matrix, asks for "more like this", and measures which tracks overlap in content.

Vectors come from `tb.embeddings()`: the ids and the unit-length talk vectors row for
row, so the cosine similarity of two talks is a dot product.
%% setup
%% code
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from sklearn.cluster import SpectralClustering
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, TfidfVectorizer
from sklearn.manifold import TSNE
from sklearn.metrics import adjusted_rand_score

pd.set_option("display.max_colwidth", 90)
ids, X = tb.embeddings()
talks = tb.talks().set_index("id").loc[ids].reset_index()  # rows aligned with X
talks["track"] = talks["track"].fillna("(not given)")
S = X @ X.T  # cosine similarity, talk by talk
palette = [*plt.get_cmap("tab20").colors[::2], *plt.get_cmap("tab20").colors[1::2]]
print(f"{X.shape[0]} talks × {X.shape[1]} dimensions; "
      f"mean similarity between two different talks {S[~np.eye(len(S), dtype=bool)].mean():.2f}")
%% md
## Clusters

Spectral clustering on the graph that links each talk to its nearest neighbours, with as
many clusters as the program has tracks (so that the two groupings can be compared at the
same grain; a program that names no tracks gets about one cluster per eight talks). Short texts on one conference's themes blend into each other rather than form
islands; a graph of near neighbours copes with that better than distances to centroids,
which here give a few huge clusters and many tiny ones.

A quick check of either grouping: how many of a talk's five nearest talks share its group.
%% code
n_tracks = talks.loc[talks["track"] != "(not given)", "track"].nunique()
K = max(2, n_tracks if n_tracks >= 2 else round(len(talks) / 8))
talks["cluster"] = SpectralClustering(n_clusters=K, affinity="nearest_neighbors",
                                      n_neighbors=min(8, len(talks) - 1),
                                      assign_labels="cluster_qr", random_state=0).fit_predict(X)

neighbours = np.argsort(-S, axis=1)[:, 1:6]  # column 0 is the talk itself
agreement = {
    grouping: float((codes[neighbours] == codes[:, None]).mean())
    for grouping, codes in (("track", pd.factorize(talks["track"])[0]),
                            ("cluster", talks["cluster"].to_numpy()))
}
print(f"{K} clusters; share of the 5 nearest talks in the same group: "
      + ", ".join(f"{g} {v:.0%}" for g, v in agreement.items()))
%% md
Readable labels: the words (and word pairs) whose TF-IDF weight is highest inside a cluster
compared with outside it, over title (counted twice) and abstract, skipping English
function words and words that a third of the talks here use.
%% code
texts = talks["title"] + ". " + talks["title"] + ". " + talks["abstract"].fillna("")
tfidf = TfidfVectorizer(stop_words=sorted(ENGLISH_STOP_WORDS), ngram_range=(1, 2),
                        min_df=2, max_df=0.3, sublinear_tf=True,
                        token_pattern=r"(?u)\b[^\W\d_][\w.-]*\w\b")  # words in any script
W = tfidf.fit_transform(texts)
terms = tfidf.get_feature_names_out()


def label(members: np.ndarray, n: int = 3) -> str:
    lift = np.asarray(W[members].mean(axis=0) - W[~members].mean(axis=0)).ravel()
    chosen: list[str] = []
    for i in np.argsort(-lift):
        if not any(terms[i] in c or c in terms[i] for c in chosen):  # no "shape" + "shapes"
            chosen.append(terms[i])
        if len(chosen) == n:
            break
    return " · ".join(chosen)


labels = {c: label((talks["cluster"] == c).to_numpy()) for c in range(K)}
talks["topic"] = talks["cluster"].map(labels)
summary = talks.groupby(["cluster", "topic"]).agg(
    talks=("id", "size"),
    main_track=("track", lambda t: t.value_counts().index[0]),
    track_share=("track", lambda t: round(t.value_counts().iloc[0] / len(t), 2)),
    examples=("title", lambda t: " | ".join(t.head(2))),
)
summary.sort_values("talks", ascending=False)
%% md
## A 2-D map: by track and by cluster

t-SNE squeezes the 384 dimensions into two while keeping near neighbours near; distances
between far-apart groups mean little. The same map twice: coloured by the program's track,
and by the cluster found above.
%% code
xy = TSNE(n_components=2, perplexity=min(12, (len(talks) - 1) / 3), metric="cosine", init="pca",
          random_state=0).fit_transform(X)
fig, (by_track, by_cluster) = plt.subplots(1, 2, figsize=(15, 6.5))
groups = [(by_track, "track", sorted(talks["track"].unique()), "coloured by track"),
          (by_cluster, "cluster", list(range(K)), "coloured by cluster")]
for ax, column, values, title in groups:
    for i, value in enumerate(values):
        mask = (talks[column] == value).to_numpy()
        name = value if column == "track" else f"{value}: {labels[value]}"
        ax.scatter(xy[mask, 0], xy[mask, 1], s=40, color=palette[i % 20], label=name)
    ax.legend(fontsize="x-small", loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=2,
              frameon=False)
    ax.set(title=title, xticks=[], yticks=[])
fig.tight_layout()
%% md
## Talk-to-talk similarity, ordered by cluster

Each cell is the cosine similarity of two talks; rows and columns are sorted by cluster
(then track), with white lines between clusters. Bright blocks on the diagonal are
clusters that hold together; bright cells off the diagonal are talks that could have gone
either way.
%% code
order = np.lexsort((talks["track"].to_numpy(), talks["cluster"].to_numpy()))
sizes = talks["cluster"].value_counts().sort_index().to_numpy()
edges = np.cumsum(sizes)[:-1] - 0.5
centres = np.cumsum(sizes) - sizes / 2 - 0.5

fig, ax = plt.subplots(figsize=(10, 8.5))
image = ax.imshow(S[np.ix_(order, order)], cmap="viridis", vmin=0, vmax=np.quantile(S, 0.99))
for edge in edges:
    ax.axhline(edge, color="white", lw=0.8)
    ax.axvline(edge, color="white", lw=0.8)
ax.set_yticks(centres, [labels[c] for c in range(K)], fontsize="small")
ax.set_xticks([])
fig.colorbar(image, ax=ax, label="cosine similarity", shrink=0.8)
ax.set_title("talk-to-talk similarity, ordered by cluster")
fig.tight_layout()
%% md
## More like this

`tb.similar(talk, k)` returns the nearest talks by embedding, never the talk itself,
re-ranked by maximal marginal relevance so that near-copies of one idea do not fill the
list (`diversity=0.3` by default). Any talk will do (`tb.talk("a title")`); here, the one
whose five nearest talks are closest to it, so that the list has something to choose from.
%% code
seed = tb.talk(int(ids[np.argmax(np.sort(S, axis=1)[:, -6:-1].mean(axis=1))]))
more = tb.similar(seed, k=5)
print(f"More like: {seed.title}")
more
%% md
Side by side with the plain nearest neighbours from the similarity matrix, and with a much
more diverse list: the higher the diversity, the more a candidate is penalised for
resembling talks already picked.
%% code
row = int(np.flatnonzero(ids == seed.id)[0])
nearest = [i for i in np.argsort(-S[row]) if i != row][:5]
pd.DataFrame({
    "nearest by cosine": talks["title"].iloc[nearest].to_list(),
    "cosine": S[row, nearest].round(3),
    "similar()": more.to_frame()["title"].to_list(),
    "similar(diversity=0.7)": [h.talk.title for h in tb.similar(seed, k=5, diversity=0.7)],
}, index=range(1, 6))
%% md
## More talks for me

`tb.recommend(saved, avoid=(), k=10, fits=False)` starts from a whole agenda: the saved
talks are grouped into interests, each interest gets its share of the list (a small one
is not drowned by a large one), nothing saved or hidden comes back, and with `fits=True`
nothing that clashes with a saved talk. Each hit says which saved talk it follows from
and what they share. Here an agenda of two interests: the talk above, and the most central
talk of the largest other cluster.
%% code
other = talks.loc[talks["cluster"] != talks.loc[row, "cluster"], "cluster"].value_counts().index[0]
inside = np.flatnonzero(talks["cluster"] == other)
centre = inside[np.argmax(S[np.ix_(inside, inside)].mean(axis=1))]
saved = [seed.id, int(ids[centre])]
for_me = tb.recommend(saved, k=6, fits=True)
pd.DataFrame({
    "talk": [h.talk.title for h in for_me],
    "because": [h.why.reason for h in for_me],
}, index=range(1, len(for_me) + 1))
%% md
## Which tracks overlap in content

Average similarity between the talks of two tracks (within a track: between its different
talks). A track whose diagonal cell is barely above its row is broad; two tracks with a
bright shared cell cover neighbouring ground. A program naming fewer than two tracks has
its clusters' topics compared instead.
%% code
tracks = sorted(t for t in talks["track"].unique() if t != "(not given)")
grouping = "track" if len(tracks) >= 2 else "topic"
tracks = tracks if grouping == "track" else sorted(talks["topic"].unique())
members = {t: (talks[grouping] == t).to_numpy() for t in tracks}
overlap = pd.DataFrame(index=tracks, columns=tracks, dtype=float)
for a in tracks:
    for b in tracks:
        block = S[np.ix_(members[a], members[b])]
        if a == b:
            block = block[~np.eye(len(block), dtype=bool)] if len(block) > 1 else np.array([np.nan])
        overlap.loc[a, b] = float(np.mean(block))

fig, ax = plt.subplots(figsize=(9, 7.5))
image = ax.imshow(overlap.to_numpy(), cmap="magma")
short = [t if len(t) <= 34 else t[:32] + "…" for t in tracks]
ax.set_xticks(range(len(tracks)), short, rotation=60, ha="right", fontsize="small")
ax.set_yticks(range(len(tracks)), short, fontsize="small")
fig.colorbar(image, ax=ax, label="mean cosine similarity", shrink=0.8)
ax.set_title(f"content overlap between {grouping}s")
fig.tight_layout()
%% code
pairs = [(a, b, overlap.loc[a, b]) for i, a in enumerate(tracks) for b in tracks[i + 1:]]
closest = pd.DataFrame(pairs, columns=["track", "other track", "mean cosine"])
closest.sort_values("mean cosine", ascending=False, ignore_index=True).head(6).round(3)
%% md
And the two groupings against each other: how each track's talks spread over the clusters
(numbered as in the table of topics above). The adjusted Rand index is 1 when clusters and
tracks coincide and about 0 when they are unrelated.
%% code
ari = adjusted_rand_score(talks["track"], talks["cluster"])
print(f"adjusted Rand index, tracks vs clusters: {ari:.2f}")
pd.crosstab(talks["track"], talks["cluster"])
%% md
Tracks are editorial decisions (a talk on the border of two subjects goes in one track or
the other), while clusters follow vocabulary. Where they
disagree is exactly where "more like this" is useful: it crosses track boundaries that a
person browsing the program by track would not.
"""

NOTEBOOKS["04_search_quality"] = r"""
%% md
# Search quality

How well does each search mode rank the talks a person would want? The graded judgments in
`tests/data/dev_queries.json` list, for a dozen queries, the talks that are squarely on
topic (grade 2) and partly relevant (grade 1). Each mode is scored on them with

* **nDCG@10**: rewards relevant talks near the top of the first ten, grade 2 more than
  grade 1; 1.0 is the ideal order.
* **Recall@5**: the share of a query's relevant talks that make the first five.

The numbers match `talkbase eval tests/data/dev_queries.json`; here they are broken down
per query, to see where each mode fails. The judgments file is read from
`TALKBASE_JUDGMENTS` if set.
%% setup
%% code
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from index.evaluate import load_judgments, ndcg_at, recall_at
from ingest.text import title_key

pd.set_option("display.max_colwidth", 70)
JUDGMENTS = Path(os.environ.get("TALKBASE_JUDGMENTS")
                 or ROOT / "tests" / "data" / "dev_queries.json")
MODES = ("lexical", "dense", "hybrid")
judged = load_judgments(JUDGMENTS)
known = set(tb.talks()["title"].map(title_key))
unknown = [(j.query, t) for j in judged for t in j.relevant if t not in known]
print(f"{len(judged)} judged queries, {sum(len(j.relevant) for j in judged)} relevant talks; "
      f"{len(unknown)} judged titles not in the knowledge base")
%% md
## Scores per mode

Each query is run once per mode over the whole program (every talk ranked, where the mode
ranks it), so the same runs serve the scores here and the failure analysis below.
%% code
ranked = {(j.query, mode): [title_key(t.title) for t in tb.search(j.query, k=len(tb), mode=mode).talks]
          for j in judged for mode in MODES}
scores = pd.DataFrame([
    {"query": j.query, "mode": mode,
     "nDCG@10": ndcg_at(ranked[j.query, mode], j.relevant, 10),
     "Recall@5": recall_at(ranked[j.query, mode], j.relevant, 5)}
    for j in judged for mode in MODES
])
overall = scores.groupby("mode")[["nDCG@10", "Recall@5"]].mean().loc[list(MODES)]
ax = overall.plot.bar(rot=0, figsize=(7, 3.5), ylim=(0, 1))
ax.set(title=f"Mean over {len(judged)} judged queries", xlabel="", ylabel="score")
ax.legend(loc="lower right")
overall.round(3)
%% md
## Per query: where each mode fails

One row per query. A mode **misses** a query when none of its relevant talks reaches the
first five (Recall@5 = 0) and is **weak** on it when nDCG@10 is under 0.5.
%% code
table = scores.pivot(index="query", columns="mode").reindex(columns=list(MODES), level=1)
table = table.loc[[j.query for j in judged]]


def verdict(query: str) -> str:
    notes = []
    for mode in MODES:
        if table.loc[query, ("Recall@5", mode)] == 0:
            notes.append(f"{mode} misses")
        elif table.loc[query, ("nDCG@10", mode)] < 0.5:
            notes.append(f"{mode} weak")
    return ", ".join(notes) or "all fine"


table[("", "verdict")] = [verdict(q) for q in table.index]
table.round(2)
%% code
ndcg = table["nDCG@10"][list(MODES)]
fig, ax = plt.subplots(figsize=(7, 0.45 * len(ndcg) + 1.5))
image = ax.imshow(ndcg.to_numpy(), cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
for (r, c), value in np.ndenumerate(ndcg.to_numpy()):
    ax.text(c, r, f"{value:.2f}", ha="center", va="center", fontsize="small")
ax.set_xticks(range(len(MODES)), MODES)
ax.set_yticks(range(len(ndcg)), [q if len(q) <= 50 else q[:48] + "…" for q in ndcg.index],
              fontsize="small")
fig.colorbar(image, ax=ax, label="nDCG@10")
ax.set_title("nDCG@10 per query and mode")
fig.tight_layout()
%% md
How often does hybrid do at least as well as the better of the two signals it fuses, and
how often does it fall below the worse one?
%% code
best_single = ndcg[["lexical", "dense"]].max(axis=1)
worst_single = ndcg[["lexical", "dense"]].min(axis=1)
print(f"hybrid ≥ best single mode on {(ndcg['hybrid'] >= best_single - 1e-9).sum()} "
      f"of {len(ndcg)} queries; below the worse one on {(ndcg['hybrid'] < worst_single - 1e-9).sum()}")
%% md
## The missed talks

For every relevant talk that some mode leaves out of its first five: its grade and where
each mode ranked it (empty where a lexical search did not match the talk at all). This is
the list to read when tuning: a talk that only one signal finds shows what the other lacks.
%% code
titles = dict(zip(tb.talks()["title"].map(title_key), tb.talks()["title"], strict=True))
rows = []
for j in judged:
    for key, grade in sorted(j.relevant.items(), key=lambda kv: -kv[1]):
        ranks = {mode: (ranked[j.query, mode].index(key) + 1 if key in ranked[j.query, mode]
                        else None) for mode in MODES}
        if any(r is None or r > 5 for r in ranks.values()):
            rows.append({"query": j.query, "relevant talk": titles.get(key, key),
                         "grade": grade, **ranks})
missed = pd.DataFrame(rows, columns=["query", "relevant talk", "grade", *MODES])
missed[list(MODES)] = missed[list(MODES)].astype("Int64")
missed
%% md
## How much weight for words?

Hybrid search fuses the two lists with `TALKBASE_LEXICAL_WEIGHT` (default 0.6) as the
lexical share. The settings are read on every search, so the weight can be swept here
without rebuilding anything (the environment is restored afterwards).
%% code
from talkbase.core import settings

saved = os.environ.get("TALKBASE_LEXICAL_WEIGHT")
sweep = []
try:
    for weight in np.linspace(0, 1, 6):
        os.environ["TALKBASE_LEXICAL_WEIGHT"] = f"{weight:.2f}"
        runs = [[title_key(t.title) for t in tb.search(j.query, k=10).talks] for j in judged]
        sweep.append({
            "lexical weight": round(weight, 2),
            "nDCG@10": np.mean([ndcg_at(r, j.relevant, 10) for r, j in zip(runs, judged, strict=True)]),
            "Recall@5": np.mean([recall_at(r, j.relevant, 5) for r, j in zip(runs, judged, strict=True)]),
        })
finally:
    if saved is None:
        os.environ.pop("TALKBASE_LEXICAL_WEIGHT", None)
    else:
        os.environ["TALKBASE_LEXICAL_WEIGHT"] = saved
print("fusion in use:", settings.fusion(), "| lexical weight in use:", settings.lexical_weight())
sweep = pd.DataFrame(sweep).set_index("lexical weight")
ax = sweep.plot(marker="o", figsize=(7, 3.5), ylim=(0, 1))
ax.set(title="hybrid search against the lexical weight", ylabel="score")
sweep.round(3)
%% md
With a dozen queries a difference of one query moves the mean by several points, so treat
the sweep as a sanity check of the default rather than a tuning result; more judged
queries (same file format) make it trustworthy.
"""


def main(argv: list[str]) -> int:
    stale = []
    for stem, text in NOTEBOOKS.items():
        path = HERE / f"{stem}.ipynb"
        wanted = render(notebook(stem, text))
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == wanted:
            continue
        stale.append(path.name)
        if "--check" not in argv:
            path.write_text(wanted, encoding="utf-8")
    if "--check" in argv and stale:
        print("out of date: " + ", ".join(stale) + " (run python notebooks/make_notebooks.py)")
        return 1
    for name in stale:
        print(f"wrote {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
