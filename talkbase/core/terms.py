"""The shared vocabularies: words more than one layer knows, said once.

Weekdays (query understanding, filters), session formats (the parsers that
strip "Keynote: " from a title, the blog parser's format lines, the words a
query names a format with, and their names in other languages: a calendar's
categories), the words for a room (queries, a Markdown program's headings), the
words a program writes in a speaker's place before it knows one ("TBA", "Varios"),
and the search modes.
"""

from __future__ import annotations

import re
import unicodedata

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
WEEKDAY_ABBREVIATIONS = tuple(d[:3] for d in WEEKDAYS)  # "mon" ... "sun"

# Session formats as programs write them, before a title ("Keynote: ...") or on
# a line of their own (a blog post's format line).
SESSION_FORMATS = (
    "Birds of a Feather",
    "BoF",
    "Keynote",
    "Panel",
    "Lightning Talk",
    "Tutorial",
    "Workshop",
    "Poster",
    "Demo",
    "Demo Theater",
    "Community Expo",
)
# The formats a query names (lowercase), and the words a talk's format may use for it
# (each a word's start there: "lightning" is FOSDEM's "lightningtalk").
FORMAT_WORDS: dict[str, tuple[str, ...]] = {
    "keynote": ("keynote",),
    "bof": ("bof", "birds of a feather"),
    "birds of a feather": ("bof", "birds of a feather"),
    "demo": ("demo",),
    "lightning": ("lightning",),
    "workshop": ("workshop",),
    "panel": ("panel",),
    "tutorial": ("tutorial",),
    "poster": ("poster",),
    "main track": ("main track", "maintrack"),
}

# What people call a room, said before or after its name ("room K.3.201", "the Lameere
# room", "sala MOV", "palco XOR", "the XOR stage"): queries name rooms with them
# (index/search/read/lexicon.py), Markdown programs' headings do (ingest/formats/mdparts.py)
ROOM_WORDS: dict[str, tuple[str, ...]] = {
    # (a foyer or lobby is a place of the program too, no person: "— various speakers,
    # Foyer", "— Jane Doe, Foyer", sweep 24)
    "en": ("room", "hall", "stage", "track room", "auditorium", "foyer", "lobby"),
    "it": ("sala", "aula", "palco", "stanza", "auditorium"),
    "de": ("raum", "saal", "bühne", "buehne", "hörsaal", "hoersaal"),
    "fr": ("salle", "salon", "scène", "scene", "amphi", "amphithéâtre", "amphitheatre"),
    "es": ("sala", "aula", "escenario", "auditorio"),
    "nl": ("zaal", "podium", "lokaal"),
    "pt": ("sala", "auditório", "auditorio", "palco", "anfiteatro"),
    "pl": ("sala", "aula", "scena"),
    "tr": ("salon", "salonu", "sahne"),
    "sv": ("salen", "scen", "scenen", "aula"),
    "cs": ("sál", "sal", "posluchárna", "poslucharna", "učebna", "ucebna"),
    "fi": ("sali", "luentosali", "auditorio"),
    "hu": ("terem", "terme", "előadóterem", "eloadoterem", "színpad", "szinpad"),
    "ro": ("sala", "sală", "aula", "scena", "scenă"),
    "id": ("ruang", "ruangan", "aula", "panggung"),
    "vi": ("phòng", "hội trường", "sân khấu"),
    "ar": ("قاعة", "القاعة", "مسرح", "المسرح"),
    # (not the bare "במה", a stage but also "in what": "במה לבחור"; "הבמה" is "the stage")
    "he": ("אולם", "האולם", "חדר", "החדר", "הבמה", "אודיטוריום", "האודיטוריום"),
    "uk": ("зала", "зал", "аудиторія", "сцена"),
    "ru": ("зал", "аудитория", "сцена", "комната"),
    "bg": ("зала", "аудитория", "сцена"),
    "el": ("αίθουσα", "αιθουσα", "αμφιθέατρο", "αμφιθεατρο", "σκηνή", "σκηνη"),
    "fa": ("سالن", "اتاق", "تالار"),
    "hi": ("कक्ष", "सभागार", "हॉल", "मंच"),
    "th": ("ห้อง", "เวที", "หอประชุม"),
    "ja": ("会場", "会議室", "ホール", "ルーム", "教室"),
    "zh": ("会议室", "會議室", "礼堂", "禮堂", "大厅", "大廳", "会场", "會場"),
    "ko": ("홀", "강당", "룸", "볼룸"),
    "sw": ("ukumbi", "chumba", "jukwaa"),
    # (not Bengali "হল", a hall but also "is", "was")
    "bn": ("কক্ষ", "মিলনায়তন", "মঞ্চ"),
    "ta": ("அரங்கு", "அரங்கம்", "அறை", "மேடை"),
    "am": ("አዳራሽ", "ክፍል", "መድረክ"),
}

# What a program's title calls it after the conference's name ("PyCon India 2026 —
# Programme", "पायकॉन इंडिया 2026 — कार्यक्रम", "DevConf 2026 Schedule"), by language:
# a word the Markdown reader leaves out of the conference's name it reads from a
# heading (ingest/formats/mdparts.py, `program_word_off`)
PROGRAM_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("program", "programme", "schedule", "agenda", "timetable"),
    "de": ("programm", "zeitplan", "ablauf"),
    "fr": ("programme", "horaire"),
    "es": ("programa", "agenda", "horario", "cronograma"),
    "it": ("programma",),
    "pt": ("programa", "programação", "agenda", "cronograma"),
    "nl": ("programma",),
    "pl": ("program", "harmonogram"),
    "tr": ("program", "program akışı"),
    "sv": ("program", "schema"),
    "cs": ("program", "harmonogram"),
    "fi": ("ohjelma", "aikataulu"),
    "ro": ("program", "programul"),
    "id": ("jadwal", "agenda", "acara"),
    "vi": ("chương trình", "lịch trình"),
    "ar": ("البرنامج", "برنامج", "جدول الأعمال"),
    "he": ("תוכנית", "התוכנית", "לוח זמנים"),
    "uk": ("програма", "розклад"),
    "ru": ("программа", "расписание"),
    "bg": ("програма",),
    "el": ("πρόγραμμα",),
    "fa": ("برنامه", "برنامه زمانی"),
    "hi": ("कार्यक्रम", "कार्यसूची"),
    "th": ("กำหนดการ",),
    "ja": ("プログラム", "タイムテーブル"),
    "zh": ("议程", "議程", "日程"),
    "ko": ("프로그램", "일정"),
    "sw": ("ratiba", "programu"),
}

# How a language calls a day of the program ("giorno 2", "zweiter Tag", "Jour 1",
# "Dzień 2", "ikinci gün", "第一天"), folded (`fold`), besides English's "day": the one
# list of them. Queries read "day 2" and "the first day" with them (the ordinals, and
# which side of them the noun stands: index/search/read/lexicon.py), a table's day
# column is named with them (ingest/formats/columns.py), a JSON program's day objects
# are told by them (ingest/formats/jsontree.py)
DAY_NOUNS: dict[str, tuple[str, ...]] = {
    "it": ("giorno", "giornata"),
    "de": ("tag",),
    "fr": ("jour", "journee"),
    "es": ("dia", "jornada"),
    "nl": ("dag",),
    "pl": ("dzien",),
    "ru": ("день", "дня"),  # (sweep 20)
    "ar": ("يوم", "اليوم"),  # (sweep 20)
    "zh": ("天",),  # (said after its ordinal, glued: "第一天")
    "ko": ("날", "일차"),  # ("첫째 날", "첫날"; "2일차": day 2)
    "tr": ("gun", "gunu"),  # ("ikinci gün", "2. gün"; "konferansın ilk günü")
    "he": ("יום", "היום"),  # ("היום הראשון", "ביום השני": the first, the second day)
    "fa": ("روز",),  # (sweep 21)
    "hi": ("दिन",),
    "vi": ("ngay",),  # (ngày)
    "id": ("hari",),
    # (sweep 22: "другий день", "দ্বিতীয় দিনে", "இரண்டாம் நாள்", "δεύτερη μέρα", "ሁለተኛ ቀን",
    # "siku ya pili"; the first is no part of the day though CLDR names one so: "день")
    "uk": ("день", "дня"),
    "bn": ("দিন", "দিনে"),
    "ta": ("நாள்", "நாளில்"),
    "el": ("μερα", "ημερα", "μέρα", "ημέρα"),
    "am": ("ቀን",),
    "sw": ("siku",),
    # (sweep 23: "druhý den", "दुसऱ्या दिवशी", "రెండవ రోజు")
    "cs": ("den", "dne", "dni"),
    "mr": ("दिवस", "दिवशी"),
    "te": ("రోజు", "రోజున"),
    # (sweep 24: "andra dagen", "toisena päivänä", "a második napon", "a doua zi", "други
    # дан", "دوسرے دن", "ikalawang araw")
    "sv": ("dag", "dagen"),
    "no": ("dag", "dagen"),
    "fi": ("paiva", "paivana", "paivan"),
    "hu": ("nap", "napon", "napja", "napjan"),
    "ro": ("zi", "ziua"),
    "sr": ("дан", "дана", "dan", "dana"),
    "ur": ("دن",),
    "tl": ("araw",),
    # (sweep 24: "el segon dia", "drugi dan", "მეორე დღეს", "երկրորդ օրը", "දෙවන දිනයේ")
    "ca": ("dia",),
    "hr": ("dan", "dana"),
    "ka": ("დღე", "დღეს"),
    "hy": ("օր", "օրը"),
    "si": ("දිනය", "දිනයේ", "දවස", "දවසේ"),
}

# What a program writes where no speaker is named yet, or many are ("TBA", "N.N.",
# "Various", "Varios", "diverse"), by language, folded (`fold`): no speaker's name
# (ingest/speakers.py drops them from every speaker list)
PLACEHOLDER_SPEAKERS: dict[str, tuple[str, ...]] = {
    "en": ("tba", "tbd", "tbc", "to be announced", "to be confirmed", "various", "several"),
    "de": (
        *("n.n.", "diverse", "verschiedene", "mehrere", "wird bekannt gegeben"),
        *("diverse sprecher", "verschiedene sprecher", "mehrere sprecher"),
    ),
    "fr": ("divers", "plusieurs", "a confirmer", "a venir"),
    "es": ("varios", "varias", "por confirmar", "por anunciar", "a confirmar"),
    "it": ("vari", "varie", "diversi", "da confermare", "da definire"),
    # (sweep 24: "diverse sprekers", "Flera talare", "Több előadó": many, no one named)
    "nl": (
        *("diversen", "verschillende", "nog te bepalen", "nnb"),
        *("diverse sprekers", "verschillende sprekers", "meerdere sprekers"),
    ),
    "sv": ("flera talare", "olika talare", "diverse talare"),
    "no": ("flere foredragsholdere", "ulike foredragsholdere", "diverse foredragsholdere"),
    "da": ("flere talere", "forskellige talere", "diverse talere"),
    "fi": ("useita puhujia", "eri puhujia"),
    "hu": ("tobb eloado", "kulonbozo eloadok", "tobb eloadoval"),
    "ro": ("diversi vorbitori", "mai multi vorbitori"),
    "tl": ("iba't ibang tagapagsalita",),
}

# What a program's status says of a talk that will not take place, in the languages
# programs are written in, folded (`fold`): a calendar's STATUS:CANCELLED, pretalx's
# "withdrawn", a table's status column ("Abgesagt"). The talk is kept, said to be
# cancelled, and ranked below the talks that take place (`cancelled_state`)
CANCELLED_STATES: dict[str, tuple[str, ...]] = {
    "en": ("cancelled", "canceled", "withdrawn", "rejected", "called off"),
    "de": ("abgesagt", "entfallt", "storniert", "zuruckgezogen"),
    "fr": ("annule", "annulee", "retire", "retiree"),
    "es": ("cancelado", "cancelada", "suspendido", "suspendida"),
    "it": ("annullato", "annullata", "cancellato", "cancellata"),
    "nl": ("geannuleerd", "afgelast", "vervallen"),
    "pt": ("cancelado", "cancelada"),
    "pl": (
        "odwolany",
        "odwolane",
        "odwolana",
        "anulowany",
        "anulowane",
    ),
    # (sweep 23: written as their languages write them, folded where compared; not
    # Vietnamese "hủy" alone, folded "huy", a given name)
    "id": ("dibatalkan", "batal"),
    "tl": ("kinansela", "kanselado", "kanselada", "nakansela"),
    "vi": ("đã hủy", "đã huỷ", "hủy bỏ", "đã hủy bỏ", "bị hủy"),
    "cs": ("zrušeno", "zrušen", "zrušena", "odpadá"),
    "sk": ("zrušené", "zrušený", "zrušená", "odpadá"),
    "he": ("בוטל", "בוטלה", "מבוטל", "מבוטלת"),
    "fa": ("لغو", "لغو شد", "لغو شده", "کنسل", "کنسل شد", "منسوخ"),
    "ur": ("منسوخ", "منسوخ شدہ", "منسوخ کر دیا گیا", "کینسل"),
    "ar": ("ملغى", "ملغاة", "ألغيت", "أُلغيت", "تم الإلغاء", "إلغاء"),
    "hi": ("रद्द", "रद्द किया गया", "रद्द कर दिया गया"),
    "mr": ("रद्द", "रद्द केले", "रद्द झाले"),
    "te": ("రద్దు", "రద్దయింది", "రద్దు చేయబడింది"),
    "ta": ("ரத்து", "ரத்து செய்யப்பட்டது"),
    "bn": ("বাতিল",),
    "tr": ("iptal", "iptal edildi"),
    "ru": ("отменено", "отменён", "отменен", "отменена"),
    # (sweep 24: Serbian, Croatian, Bosnian in both scripts; Macedonian. Bulgarian's
    # "отменен/а/о" are Russian's)
    "sr": ("отказано", "отказан", "отказана", "otkazano", "otkazan", "otkazana"),
    "mk": ("откажано", "откажан", "откажана"),
    "uk": ("скасовано", "скасований", "скасована"),
    "el": ("ακυρώθηκε", "ακυρωμένο", "ακυρωμένη"),
    "sv": ("inställd", "inställt", "installd", "installt"),
    "da": ("aflyst",),
    "no": ("avlyst",),
    "fi": ("peruttu", "peruutettu"),
    "hu": ("elmarad", "törölve"),
    "ro": ("anulat", "anulată"),
    "ja": ("中止", "休講", "キャンセル"),
    "zh": ("取消", "已取消"),
    "ko": ("취소", "취소됨"),
    "th": ("ยกเลิก",),
    "sw": ("imefutwa",),  # (not "imeahirishwa": postponed, as English "postponed")
    # (sweep 24; Catalan's "l·l" compares as "ll" however its middle dot is written:
    # `_status_key`)
    "ca": ("cancel·lat", "cancel·lada", "cancel·lats", "cancel·lades", "anul·lat", "anul·lada"),
    "hr": ("otkazano", "otkazan", "otkazana", "otkazani", "otkazane"),
    "lt": ("atšaukta", "atšauktas", "atšaukti", "atšauktos"),
    "hy": ("չեղարկված", "չեղարկվել է", "չեղյալ"),
    "ka": ("გაუქმებულია", "გაუქმებული", "გაუქმდა"),
    "si": ("අවලංගුයි", "අවලංගු කරන ලදී", "අවලංගු කළා"),
    "yo": ("fagilé", "a ti fagilé"),
}

# What a program's status says of a talk that takes place, in the languages programs
# are written in (folded where compared): the statuses that tell an attendee nothing.
# A status cell saying neither this nor a word of CANCELLED_STATES (nor a proposal's,
# PROPOSAL_STATES) is warned of: the talk is kept as taking place (`taking_place_state`)
TAKING_PLACE_STATES: dict[str, tuple[str, ...]] = {
    "en": (
        *("confirmed", "accepted", "scheduled", "published", "planned", "approved"),
        *("ok", "yes", "live", "active", "final", "tentative", "on", "go", "open", "full"),
        *("sold out", "waitlist", "new", "updated", "changed", "moved", "rescheduled"),
        "moved online",  # (schema.org's EventMovedOnline: it takes place, online)
        "accept queue",  # (Sessionize: accepted, the speaker not told yet)
        # (a record's publication, as a CMS writes it; a cell saying none)
        *("publish", "public", "visible", "normal", "regular", "tbc", "none", "n/a", "-"),
    ),
    "de": ("bestätigt", "angenommen", "geplant", "findet statt", "ausgebucht"),
    "fr": ("confirmé", "confirmée", "accepté", "acceptée", "programmé", "programmée", "prévu"),
    "es": ("confirmado", "confirmada", "aceptado", "aceptada", "programado", "programada"),
    "it": ("confermato", "confermata", "accettato", "accettata", "programmato"),
    "nl": ("bevestigd", "geaccepteerd", "gepland"),
    "pt": ("confirmado", "confirmada", "aceito", "aceita", "aceite", "agendado"),
    "pl": ("potwierdzony", "potwierdzone", "potwierdzona", "zaakceptowany"),
    "cs": ("potvrzeno", "potvrzený", "potvrzená", "schváleno"),
    "id": ("dikonfirmasi", "terkonfirmasi", "terjadwal", "diterima"),
    "vi": ("đã xác nhận", "xác nhận", "đã duyệt"),
    "he": ("מאושר", "אושר", "מאושרת"),
    "fa": ("تأیید شده", "تایید شده", "قطعی"),
    "ar": ("مؤكد", "مؤكدة", "تم التأكيد"),
    "hi": ("पुष्टि", "पुष्टि की गई", "निर्धारित"),
    "mr": ("निश्चित", "पुष्टी"),
    "te": ("నిర్ధారించబడింది",),
    "tr": ("onaylandı", "onaylı", "kesin"),
    "ru": ("подтверждено", "подтверждён", "подтвержден"),
    "uk": ("підтверджено",),
    "el": ("επιβεβαιώθηκε",),
    "ja": ("確定",),
    "zh": ("已确认", "确认", "確認"),
    "ko": ("확정",),
    # (sweep 24)
    "ca": ("confirmat", "confirmada", "programat", "programada"),
    "hr": ("potvrđeno", "potvrđen", "potvrđena"),
    "lt": ("patvirtinta", "patvirtintas"),
    "hy": ("հաստատված", "կայացած"),
    "ka": ("დადასტურებულია", "დადასტურებული"),
}

# What a program's status says of a talk put off to a time it does not give yet
# (schema.org's EventPostponed), folded where compared: kept at the time the program
# says, warned of as a time that may not hold (`postponed_state`)
POSTPONED_STATES: dict[str, tuple[str, ...]] = {
    "en": ("postponed", "deferred", "on hold"),
    "de": ("verschoben", "vertagt"),
    "fr": ("reporté", "reportée"),
    "es": ("aplazado", "aplazada", "pospuesto", "pospuesta"),
    "it": ("rinviato", "rinviata"),
    "nl": ("uitgesteld",),
    "pt": ("adiado", "adiada"),
    "sw": ("imeahirishwa",),
}

# What a call for papers' status says of a proposal that is not on the program, folded:
# still under review, a draft, or turned down (a CfP tool's export of its submissions:
# pretalx's "submitted" and "rejected", Papercall's "declined"). Such a proposal is
# left out of the program, with a notice (`unlisted_state`, ingest/proposals.py)
PROPOSAL_STATES: dict[str, tuple[str, ...]] = {
    "en": (
        *("submitted", "draft", "rejected", "declined", "under review", "in review", "deleted"),
        # (a call for papers' queue of the turned down, as Sessionize writes it: review,
        # sweep 23; its "Accept Queue" is taking place, and "Waitlisted", "Nominated",
        # "Pending" stay warned of and kept: a talk is never left out on a guess)
        *("decline queue", "reject queue"),
    ),
    "de": ("eingereicht", "entwurf", "abgelehnt"),
    "fr": ("soumis", "soumise", "brouillon", "refuse", "refusee", "rejete", "rejetee"),
    "es": ("enviado", "enviada", "borrador", "rechazado", "rechazada"),
}
# ... and what says its speaker withdrew it (of CANCELLED_STATES): before it was given
# a slot, a proposal withdrawn; after, a talk of the program that will not take place
WITHDRAWN_STATES = ("withdrawn", "zuruckgezogen", "retire", "retiree")

HYBRID = "hybrid"  # every ranking signal, fused
MODES = (HYBRID, "lexical", "dense", "multilingual")  # hybrid, or one signal's list alone


def formats_pattern(names: tuple[str, ...] = SESSION_FORMATS) -> str:
    """A regex alternation of `names`, longest first (so "Demo Theater" wins over "Demo")."""
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


_FORMAT_PREFIX = re.compile(rf"^({formats_pattern()})\s*:\s+(?=\S)", re.IGNORECASE)


def format_prefix(title: str) -> tuple[str, str] | None:
    """(the session format, the title after it) of a title led by a format and a colon
    ("Keynote: The mythical AI engineer" is a Keynote, "The mythical AI engineer");
    None for any other title."""
    m = _FORMAT_PREFIX.match(title)
    return (m.group(1).title(), title[m.end() :].strip()) if m else None


# a title ending in a label in parentheses or brackets, or after a dash between blanks
# ("Graph databases in practice (Workshop)", "Rust for beginners - Tutorial")
_LABEL_SUFFIX = re.compile(r"^(.*\S)\s*(?:\(([^()]+)\)|\[([^\[\]]+)\]|\s[-\u2013\u2014]\s+(.+))$")


def format_suffix(title: str) -> tuple[str, str] | None:
    """(the title before it, the session format) of a title ending in a label naming
    its format (`format_named`: "Graph databases in practice (Workshop)" is a Workshop,
    "Graph databases in practice"); None for any other ending ("Intro (Part 2)",
    "Rust - the good parts")."""
    m = _LABEL_SUFFIX.match(title.strip())
    label = next((g for g in m.groups()[1:] if g), "") if m else ""
    fmt = format_named(label) if m and label else None
    return (m.group(1), fmt) if m and fmt else None


def singular(word: str) -> str:
    """A lower-case word without its plural "s", so a word and its plural compare
    equal ("collectives", "collective"); "class" and short words ("gps") stay."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def type_word(word: str) -> str:
    """A word of a session type's name as a question's word compares with it: `singular`,
    and a Latin plural in "-ia" as its "-ium" ("symposia", "symposium"; "colloquia"), so
    both are one word wherever both sides are folded so."""
    word = singular(word)
    return word[:-1] + "um" if len(word) > 6 and word.endswith("ia") else word


# letters of kana, Chinese characters and Hangul (a regular expression's class): their
# marks are no accents, and two of them may be a word ("英語")
EAST_ASIAN = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af"
HAN = "\u3400-\u9fff\uf900-\ufaff"  # Chinese characters (Japanese's kanji too)
# the scripts written without spaces between words, by the language written so (a
# regular expression's class each): a run of their letters is a phrase, cut at the
# words the reader knows in it (index/search/read/whenwords._cut_at_known). Japanese,
# whose runs change script between words, is cut where they do
UNSPACED: dict[str, str] = {
    "zh": HAN,
    "th": "\u0e00-\u0e7f",  # Thai
    "lo": "\u0e80-\u0eff",  # Lao
    "km": "\u1780-\u17ff\u19e0-\u19ff",  # Khmer
    "my": "\u1000-\u109f\ua9e0-\ua9ff\uaa60-\uaa7f",  # Myanmar
}
UNSPACED_LETTERS = "".join(UNSPACED.values())

# letters that carry no accent to drop but stand for a plain one (Turkish "Konuşmacı",
# Danish "Lørdag", Polish "odwołane"): `fold` keeps them; names compared loosely drop them
UNMARKED = str.maketrans({"ı": "i", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D"})


def lower(text: str) -> str:
    """`text` lower-cased as words are cut: Turkish's dotted capital "İ" a plain "i"
    (Python lowers it to "i" and a combining dot, no letter, that cuts "GÜVENLİK" in
    two: "güvenli", "k"). (`fold` drops that dot with the other accents.)"""
    return text.replace("\u0130", "i").lower()


class _Digits(dict[int, int | str]):
    """Each character -> its ASCII digit where it is a decimal digit of any script
    (Unicode's category Nd: Persian "۲", Arabic-Indic "٢", Devanagari "२", Thai "๒",
    fullwidth "２"), else itself; filled as characters are met."""

    def __missing__(self, code: int) -> int | str:
        digit = unicodedata.decimal(chr(code), None)
        self[code] = code if digit is None else str(digit)
        return self[code]


_DIGITS = _Digits()


def ascii_digits(text: str) -> str:
    """`text` with its decimal digits of any script written as ASCII digits
    ("۲۰۲۶-۱۱-۱۱" -> "2026-11-11", "๑๔:๐๐" -> "14:00"): the one folding of digits
    dates and clock times are read through (ingest/when.py), and a room's number is
    compared through ("اتاق ۲" is room 2: index/search/read/vocab.py)."""
    return text if text.isascii() else text.translate(_DIGITS)


# the digits of the Persian script (Extended Arabic-Indic: "۱۴۰۵"), as its programs
# write them, not those of the Arabic script's other languages ("١٤٤٧", Arabic-Indic)
PERSIAN_DIGITS = "\u06f0-\u06f9"
# the Arabic-Indic digits ("١٤٤٨") of the Arabic script's other languages, whose dates
# of a year 13xx/14xx are of the lunar Hijri calendar (ingest/when.py, `lunar_hijri`)
ARABIC_DIGITS = "\u0660-\u0669"


def fold(text: str) -> str:
    """`text` as words compare: case folded, accents dropped ("Müller" -> "muller")."""
    if text.isascii():
        return text.casefold()
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


# The formats above (and the plain talk) as a program names them in a label of its own
# (a calendar's CATEGORIES, a "Taller: ..." before a title), in the languages programs
# are written in, folded (`fold`) -> the name this product gives the format
FORMAT_NAMES: dict[str, str] = {
    **{fold(f): f for f in SESSION_FORMATS},
    **{fold(f) + "s": f for f in SESSION_FORMATS if not f.endswith("s")},
    "lightning": "Lightning Talk",
    "talk": "Talk",
    "vortrag": "Talk",
    "charla": "Talk",
    "ponencia": "Talk",
    "intervento": "Talk",
    "lezing": "Talk",
    "hauptvortrag": "Keynote",
    "keynote speech": "Keynote",
    "conferencia magistral": "Keynote",
    "conference pleniere": "Keynote",
    "taller": "Workshop",
    "atelier": "Workshop",
    "kurzvortrag": "Lightning Talk",
    "charla relampago": "Lightning Talk",
    "charlas relampago": "Lightning Talk",
    "presentation eclair": "Lightning Talk",
    "talk lampo": "Lightning Talk",
    "bliksemtalk": "Lightning Talk",
    "podiumsdiskussion": "Panel",
    # (sweep 24: the formats a title's label names in the languages of that sweep's
    # programs, read in every format: ingest/detect.py)
    **{
        fold(k): f
        for f, names in (
            ("Workshop", ("työpaja", "palihan", "radionica", "радионица", "műhely")),
            ("Workshop", ("verkstad", "verksted", "værksted", "ورکشاپ", "atelierul")),
            ("Keynote", ("pääpuhe", "avauspuhe", "nyitó előadás", "кључно предавање")),
            ("Keynote", ("کلیدی خطاب", "pangunahing talumpati")),
            ("Talk", ("föredrag", "foredrag", "esitelmä", "előadás", "prezentare")),
            ("Talk", ("предавање", "predavanje", "لیکچر", "lektyur")),
            (
                "Panel",
                (
                    "paneeli",
                    "paneelikeskustelu",
                    "paneldiscussie",
                    "paneldebat",
                    "kerekasztal",
                    "панел",
                ),
            ),
            ("Panel", ("مباحثہ", "panelna diskusija", "talakayan")),
            ("Lightning Talk", ("blixttal", "lyntale", "salamapuhe", "villámelőadás")),
        )
        for k in names
    },
    "mesa redonda": "Panel",
    "table ronde": "Panel",
    # (Japanese: folded as `fold` folds them, their voicing marks dropped)
    **{
        fold(k): f
        for k, f in (
            ("キーノート", "Keynote"),
            ("基調講演", "Keynote"),
            ("ワークショップ", "Workshop"),
            ("ライトニングトーク", "Lightning Talk"),
            ("パネルディスカッション", "Panel"),
        )
    },
}


def format_named(label: str) -> str | None:
    """The session format a whole label names ("Workshop", "Lightning Talks",
    "Vortrag", "Taller" -> "Workshop"), None for anything else (a topic: "Rust")."""
    return FORMAT_NAMES.get(" ".join(fold(label).split()))


# a label set before a title with a colon ("Mesa redonda: X"), or a full-width colon
# with no blank after it, as Japanese writes it ("ワークショップ：X")
_LABEL_BEFORE = re.compile(r"^([^:\uff1a]{2,40}?)\s*(?::\s+|\uff1a\s*)(?=\S)")


def format_label(title: str) -> str | None:
    """The session format a title's label before a colon names (`format_named`: "Mesa
    redonda: restauración y ética" is a Panel), None for any other title. The label
    says the format; it stays in the title, as the program spells it."""
    m = _LABEL_BEFORE.match(title)
    return format_named(m.group(1)) if m else None


def format_labelled(title: str) -> tuple[str, str] | None:
    """(the session format, the title after its label) of a title `format_label`
    reads a format from; None for any other title."""
    m = _LABEL_BEFORE.match(title)
    fmt = format_named(m.group(1)) if m else None
    return (fmt, title[m.end() :].strip()) if m and fmt else None


# the words that label a session's people other than its speakers where a cell or a
# line lists them ("Chair: …", "Session Chair: …", "Moderation: …", "Leitung: …",
# "座長：…"), folded; a speaker's own words are the speakers' columns' (`columns`)
SESSION_ROLES = frozenset(
    (
        *("chair", "chairs", "co-chair", "session", "moderator", "moderators", "moderation"),
        *("moderatorin", "facilitator", "facilitators", "discussant", "respondent"),
        *("leitung", "vorsitz", "podium", "animation", "animateur", "moderador", "moderadora"),
        *("moderatore", "moderatrice", "司会", "座長", "主持人", "사회자", "좌장"),
    )
)


def _bare(text: str) -> str:
    """A name as placeholders compare: folded, only its letters and digits ("N. N." is "nn")."""
    return "".join(c for c in fold(text) if c.isalnum())


_PLACEHOLDERS = frozenset(_bare(w) for ws in PLACEHOLDER_SPEAKERS.values() for w in ws)


def placeholder_speaker(name: str) -> bool:
    """Whether a speaker's name is a program's stand-in for one ("TBA", "N.N.",
    "Varios", "diverse", "Various speakers"): kept as a speaker it would be searched
    and counted as a person."""
    bare = _bare(name)
    return bare in _PLACEHOLDERS or bare.removesuffix("speakers") in _PLACEHOLDERS


# Catalan's geminate "l·l" ("cancel·lada"), written with its middle dot, the one-letter
# "ŀl", a full stop or a dot operator, or as "ll" by a keyboard without them: one "ll"
_GEMINATE_L = re.compile("(?<=[lL])[\u00b7\u2027\u22c5.](?=[lL])|[\u0140\u013f](?=[lL])")


def _status_key(status: str) -> str:
    text = _GEMINATE_L.sub(lambda m: "" if m.group() in "\u00b7\u2027\u22c5." else "l", status)
    return " ".join(fold(text.translate(UNMARKED)).split())


_CANCELLED = frozenset(_status_key(w) for ws in CANCELLED_STATES.values() for w in ws)
_TAKING_PLACE = frozenset(_status_key(w) for ws in TAKING_PLACE_STATES.values() for w in ws)
_POSTPONED = frozenset(_status_key(w) for ws in POSTPONED_STATES.values() for w in ws)
_PROPOSED = frozenset(w for ws in PROPOSAL_STATES.values() for w in ws)


def _proposed(status: str) -> bool:
    return _status_key(status) in _PROPOSED


def unlisted_state(status: str, scheduled: bool) -> bool:
    """Whether a status says the record is a proposal that is not on the program:
    under review, a draft or turned down (PROPOSAL_STATES), or withdrawn before it was
    given a slot (WITHDRAWN_STATES, where it is not `scheduled`: a talk of the program
    withdrawn later is one cancelled, `cancelled_state`)."""
    key = _status_key(status)
    return key in _PROPOSED or (not scheduled and key in WITHDRAWN_STATES)


def cancelled_state(status: str) -> bool:
    """Whether a talk's status, as its program writes it ("cancelled", "CANCELED",
    "Withdrawn", "abgesagt"), says it will not take place (CANCELLED_STATES); a status
    such as "postponed" or "moved online" does not."""
    return _status_key(status) in _CANCELLED


def taking_place_state(status: str) -> bool:
    """Whether a talk's status says only that it takes place ("confirmed",
    "Bestätigt", "accepted": TAKING_PLACE_STATES), which tells an attendee nothing."""
    return _status_key(status) in _TAKING_PLACE


def postponed_state(status: str) -> bool:
    """Whether a talk's status says it is put off to a time not given yet
    ("postponed", "verschoben": POSTPONED_STATES)."""
    return _status_key(status) in _POSTPONED


# what may end a title or a list line to say the talk is off: "— ODWOŁANE",
# "(ENTFÄLLT)", "[cancelled]", "· **ĐÃ HỦY**" (its group 1 or 2: the word)
OFF_TAIL = re.compile(
    r"\s*(?:[\u2013\u2014|\u00b7-]\s*([^()\[\]\u2013\u2014|\u00b7]{3,30})|[(\[]([^()\[\]]{3,30})[)\]])\s*$"
)
# ... and what may begin a title so: "[CANCELLED] …", "(Abgesagt) …", "CANCELED: …",
# "Abgesagt – …" (its group 1 or 2: the word, 3: the title)
_OFF_HEAD = re.compile(
    r"^\s*(?:[(\[]([^()\[\]]{3,30})[)\]]\s*[:\u2013\u2014-]?|([^\W\d_][^:()\[\]\u2013\u2014-]{2,29}?)"
    r"\s*(?::|\s[\u2013\u2014-]|[\u2013\u2014]))\s*(\S.*)$"
)
# a title struck through, as Markdown ("~~Title~~") or a page ("<del>Title</del>",
# "<s>", "<strike>") writes it
_STRUCK = re.compile(r"^\s*(?:~~(.+?)~~|<(del|s|strike)>(.+?)</\2>)\s*$", re.IGNORECASE)


def called_off(title: str) -> tuple[str, str]:
    """A title without what calls its talk off, and that ("" where nothing does): a
    word of `CANCELLED_STATES` before it in brackets or with a colon or a dash
    ("[CANCELLED] Kafka Streams", "CANCELED: GraphQL Federation", "Abgesagt – Rust im
    Backend", as Sched and organisers editing a title write it), or after it so
    ("Rust im Backend (entfällt)"); or the whole title struck through ("~~Vue 4
    Preview~~": "cancelled"). Every format's talk is read so (ingest/detect.py)."""
    head, tail = _OFF_HEAD.match(title), OFF_TAIL.search(title)
    for word, rest in (
        (head and (head.group(1) or head.group(2)), head and head.group(3)),
        (tail and (tail.group(1) or tail.group(2)), tail and title[: tail.start()]),
    ):
        said = (word or "").strip(" *_")
        # (a proposal's word, "Rejected: …", may begin a talk's own title)
        if said and rest and rest.strip() and cancelled_state(said) and not _proposed(said):
            return rest.strip(), said
    struck = _STRUCK.match(title)
    if struck and (text := (struck.group(1) or struck.group(3) or "").strip()):
        return text, "cancelled"
    return title, ""


def called_off_ahead(title: str) -> str:
    """The word that calls a talk off where it begins its title bare, a colon or a dash
    after it ("Batal: …", "CANCELED: …", "Abgesagt – …": `called_off`'s word read so),
    which may as well be the title's own first word (a product named "Batal"); "" for
    any other title (the word in brackets, "[CANCELLED] …", or at its end)."""
    head = _OFF_HEAD.match(title)
    word = (head.group(2) or "").strip(" *_") if head else ""
    return word if word and called_off(title)[1] == word else ""


def cancelled_in(word: str) -> frozenset[str]:
    """The languages (`CANCELLED_STATES`' codes) whose word for a talk called off
    `word` is ("Batal": Indonesian; "Cancelado": Spanish and Portuguese)."""
    key = _status_key(word)
    return frozenset(
        code for code, words in CANCELLED_STATES.items() if key in map(_status_key, words)
    )
