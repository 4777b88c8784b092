"""Which column of a table holds which talk field: the names each field accepts
(`FIELDS`, first match wins; case, accents, spaces, underscores and inclusive
writing ("Intervenant·e·s") ignored; in
English first, then in German, French, Spanish, Italian, Dutch, Portuguese and
Polish, `IN_OTHER_LANGUAGES`: "Titel", "Sesión", "Zeit", "Referent", "Début", "Ponente",
"Relatore", "Zaal", "Palestrante", "Prelegent"; the same words are the labels of a
talk's lines ("Sprecher: Eva Hoffmann", "Palestrante: Ana Souza") in calendars and
Markdown programs; a name followed by a word saying its value is a list of them,
`LIST_WORDS`: "speakerList", "presenters_array"; numbered columns of a field a talk
has several values of, `numbered`: "Speaker 1", "Speaker 2"), or
an explicit mapping such as {"title": "Paper Name"}. A duration column may name its
unit, in any language CLDR names hours and minutes in ("Dauer (Std.)", "Duration
(min)", "hrs": `duration_unit`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import cache, lru_cache

from talkbase.core import languages
from talkbase.core.terms import DAY_NOUNS, EAST_ASIAN, UNMARKED, fold

FIELDS: dict[str, tuple[str, ...]] = {
    "title": (
        "title",
        "talk_title",
        "session_title",
        "paper_title",
        "presentation_title",
        "event_title",
        "name",
        "talk_name",
        "session_name",
        "session",
        "talk",
        "presentation",
        "paper",
        "event",
        "subject",
    ),
    "abstract": (
        "abstract",
        "description",
        "summary",
        "talk_abstract",
        "session_description",
        "paper_abstract",
        "desc",
        "details",
        "synopsis",
        "blurb",
        "body",
        "content",
        "text",
        "long_description",
        "short_abstract",  # Open Event's "short-abstract" and "long-abstract"
        "long_abstract",
    ),
    "speakers": (
        "speakers",
        "authors",
        "presenters",
        "speaker",
        "author",
        "presenter",
        "speaker_names",
        "author_names",
        "speaker_name",
        "speaker_s",
        "author_s",
        "people",
        "persons",
        "panelists",
        "performer",  # schema.org's Event
        "performers",
        "host",  # a meetup's, a podcast's, a panel's
        "hosts",
    ),
    "affiliation": (
        "affiliation",
        "affiliations",
        "organization",
        "organisation",
        "company",
        "organizations",
        "companies",
        "org",
        "institution",
        "institutions",
        "employer",
        "speaker_affiliation",
        "speaker_company",
    ),
    "start": (
        "start_iso",
        "start_datetime",
        "start_date_time",
        "starts_at",
        "start",
        "begin",
        "start_time",
        "begins",
        "from",
        "scheduled_at",
        "session_start",
        "start_at",
        "datetime",
        "time",
        "slot",
        "when",
    ),
    "end": (
        "end_iso",
        "end_datetime",
        "end_date_time",
        "ends_at",
        "end",
        "end_time",
        "finish",
        "until",
        "to",
        "session_end",
        "end_at",
        "end_date",
    ),
    "duration": (
        "duration",
        "duration_minutes",
        "duration_min",
        "scheduled_duration",
        "length",
        "minutes",
        "mins",
    ),
    "date": ("date", "day", "session_date", "talk_date", "start_date"),
    "timezone": ("timezone", "time_zone", "tz"),
    "room": (
        "room",
        "location",
        "venue",
        "hall",
        "stage",
        "place",
        "room_name",
        "where",
        "microlocation",  # Open Event's
    ),
    "track": (
        "track",
        "tracks",
        "session",
        "sessions",
        "category",
        "categories",
        "topic",
        "theme",
        "stream",
        "area",
        "track_name",
    ),
    "format": ("type", "format", "session_type", "talk_type", "kind", "submission_type"),
    "keywords": ("keywords", "tags", "topics", "subjects", "keyword", "tag"),
    "uid": (
        "uid",
        "guid",
        "id",
        "code",
        "talk_id",
        "session_id",
        "paper_id",
        "submission_id",
        "key",
    ),
    "conference": ("conference", "conference_name", "event_name"),
    "url": ("url", "link", "pdf_url", "web", "website", "page"),
    "links": ("links", "attachments", "resources"),
    "language": ("language", "lang", "content_locale", "locale", "talk_language", "in_language"),
    "subtitle": ("subtitle",),
    "notes": ("notes",),
    # whether the talk takes place: a value that calls it off ("cancelled", "abgesagt":
    # terms.CANCELLED_STATES) is its "Status" note, any other is no news
    "status": ("status", "state", "session_status", "talk_status", "event_status"),
    # the day of the program a talk after midnight is listed under, where it is not
    # the day its start falls on (talkbase's own export writes it: `Talk.program_day`)
    "program_day": ("program_day",),
}


# The same fields named in the other languages a program may be written in (German,
# French, Spanish, Italian, Dutch, Portuguese, Polish, Swedish, Danish, Norwegian,
# Czech, Turkish, Finnish, Hungarian, Romanian, Indonesian, Vietnamese, Arabic,
# Japanese, Chinese, Korean; Hindi, Thai, Russian, Ukrainian, Greek, Persian, Swahili
# and Estonian at each list's end; Hebrew's speakers, "מרצים", after them; Hebrew's,
# Marathi's and Telugu's other headers and Persian's two-word ones last: sweep 23), compared
# as `norm` writes them (accents folded: "Début" is "debut", "Konuşmacı" "konusmaci";
# a Devanagari or Thai word whole, its marks kept; lists written in the Latin script
# write them so), after English's (none
# of them writes a date month first: "03/10/2024" is 3 October there, or a year comes
# first). CLDR names no such fields: this is the one list of them, read for table
# headers and for the labels of a talk's lines (`said_in_another_language`).
IN_OTHER_LANGUAGES: dict[str, tuple[str, ...]] = {
    "status": (
        *("estado", "stato", "statut", "stav", "durum", "trang_thai", "tinh_trang"),
        *("סטטוס", "מצב", "وضعیت", "الحالة", "स्थिति", "स्थिती", "స్థితి", "நிலை"),
        *("статус", "состояние", "κατάσταση", "状態", "ステータス", "状态", "狀態"),
        *("상태", "สถานะ", "অবস্থা", "hali", "keadaan"),
        *("حیثیت", "stare", "tila", "allapot", "katayuan"),  # (sweep 24)
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("estat", "busena", "կարգավիճակ", "სტატუსი", "ipo"),
    ),
    "conference": (
        "konferenz",
        "tagung",
        "congres",
        "congreso",
        "conferencia",
        "congresso",
        "conferenza",
        "konferencja",
        "konferens",
        "konference",
        "konferans",
        "kongres",
    ),
    "title": (
        "titel",
        "titre",
        "titulo",
        "titolo",
        "intitule",
        "vortrag",
        "veranstaltung",
        "thema",
        "sujet",
        "sesion",
        "ponencia",
        "charla",
        "tema",
        "sessione",
        "onderwerp",
        "rubrik",
        "tittel",
        "nazev",
        # Croatian, Serbian, Bosnian and Slovene, Catalan, Lithuanian, Armenian,
        # Georgian, Yoruba, Sinhala (sweep 24)
        *("naslov", "titol", "pavadinimas", "վերնագիր", "სათაური", "akole", "මාතෘකාව"),
        "baslik",
        "oturum",
        "タイトル",
        "演題",
        "題目",
        "标题",
        "题目",
        "講題",
        "讲题",
        # a talk's topic: the title alone, the theme beside one of the words above
        # (the track, as "Tema" beside "Titolo")
        "議題",
        "议题",
        "主題",
        "主题",
        "題名",
        "제목",
        "العنوان",
        "tieu_de",
        "judul",
        "tajuk",
        "otsikko",
        "cim",
        "titlu",
        "tytul",
        "शीर्षक",
        "विषय",
        "หัวข้อ",
        "ชื่อเรื่อง",
        "название",
        "заголовок",
        "доклад",
        "тема",
        "назва",
        "доповідь",
        "τίτλος",
        "θέμα",
        "عنوان",
        "موضوع",
        "kichwa",
        "mada",
        "pealkiri",
        "teema",
        "শিরোনাম",
        "বিষয়",
        "தலைப்பு",
        "ርዕስ",
        "כותרת",
        "שם ההרצאה",
        "נושא",
        "శీర్షిక",
        "అంశం",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "наслов",
        "naslov",
        "pamagat",
    ),
    "abstract": (
        "beschreibung",
        "zusammenfassung",
        "kurzbeschreibung",
        "resume",
        "descripcion",
        "resumen",
        "descrizione",
        "sommario",
        "riassunto",
        "beschrijving",
        "samenvatting",
        "resumo",
        "descricao",
        "opis",
        "streszczenie",
        "beskrivning",
        "beskrivelse",
        "popis",
        "anotace",
        "aciklama",
        "ozet",
        "概要",
        "要旨",
        "摘要",
        "简介",
        "개요",
        "초록",
        "설명",
        "説明",
        "说明",
        "الوصف",
        "الملخص",
        "mo_ta",
        "tom_tat",
        "deskripsi",
        "abstrak",
        "ringkasan",
        "kuvaus",
        "tiivistelma",
        "leiras",
        "osszefoglalo",
        "descriere",
        "rezumat",
        "विवरण",
        "सारांश",
        "รายละเอียด",
        "บทคัดย่อ",
        "คำอธิบาย",
        "описание",
        "аннотация",
        "тезисы",
        "опис",
        "анотація",
        "περιγραφή",
        "περίληψη",
        "توضیحات",
        "چکیده",
        "maelezo",
        "muhtasari",
        "kirjeldus",
        "বিবরণ",
        "সারসংক্ষেপ",
        "সারাংশ",
        "சுருக்கம்",
        "விளக்கம்",
        "መግለጫ",
        "ማጠቃለያ",
        "תקציר",
        "תיאור",
        "వివరణ",
        "సారాంశం",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "خلاصہ",
        "تفصیل",
        "paglalarawan",
        "buod",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("sazetak", "resum", "santrauka", "նկարագրություն", "აღწერა", "akopo"),
    ),
    "speakers": (
        "referent",
        "referenten",
        "referentin",
        "referierende",
        "sprecher",
        "vortragende",
        "intervenant",
        "intervenants",
        "orateur",
        "orateurs",
        "ponente",
        "ponentes",
        "relatore",
        "relatori",
        "spreker",
        "sprekers",
        "palestrante",
        "palestrantes",
        "oradora",
        "prelegent",
        "prelegentka",
        "prelegenci",
        "talare",
        "forelasare",
        "foredragsholder",
        "prednasejici",
        "prednasajuci",
        "prednasajuca",
        "recnik",
        "konusmaci",
        "登壇者",
        "講演者",
        "発表者",
        "スピーカー",
        "讲者",
        "演讲者",
        "讲师",
        "講者",
        "演講者",
        "講師",
        "主讲人",
        "主講人",
        "嘉宾",
        "嘉賓",
        "발표자",
        "연사",
        "المتحدث",
        "المتحدثون",
        "المتحدثة",
        "المتحدثين",
        "متحدث",
        "dien_gia",
        "nguoi_trinh_bay",
        "pembicara",
        "narasumber",
        "pemateri",
        "penceramah",
        "puhuja",
        "puhujat",
        "esiintyja",
        "esiintyjat",
        "eloado",
        "eloadok",
        "vorbitor",
        "vorbitori",
        "prezentator",
        "वक्ता",
        "वक्तागण",
        "प्रवक्ता",
        "ผู้บรรยาย",
        "วิทยากร",
        "ผู้พูด",
        "докладчик",
        "докладчики",
        "спикер",
        "спикеры",
        "выступающий",
        "доповідач",
        "доповідачі",
        "спікер",
        "спікери",
        "ομιλητής",
        "ομιλητές",
        "εισηγητής",
        "εισηγητές",
        "سخنران",
        "سخنرانان",
        "ارائه‌دهنده",
        "mzungumzaji",
        "wazungumzaji",
        "msemaji",
        "wasemaji",
        "esineja",
        "esinejad",
        "מרצה",
        "מרצים",
        "דובר",
        "דוברים",
        "বক্তা",
        "বক্তাগণ",
        "বক্তারা",
        "பேச்சாளர்",
        "பேச்சாளர்கள்",
        "ተናጋሪ",
        "ተናጋሪዎች",
        "አቅራቢ",
        "वक्ते",
        "వక్త",
        "వక్తలు",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "предавач",
        "предавачи",
        "predavac",
        "predavaci",
        "مقرر",
        "مقررین",
        "tagapagsalita",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *(
            "ponent",
            "ponents",
            "pranesejas",
            "pranesejai",
            "բանախոս",
            "բանախոսներ",
            "მომხსენებელი",
            "მომხსენებლები",
            "olusoro",
        ),
    ),
    "affiliation": (
        "firma",
        "unternehmen",
        "entreprise",
        "empresa",
        "institucion",
        "instituicao",
        "azienda",
        "organizzazione",
        "organisatie",
        "bedrijf",
        "kurum",
        "sirket",
        "소속",
        "所属",
        "单位",
        "公司",
        "संस्था",
        "संगठन",
        "कंपनी",
        "สังกัด",
        "องค์กร",
        "บริษัท",
        "компания",
        "организация",
        "компанія",
        "організація",
        "εταιρεία",
        "οργανισμός",
        "φορέας",
        "سازمان",
        "شرکت",
        "shirika",
        "kampuni",
        "ettevõte",
        "organisatsioon",
        "প্রতিষ্ঠান",
        "সংস্থা",
        "நிறுவனம்",
        "ድርጅት",
        "ተቋም",
        "ארגון",
        "חברה",
        "సంస్థ",
    ),
    "start": (
        "beginn",
        "startzeit",
        "zeit",
        "uhrzeit",
        "horaire",
        "horario",
        "orario",
        "tijd",
        "debut",
        "heure",
        "inicio",
        "hora",
        "inizio",
        "ora",
        "aanvang",
        "heure_de_debut",
        "hora_de_inicio",
        "hora_inicio",
        "ora_di_inizio",
        "ora_inizio",
        "begintijd",
        "starttijd",
        "godzina",
        "starttid",
        "cas",
        "zacatek",
        "saat",
        "baslangic",
        "baslangic_saati",
        "baslama",
        "poczatek",
        "時間",
        "時刻",
        "开始时间",
        "时间",
        "시간",
        "開始",
        "시작",
        "시작 시간",
        "الوقت",
        "البداية",
        "thoi_gian",
        "gio",
        "bat_dau",
        "waktu",
        "jam",
        "mulai",
        "mula",
        "masa",
        "aika",
        "alkaa",
        "kello",
        "ido",
        "kezdes",
        "inceput",
        "प्रारंभ",
        "आरंभ",
        "शुरू",
        "समय",
        "เวลา",
        "เริ่ม",
        "เวลาเริ่ม",
        "начало",
        "время",
        "время_начала",
        "початок",
        "час",
        "έναρξη",
        "ώρα",
        "شروع",
        "زمان",
        "ساعت",
        "mwanzo",
        "saa",
        "algus",
        "kellaaeg",
        "aeg",
        "সময়",
        "শুরু",
        "தொடக்கம்",
        "நேரம்",
        "ሰዓት",
        "መጀመሪያ",
        "kuanza",
        "ساعت شروع",
        "שעה",
        "התחלה",
        "वेळ",
        "సమయం",
        "ప్రారంభం",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "почетак",
        "pocetak",
        "آغاز",
        "وقت",
        "simula",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("inici", "pradzia", "սկիզբ", "დასაწყისი", "ibere"),
    ),
    "end": (
        "ende",
        "endzeit",
        "fin",
        "fine",
        "einde",
        "eind",
        "heure_de_fin",
        "hora_de_fin",
        "hora_fin",
        "ora_di_fine",
        "ora_fine",
        "eindtijd",
        "konec",
        "slut",
        "sluttid",
        "bitis",
        "bitis_saati",
        "koniec",
        "終了",
        "结束时间",
        "結束時間",
        "종료",
        "kết thúc",
        "selesai",
        "berakhir",
        "tamat",
        "समाप्ति",
        "अंत",
        "สิ้นสุด",
        "เวลาสิ้นสุด",
        "конец",
        "окончание",
        "время_окончания",
        "кінець",
        "завершення",
        "λήξη",
        "ώρα λήξης",
        "τέλος",
        "پایان",
        "mwisho",
        "lõpp",
        "শেষ",
        "முடிவு",
        "நிறைவு",
        "መጨረሻ",
        "kumalizika",
        "kuisha",
        "ساعت پایان",
        "النهاية",
        "الانتهاء",
        "סיום",
        "ముగింపు",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "slutt",
        "крај",
        "اختتام",
        "pagtatapos",
        "vege",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("zavrsetak", "pabaiga", "ավարտ", "დასასრული", "opin"),
    ),
    "duration": (
        "dauer",
        "duree",
        "duracion",
        "durata",
        "duur",
        "अवधि",
        "ระยะเวลา",
        "длительность",
        "продолжительность",
        "тривалість",
        "διάρκεια",
        "مدت",
        "muda",
        "kestus",
        "সময়কাল",
        "கால அளவு",
        "ቆይታ",
        "משך",
        "వ్యవధి",
    ),
    "date": (
        "datum",
        "fecha",
        "data",
        "tarih",
        "dato",
        "日付",
        "日程",
        "日期",
        "날짜",
        "التاريخ",
        "اليوم",
        "ngay",
        "tanggal",
        "tarikh",
        "hari",
        "paivamaara",
        "paiva",
        "nap",
        "दिनांक",
        "तारीख",
        "तिथि",
        "दिन",
        "วันที่",
        "วัน",
        "дата",
        "день",
        "ημερομηνία",
        "ημέρα",
        "تاریخ",
        "روز",
        "tarehe",
        "siku",
        "kuupäev",
        "päev",
        "তারিখ",
        "দিন",
        "நாள்",
        "தேதி",
        "திகதி",
        "ቀን",
        "תאריך",
        "తేదీ",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "датум",
        "petsa",
        # the day's noun, after every language's word for a date (a weekday column
        # "روز" beside the date's "تاریخ", sweep 23): a program's day column ("Jour",
        # "Giorno", "Día", "Dag": `terms.DAY_NOUNS`; not German "Tag": in English a
        # column of keywords, `FIELDS["keywords"]`, read two ways by `TWO_WAYS`; nor
        # Czech "dni": in Spanish a column of identity numbers, "DNI": review, sweep 23)
        *(w for nouns in DAY_NOUNS.values() for w in nouns if w not in ("tag", "dni")),
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("ամսաթիվ", "თარიღი", "ojo"),
    ),
    "room": (
        "raum",
        "saal",
        "salle",
        "lieu",
        "sala",
        "aula",
        "lugar",
        "zaal",
        "locatie",
        "miejsce",
        "rum",
        "lokal",
        "lokale",
        "mistnost",
        "salon",
        "sal",
        "会場",
        "部屋",
        "ルーム",
        "会场",
        "會場",
        "地點",
        "地点",
        "장소",
        "القاعة",
        "قاعة",
        "المكان",
        "phong",
        "dia_diem",
        "ruang",
        "ruangan",
        "lokasi",
        "bilik",
        "paikka",
        "terem",
        "helyszin",
        "कक्ष",
        "हॉल",
        "स्थान",
        "ห้อง",
        "สถานที่",
        "зал",
        "аудитория",
        "место",
        "зала",
        "аудиторія",
        "місце",
        "αίθουσα",
        "χώρος",
        "سالن",
        "اتاق",
        "مکان",
        "ukumbi",
        "chumba",
        "mahali",
        "ruum",
        "কক্ষ",
        "স্থান",
        "அரங்கு",
        "அரங்கம்",
        "இடம்",
        "அறை",
        "አዳራሽ",
        "ክፍል",
        "ቦታ",
        "אולם",
        "חדר",
        "מיקום",
        "सभागृह",
        "హాల్",
        "గది",
        "వేదిక",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "сала",
        "ہال",
        "kwarto",
        "silid",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("dvorana", "sale", "դահլիճ", "დარბაზი", "gbongan"),
    ),
    "track": (
        "kategorie",
        "categorie",
        "categoria",
        "themenbereich",
        "thematique",
        "tematica",
        "parcours",
        "trilha",
        # the theme, where another column is the title ("Titolo" beside "Tema"; alone,
        # "Tema" and "Thema" are the title, which takes them first)
        "tema",
        "thema",
        "spar",
        "spor",
        "sekce",
        "sciezka",
        "kategori",
        "トラック",
        "分野",
        "专题",
        "分论坛",
        "分論壇",
        "議題",
        "议题",
        "主題",
        "主题",
        "트랙",
        "eje",
        "eixo",
        "المسار",
        "jalur",
        "topik",
        "trek",
        "chu_de",
        "szekcio",
        "sectiune",
        "ट्रैक",
        "แทร็ก",
        "หมวด",
        "секция",
        "трек",
        "направление",
        "секція",
        "напрям",
        "ενότητα",
        "θεματική",
        "κατηγορία",
        "محور",
        "ট্র্যাক",
        "বিভাগ",
        "பிரிவு",
        "ዘርፍ",
        "kundi",
        "מסלול",
        "ट्रॅक",
        "ట్రాక్",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "област",
        "موضوع",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("sekcija", "թեմա", "თემა", "eka"),
    ),
    "format": (
        "typ",
        "tipo",
        "formato",
        "formaat",
        "тип",
        "формат",
        "प्रकार",
        "ประเภท",
        "種別",
        "形式",
        "类型",
        "類型",
        "유형",
        "النوع",
        "نوع",
        "סוג",
        "jenis",
        "tyyppi",
        "τύπος",
        "είδος",
        "aina",
        "ধরন",
        "ধরণ",
        "வகை",
        "ዓይነት",
        "አይነት",
        "loai",
        "hinh_thuc",
        "రకం",
        # a session's type in two words, as English's "session_type" (sweep 24): German,
        # French, Spanish, Italian, Dutch, Portuguese, Polish, Turkish, Indonesian and
        # Malay, Vietnamese ("Jenis Sesi", "Tipo de sesión", "Type de session")
        *("sessiontyp", "veranstaltungsart", "vortragsart", "type_de_session"),
        *("type_de_seance", "tipo_de_sesion", "tipo_sesion", "tipo_di_sessione"),
        *("tipo_sessione", "sessietype", "tipo_de_sessao", "tipo_sessao", "typ_sesji"),
        *("oturum_turu", "jenis_sesi", "tipe_sesi", "jenis_acara", "loai_phien"),
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "vorm",
        "muoto",
        "tipus",
        "врста",
        "vrsta",
        "قسم",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("tipas", "տեսակ", "ტიპი", "iru"),
    ),
    "language": (
        "sprache",
        "langue",
        "idioma",
        "lingua",
        "taal",
        "jazyk",
        "sprak",
        "dil",
        "jezyk",
        "言語",
        "语言",
        "언어",
        "ngon_ngu",
        "bahasa",
        "भाषा",
        "ภาษา",
        "اللغة",
        "язык",
        "мова",
        "γλώσσα",
        "زبان",
        "lugha",
        "keel",
        "ভাষা",
        "மொழி",
        "ቋንቋ",
        "שפה",
        "భాష",
        # (sweep 24: Serbian in both scripts, Urdu, Norwegian, Romanian, Dutch, Finnish,
        # Hungarian, Tagalog)
        "језик",
        "jezik",
        "kieli",
        "nyelv",
        "limba",
        "wika",
        # Croatian, Catalan, Lithuanian, Armenian, Georgian, Yoruba (sweep 24)
        *("kalba", "լեզու", "ენა", "ede"),
    ),
}


# The words that name a duration column without its unit ("Dauer", "Duration"):
# the field's names that are not a unit themselves ("minutes", "duration_min")
_DURATION_NAMES = (
    "duration",
    "scheduled_duration",
    "length",
    "talk_length",
    "dauer",
    "duree",
    "duracion",
    "durata",
    "duur",
)
_UNITS = {"hours": "duration-hour", "minutes": "duration-minute"}


@cache
def _unit_words() -> dict[str, str]:
    """The names of an hour and a minute (CLDR's, in every language programs are read
    in: "Std.", "Stunden", "heures", "min", "Minuten"), as headers compare (`norm`) ->
    "hours" or "minutes"; English's plural abbreviations too ("hrs", "mins"). A name
    of one letter is read only as English writes it ("h", "m"), and no name that
    is another field's ("time", Norwegian for hour, is a start)."""
    fields = {n for f, names in FIELDS.items() if f != "duration" for n in names}
    found: dict[str, set[str]] = {}
    for unit, cldr in _UNITS.items():
        for code in languages.written_in():
            for name in languages.unit_names(code, cldr):
                key = norm(name)
                if key and (len(key) > 1 or code == "en"):
                    found.setdefault(key, set()).add(unit)
        for key in _english_units(cldr):
            found.setdefault(key, set()).add(unit)
    return {k: next(iter(u)) for k, u in found.items() if len(u) == 1 and k not in fields}


@cache
def _english_units(cldr: str) -> frozenset[str]:
    """English's names of a unit (`norm`ed), with the plural of its abbreviations."""
    names = {norm(n) for n in languages.unit_names("en", cldr)} - {""}
    return frozenset(names | {n + "s" for n in names if 1 < len(n) < 4 and n[-1] != "s"})


_LONGEST_HEADER = 12  # words: a header longer than this names no duration, no field by its end


def duration_unit(header: object) -> str | None:
    """What a column's header says of its durations: "hours" ("Dauer (Std.)",
    "Duration (hours)", "Duration in h", "hrs"), "minutes" ("Dauer (Min.)",
    "duration_min", "Minuten"), "" where it is a duration's name without a unit
    ("Dauer", "Duration"), the word after a duration's name where it is no unit
    known here ("Duration (slots)" -> "slots"); None for no duration's header
    ("Length of abstract")."""
    key = norm(header)
    units = _unit_words()
    if key in _DURATION_NAMES:
        return ""
    english = _english_units(_UNITS["hours"]) | _english_units(_UNITS["minutes"])
    if key in units and (len(key) > 4 or (key in english and len(key) > 1)):
        return units[key]  # the unit alone ("Minuten", "hrs"; not "Sat", Croatian hours)
    words = key.split("_")
    if len(words) > _LONGEST_HEADER:
        return None  # (a cell of prose, not a header: spare the quadratic cuts)
    for cut in range(len(words) - 1, 0, -1):
        if "_".join(words[:cut]) in _DURATION_NAMES:
            rest = words[cut:]
            unit = units.get("_".join(rest)) or (units.get(rest[-1]) if len(rest) == 2 else None)
            return unit or (rest[0] if len(rest) == 1 else None)
    return None


# Headers that name one field in English and another in a language programs are
# written in: German "Tag" is a day, English "Tag" a keyword. `resolve` reads them as
# English does; a table whose such column holds dates reads it as the other field
# (ingest/formats/table.py, `_Reader.cols_of`).
TWO_WAYS: dict[str, tuple[str, str]] = {"tag": ("keywords", "date")}


def said_in_another_language(header: object, fld: str) -> bool:
    """Whether `header` names `fld` in one of the other languages (not English's)."""
    key = norm(header)
    theirs = IN_OTHER_LANGUAGES.get(fld, ())
    return bool(key) and (key in theirs or key.replace("_", "") in theirs)


# one word of a line's label: a letter, then letters, digits, hyphens and the combining
# marks inside it (Thai "ผู้บรรยาย", Hindi "वक्ता": their vowel signs and virama are no
# `\w`), as the one list (`IN_OTHER_LANGUAGES`) writes its words
LABEL_WORD = rf"[^\W\d_][\w\-{languages.MARKS}]*"

# a line's label of two or three words before its colon ("Diễn giả: …", "Người trình
# bày: …", "Thời gian: …"): the labels of one word are each format's own to find
_WORDS_LABEL = re.compile(
    rf"^({LABEL_WORD}(?:[ \t]+{LABEL_WORD}){{1,2}})[ \t]*[:\uff1a][ \t]*(.*)$"
)


def words_label(line: str) -> re.Match[str] | None:
    """A line labelled by a few words that name a field in another language, as the one
    list of them writes it (`IN_OTHER_LANGUAGES`: "Diễn giả: Nguyễn Văn An", Vietnamese
    for "Speaker"): the match, its label and its value (groups 1 and 2); None for any
    other line ("Note that: …"), read by calendars and Markdown programs alike."""
    m = _WORDS_LABEL.match(line.strip())
    if m is None or not any(said_in_another_language(m.group(1), f) for f in IN_OTHER_LANGUAGES):
        return None
    return m


# Inclusive writing names one column in several spellings: "Intervenant·e·s" and
# "Intervenant(e)s" are "Intervenants" (French), "Referent*innen", "Referent:innen",
# "Referent_innen" and "ReferentInnen" are "Referent", and so is "Referent*in"
# (German); the marks and the feminine ending between them are dropped, a plural "s"
# after them kept. (Not "_in" or "In" alone: "check_in", "signIn" are no such words.)
_DOT = "[\u00b7\u22c5\u2022]"  # the middle dots of "Intervenant·e·s"
INCLUSIVE = re.compile(
    rf"(?<=\w)(?:{_DOT}[a-zà-ÿ]{{1,5}}(?:{_DOT}(?=s\b))?|\((?:e|es|s)\)"
    r"|[*:_]innen\b|(?<=[a-zß-öø-ÿ])Innen\b|[*:]in\b)"
)


def inclusive_plural(header: object) -> bool:
    """Whether a name's inclusive writing says a plural that `norm` does not keep:
    German's plural feminine ending, dropped with its mark ("Referent*innen",
    "ReferentInnen" are several, though `norm` writes them "referent")."""
    return any(m.group().lower().endswith("nnen") for m in INCLUSIVE.finditer(str(header)))


# The letters the Arabic script writes one letter with, by region and keyboard, as
# one: yeh (Arabic "ي", Persian "ی", alef maksura "ى"), kaf ("ك", Persian "ک"), teh
# marbuta as the heh it is said as ("ة", "ه"), alef with hamza, madda or wasla as alef
# ("أ", "إ", "آ", "ٱ"); the tatweel that stretches a word ("ـ") no letter (the vowel
# marks are accents, which `fold` drops): a Persian "تاريخ" typed with Arabic's yeh is
# "تاریخ" (sweep 24)
_ARABIC_LETTERS = str.maketrans(
    {
        **dict.fromkeys("\u06cc\u0649", "\u064a"),
        "\u06a9": "\u0643",
        "\u0629": "\u0647",
        **dict.fromkeys("\u0623\u0625\u0622\u0671", "\u0627"),
        "\u0640": "",
    }
)
_UNMARKED = {**UNMARKED, **_ARABIC_LETTERS}


def norm(header: object) -> str:
    """A header as names compare: case and accents folded, inclusive writing as its
    plain word (`INCLUSIVE`), the Arabic script's variants of a letter as one
    (`_ARABIC_LETTERS`), runs of anything else "_". The marks of scripts whose
    marks are letters, not accents (`_OWN_MARKS`: a Devanagari vowel sign or virama,
    a Thai vowel or tone mark), stay inside their word: "शीर्षक" is one word, whole."""
    text = INCLUSIVE.sub("", str(header).replace("\ufeff", "")).translate(_UNMARKED)
    text = _FOLDED.sub(lambda m: fold(m.group()), unicodedata.normalize("NFC", text))
    return _NOT_WORD.sub("_", text).strip("_")  # (letters of any script kept)


# The scripts whose combining marks are part of their letters (vowel signs, viramas,
# tone marks), not accents a name may leave out: the Brahmic ones of India and Sri
# Lanka (Devanagari to Sinhala), Thai, Lao, Tibetan, Myanmar and Khmer
_OWN_MARKS = "\u0900-\u0dff\u0e00-\u0eff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff"
# what folds: all but kana, Chinese characters and Hangul, whose marks are no accents
# ("スピーカー" keeps its "ピ", "제목" its syllables, as the lists above write them),
# and the scripts of `_OWN_MARKS`
_FOLDED = re.compile(rf"[^{EAST_ASIAN}{_OWN_MARKS}]+")
_MARKS = "".join(
    c
    for lo, hi in ((0x0900, 0x0DFF), (0x0E00, 0x0EFF), (0x0F00, 0x109F), (0x1780, 0x17FF))
    for c in map(chr, range(lo, hi + 1))
    if unicodedata.category(c).startswith("M")
)
# what separates a name's words: anything but a letter, a digit or such a mark
_NOT_WORD = re.compile(rf"(?:[^\w{_MARKS}]|_)+")

# the other languages' names as `norm` writes them (each list writes them as its
# language does: "Τίτλος", "время начала"), after English's
IN_OTHER_LANGUAGES = {
    f: tuple(dict.fromkeys(norm(n) for n in names)) for f, names in IN_OTHER_LANGUAGES.items()
}

# Names other tools give a field, read after every name above, in every language, and
# after every other way `resolve` finds a field (a header's aside, its last words): a
# column or key of these names holds the field only where nothing else names it, so a
# program's "Time", "Uhrzeit", "To", "Where", "Salle" or "Referent" column always wins
# over a "Starts" count, a registration date "Ends", a building "Auditorium" or a
# panel's "Moderator" beside it.
OF_OTHER_TOOLS: dict[str, tuple[str, ...]] = {
    # the people who lead a session that names no speaker (a panel's moderator, a
    # workshop's instructor or trainer): its people, as a calendar's "Moderation:" line
    # is where nothing else names anyone ("by" and "who" are left out: a record's
    # author or audience)
    "speakers": (
        *("moderator", "moderators", "facilitator", "facilitators"),
        *("instructor", "instructors", "trainer", "trainers"),
    ),
    "affiliation": ("company_name",),  # EventMobi's
    # iCalendar's names (in JSON or a CSV export), Eventbrite's and schedulers' words
    "start": ("begins_at", "starts", "scheduled_start", "dtstart"),
    # ("slot_start" is a start by its two words: `other_way`; "slot_end" is not)
    "end": ("ends", "scheduled_end", "slot_end", "dtend"),
    "room": ("location_name", "auditorium"),  # EventMobi's, Cvent's "locationName"
}
_LAST_NAMES = frozenset(n.replace("_", "") for names in OF_OTHER_TOOLS.values() for n in names)
FIELDS = {
    f: (*names, *IN_OTHER_LANGUAGES.get(f, ()), *OF_OTHER_TOOLS.get(f, ()))
    for f, names in FIELDS.items()
}
# a title's names in another language that name a track too (a topic: "Tema",
# "Thema", "主題") come after every other name of a title, so that a table with "Naslov" or "Títol" beside "Tema"
# reads the first as the title and "Tema" as its track, in either order of the columns
# (sweep 24); alone, they are still the title
_TOPICS = frozenset(IN_OTHER_LANGUAGES["title"]) & frozenset(IN_OTHER_LANGUAGES["track"])
FIELDS["title"] = (
    *(n for n in FIELDS["title"] if n not in _TOPICS),
    *(n for n in FIELDS["title"] if n in _TOPICS),
)


def _serializers(key: object) -> bool:
    """Whether a key is a serializer's note of its own class, not data: "_type"
    (Indico's "ContribSchEntry"), "@type" (JSON-LD), "$type", "__typename" (GraphQL)."""
    text = str(key)
    return text[:1] in "_@$" and norm(text) in ("type", "typename", "class")


# the words after a field's name that say a key holds a list of them: "speakerList",
# "speaker_list", "presentersArray", "tagsList" (a last word, after a word or more)
LIST_WORDS = ("list", "array", "collection")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def listed_name(key: object) -> str | None:
    """The name a key says before a word of `LIST_WORDS` ("speaker" of "speakerList",
    "speaker_list" or "Speaker List"), as `norm` writes names; None for any other key."""
    return _listed(str(key))


@lru_cache(maxsize=4096)  # (asked of every key of every object of a JSON tree)
def _listed(key: str) -> str | None:
    words = [w for w in norm(_CAMEL.sub("_", key)).split("_") if w]
    return "_".join(words[:-1]) if len(words) > 1 and words[-1] in LIST_WORDS else None


# The names of a start or an end given in UTC (Bizzabo's "startTimeUtc", "start_utc"):
# a value without an offset is a UTC instant (`in_utc`), shown in the program's zone
# where the document names one. Read only where no other key or column names the
# field (`resolve`, last): a local time always wins over a UTC one.
IN_UTC: dict[str, tuple[str, ...]] = {
    "start": ("start_utc", "start_time_utc", "starts_at_utc", "start_date_time_utc", "utc_start"),
    "end": ("end_utc", "end_time_utc", "ends_at_utc", "end_date_time_utc", "utc_end"),
}
_UTC_NAMES = frozenset(n.replace("_", "") for names in IN_UTC.values() for n in names)


def in_utc(column: object) -> bool:
    """Whether a key or column's name says its times are in UTC (`IN_UTC`)."""
    return column is not None and norm(column).replace("_", "") in _UTC_NAMES


def of_other_tools(column: object) -> bool:
    """Whether a column or key is named so only by other tools (`OF_OTHER_TOOLS`:
    "Ends", "DTEND"), its aside left out: what the row says otherwise comes first."""
    key = norm(_ASIDE.sub("", str(column or ""))).replace("_", "")
    return key in _LAST_NAMES


# each name of `FIELDS`, written without "_" -> its field (the first naming it)
_FIELD_OF: dict[str, str] = {}
for _fld, _names in FIELDS.items():
    for _name in _names:
        _FIELD_OF.setdefault(_name.replace("_", ""), _fld)


# the fields a talk holds several values of, which a table may spread over numbered
# columns of one value each ("Speaker 1", "Speaker 2", "Referent 3"; their "Company 1",
# "Company 2"); a talk has one track, room or date (a "Track 2" column is no list)
NUMBERED_FIELDS = ("speakers", "affiliation")
_NUMBERED = re.compile(r"(.*?)_?(\d{1,2})(?:_(.+))?")


def numbered(keys: Iterable[str]) -> dict[str, list[str]]:
    """The fields of `NUMBERED_FIELDS` that numbered columns hold ("Speaker 1",
    "Speaker 2", "Speaker 3": speakers), each with its columns in their numbers' order;
    a speaker's column of another of those fields names it after the number ("Speaker 1
    Company": the first speaker's affiliation; "Speaker 1 Name" is the speaker)."""
    found: dict[str, list[tuple[int, str]]] = {}
    for key in keys:
        m = _NUMBERED.fullmatch(norm(key))
        fld = _FIELD_OF.get(m.group(1).replace("_", "")) if m and m.group(1) else None
        if m and m.group(3):  # ("speaker_1_company")
            after = _FIELD_OF.get(m.group(3).replace("_", ""))
            named = m.group(3) in _NAME_WORDS  # ("Speaker 1 Title" is a job's, no name)
            fld = fld if named else after if fld == "speakers" and after != "title" else None
        if m and fld in NUMBERED_FIELDS:
            found.setdefault(fld, []).append((int(m.group(2)), key))
    return {fld: [key for _, key in sorted(cols)] for fld, cols in found.items()}


# what a speaker's numbered column says after the number where it holds the name
# ("Speaker 1 Name"), as `norm` writes it
_NAME_WORDS = ("name", "names", "full_name", "fullname")


# a person's name in two columns, the given name's and the family name's ("First Name"
# and "Last Name", "Vorname" and "Nachname", "Prénom" and "Nom"; a speaker's: "Speaker
# First Name"), as `norm` writes them
_NAME_PARTS = (
    ("first_name", "given_name", "forename", "vorname", "prenom", "nombre", "nome", "voornaam"),
    (
        *("last_name", "family_name", "surname", "nachname", "nom", "apellido"),
        *("apellidos", "cognome", "achternaam", "sobrenome"),
    ),
)


def name_parts(keys: Iterable[str]) -> tuple[str, str] | None:
    """The two columns of a person's given and family names (`_NAME_PARTS`), one of
    each, each maybe after a name of the speakers ("Speaker Last Name"); else None."""
    found: tuple[list[str], list[str]] = ([], [])
    for key in keys:
        words = [w for w in norm(key).split("_") if w]
        while len(words) > 1 and _FIELD_OF.get(words[0]) == "speakers":
            words.pop(0)
        said = "".join(words)
        for part, names in zip(found, _NAME_PARTS, strict=True):
            if said in (n.replace("_", "") for n in names):
                part.append(key)
    given, family = found
    return (given[0], family[0]) if len(given) == len(family) == 1 else None


def more_columns(keys: Iterable[str], cols: dict[str, str], fld: str) -> list[str]:
    """The papers' authors' columns beside the speakers' column `cols[fld]` (of no
    authors itself), in the order of `keys` ("Authors (Optional)" beside "Speakers
    (Optional)": Whova's, a session's speakers in one and its papers' authors in the
    other); a host's or a presenter's column is none (a welcome's "Conference Team")."""
    used = set(cols.values())
    if fld != "speakers" or fld not in cols or _authors(cols[fld]):
        return []
    return [
        k
        for k in keys
        if k not in used
        and not _serializers(k)
        and (_named_field(k) or other_way(k)) == fld
        and _authors(k)
    ]


def _authors(key: str) -> bool:
    """Whether a column's name says it holds authors ("Authors (Optional)")."""
    return any(w in ("author", "authors", "author_names") for w in norm(key).split("_"))


def column_number(key: str) -> int | None:
    """The number a numbered column's name ends with ("Company 2": 2)."""
    m = _NUMBERED.fullmatch(norm(key))
    return int(m.group(2)) if m and m.group(1) else None


# The fields a header of several words names by its last words, its head noun
# ("Event Date", "Session Category", "Session Start Time"): not the talk's own name
# or id ("Presenter Name" is no title), nor its room (a grid's columns are rooms
# named so: "Main Hall"); and the names of the fields that are no noun of one ("to",
# "when"), or a noun of other things too ("Live Stream", "Response Text", "Meeting
# Minutes")
_HEAD_FIELDS = (
    "date",
    "start",
    "end",
    "duration",
    "track",
    "abstract",
    "speakers",
    "affiliation",
    "language",
    "keywords",
    "timezone",
)
_NO_HEADS = frozenset(
    (
        *("to", "from", "until", "when", "where", "begin", "begins", "finish"),
        *("text", "body", "content", "details", "people", "persons", "org"),
        *("host", "hosts", "stream", "minutes", "mins", "length", "area"),
    )
)


def head_field(header: object) -> str | None:
    """The field a header of several words names by its last words (`_HEAD_FIELDS`:
    "Event Date" a date, "Session Category" a track, "Session Start Time" a start),
    where each word before them names the talk itself ("Event", "Session": a name
    of its title or its conference in `FIELDS`) or the same field ("Presenter
    Location", "Speaker Description", "Finish Date" and "Created Date" name no room,
    abstract or date of the talk's); else None. Only a header written in words, as
    a table's is: a key of data ("event_end", "eventDate") may be the conference's
    (`jsonrecords.unprefixed`)."""
    if not re.search(r"\w\s+\w", str(header)):
        return None
    words = [w for w in norm(header).split("_") if w]
    if len(words) > _LONGEST_HEADER:
        return None  # (a cell of prose, not a header)
    for cut in range(1, len(words)):
        head = "_".join(words[cut:])
        fld = None if head in _NO_HEADS else _FIELD_OF.get(head.replace("_", ""))
        if fld is None:
            continue
        if fld not in _HEAD_FIELDS:
            return None
        before = {_FIELD_OF.get(w) for w in words[:cut]}
        # ("Presenter Company": the speakers' organisation)
        of_speakers = fld == "affiliation" and before == {"speakers"}
        return fld if before <= {"title", "conference", fld} or of_speakers else None
    return None


# an aside in parentheses after a header's name: a form's "(Optional)", Airtable's
# "(from Rooms)" (a field looked up in another table)
_ASIDE = re.compile(r"\s*\([^()]*\)\s*$")
_SLASH = re.compile(r"\s*/\s*")
# a key of data written in camel case, its words' bounds ("venueRoom": venue, Room)
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_STEM = 4  # the fewest letters of a name an inflected word is read by


def _named_field(name: str) -> str | None:
    """The field a name of one or more words names as `FIELDS` writes it."""
    return _FIELD_OF.get(norm(name).replace("_", "")) if norm(name) else None


def _inflected(word: str) -> str | None:
    """The field a word names inflected ("доклада", genitive of "доклад"; "başlığı",
    "başlık" with its possessive ending): a name of `FIELDS` of `_STEM` letters or more
    that the word begins with, but for the name's last letter, and ends at most two
    letters after."""
    for name, fld in _FIELD_OF.items():
        if (
            len(name) >= _STEM
            and 0 <= len(word) - len(name) <= 2
            and word[: len(name) - 1] == name[:-1]
        ):
            return fld
    return None


def _rank(fld: str, header: str) -> int:
    """Where a header's name, its aside left out, comes among `FIELDS[fld]`'s (after
    them all where it is none of them)."""
    key = norm(_ASIDE.sub("", header)).replace("_", "")
    names = [n.replace("_", "") for n in FIELDS[fld]]
    return names.index(key) if key in names else len(names)


# the fields of a moment, which a header may name with an "at" after it ("Begins at")
_MOMENTS = ("start", "end")


@lru_cache(maxsize=4096)
def other_way(header: str) -> str | None:
    """The field a header names another way than `FIELDS` writes it: without an aside
    in parentheses ("Speakers (Optional)", "Room (from Rooms)"; not a duration's
    unit not known here, "Duration (slots)", which the reader names); by names of one field
    joined by a slash ("Room/Location"); its two words the other way round ("Time
    End": "End Time"); a moment's name and "at" ("Begins at": `_MOMENTS`); a key of data
    in camel case by its words ("venueRoom"); or each of its words naming the same field, one of them as
    written and the others maybe inflected ("Oturum Başlığı": session and title, in
    Turkish; "Название доклада": title of the talk, in Russian). None where it names
    none so."""
    bare = _ASIDE.sub("", header)
    if duration_unit(header) not in (None, "", *_UNITS):
        return None  # ("Duration (slots)": a unit not known here, said by the reader)
    if bare != header and bare.strip():
        return _named_field(bare) or other_way(bare) or head_field(bare)
    parts = [p for p in _SLASH.split(header) if p]
    if len(parts) > 1:
        named = {_named_field(p) for p in parts}
        return named.pop() if len(named) == 1 and None not in named else None
    if re.fullmatch(r"[a-z]+[A-Z][a-z]+", header):  # a key in camel case: by its words
        return other_way(_CAMEL.sub(" ", header))
    words = [w for w in norm(header).split("_") if w]
    if len(words) != 2:
        return None
    if found := _FIELD_OF.get(words[1] + words[0]):
        return found
    if words[1] == "at" and _FIELD_OF.get(words[0]) in _MOMENTS:
        return _FIELD_OF[words[0]]  # ("Begins at", as "Starts at" and "Ends at" are named)
    exact = [_FIELD_OF.get(w) for w in words]
    named = {f or _inflected(w) for f, w in zip(exact, words, strict=True)}
    if len(named) == 1 and None not in named and any(exact):
        return named.pop()
    return None


def resolve(keys: Iterable[str], mapping: dict[str, str] | None = None) -> dict[str, str]:
    """Which column holds which field: {field: column name as written}; a
    serializer's class note is no field (`_serializers`). A key naming a field as a
    list of it (`listed_name`: "speakerList") holds it where no key names it plainly."""
    keys = list(keys)
    by_norm: dict[str, str] = {}
    for k in keys:
        if _serializers(k):
            continue
        by_norm.setdefault(norm(k), k)
        by_norm.setdefault(norm(k).replace("_", ""), k)
    out: dict[str, str] = {}
    used: set[str] = set()
    for fld, column in (mapping or {}).items():
        out[fld] = column
        used.add(column)
    titled = any(n in by_norm or n.replace("_", "") in by_norm for n in FIELDS["title"])
    calendar = "title" not in out and not titled
    if calendar and "summary" in by_norm and "description" in by_norm:
        # iCalendar's words (Google Calendar's JSON too): the summary is the title
        out.setdefault("title", by_norm["summary"])
        used.add(by_norm["summary"])
    for fld, names in FIELDS.items():
        if fld in out:
            continue
        for name in names:
            if name.replace("_", "") in _LAST_NAMES:
                continue  # (read last, below)
            col = by_norm.get(name) or by_norm.get(name.replace("_", ""))
            if col is not None and col not in used:
                out[fld] = col
                used.add(col)
                break
    # a header said another way ("Room (from Rooms)", "Time End"), the one whose
    # name comes first in `FIELDS` where two say one field ("Speakers (Optional)"
    # before "Authors (Optional)")
    other = [(f, k) for k in keys if k not in used and not _serializers(k) if (f := other_way(k))]
    for fld, k in sorted(other, key=lambda fk: _rank(*fk)):
        if fld not in out and k not in used:
            out[fld] = k
            used.add(k)
    for k in keys:
        listed = listed_name(k) if k not in used and not _serializers(k) else None
        named = _FIELD_OF.get(listed.replace("_", "")) if listed else None
        if named is not None and named not in out:
            out[named] = k
            used.add(k)
    if len(keys) > 1:  # a header of several words by its last ones: "Event Date"
        for k in keys:
            head = head_field(k) if k not in used and not _serializers(k) else None
            if head is not None and head not in out:
                out[head] = k
                used.add(k)
    for late in (OF_OTHER_TOOLS, IN_UTC):  # other tools' names; then UTC times, where
        for fld, names in late.items():  # nothing names the local time
            found = next(
                (
                    by_norm[n.replace("_", "")]
                    for n in names
                    if by_norm.get(n.replace("_", "")) not in (None, *used)
                ),
                None,
            )
            if fld not in out and found is not None:
                out[fld] = found
                used.add(found)
    if "duration" not in out:  # a duration named with its unit: "Dauer (Std.)"
        timed = (k for k in by_norm.values() if k not in used)
        found = next((k for k in timed if duration_unit(k) in _UNITS), None)
        if found is not None:
            out["duration"] = found
            used.add(found)
    return out
