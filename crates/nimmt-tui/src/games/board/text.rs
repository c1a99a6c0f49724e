//! The Brettspiel screen's texts, in English and German, and the short symbols of the fields,
//! cards and versions.

use crate::text::Lang;
use nimmt_core::games::board::{ActionCard, Field, LuckCard, Version};

/// The English or the German text.
pub fn tr(lang: Lang, en: &'static str, de: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::De => de,
    }
}

/// A field as at most four columns: `·` nothing, `+3`/`-2` points, `+B`/`-2B` the tile's bull
/// heads as plus or minus points, `+T` draw a tile, `+A` draw an action card, `2T` two tiles,
/// `XX` take the row, `X>` take the row behind the screen.
pub fn field_symbol(field: Field) -> String {
    match field {
        Field::Empty => "·".into(),
        Field::TakeRow => "XX".into(),
        Field::TakeRowToScreen => "X>".into(),
        Field::GreenBulls { count: 1 } => "+B".into(),
        Field::GreenBulls { count } => format!("+{count}B"),
        Field::RedBulls { count: 1 } => "-B".into(),
        Field::RedBulls { count } => format!("-{count}B"),
        Field::Plus { points } => format!("+{points}"),
        Field::Minus { points } => format!("-{points}"),
        Field::DrawTile => "+T".into(),
        Field::DrawActionCard => "+A".into(),
        Field::DoubleTile => "2T".into(),
    }
}

/// What a field does, in words.
pub fn field_text(lang: Lang, field: Field) -> String {
    let times = |c: u8| {
        if c == 1 {
            String::new()
        } else {
            format!(" ×{c}")
        }
    };
    match field {
        Field::Empty => tr(lang, "nothing happens", "nichts passiert").into(),
        Field::TakeRow => tr(
            lang,
            "take the row: its bull heads are minus points",
            "Reihe nehmen: ihre Hornochsen sind Minuspunkte",
        )
        .into(),
        Field::TakeRowToScreen => tr(
            lang,
            "take the row: its tiles go behind your screen",
            "Reihe nehmen, Plättchen hinter den Schirm",
        )
        .into(),
        Field::GreenBulls { count } => format!(
            "{}{}",
            tr(
                lang,
                "its bull heads as plus points",
                "Hornochsen als Pluspunkte"
            ),
            times(count)
        ),
        Field::RedBulls { count } => format!(
            "{}{}",
            tr(
                lang,
                "its bull heads as minus points",
                "Hornochsen als Minuspunkte"
            ),
            times(count)
        ),
        Field::Plus { points } => format!("{points} {}", tr(lang, "plus points", "Pluspunkte")),
        Field::Minus { points } => format!("{points} {}", tr(lang, "minus points", "Minuspunkte")),
        Field::DrawTile => tr(
            lang,
            "draw a tile from the supply",
            "ein Plättchen aus dem Vorrat ziehen",
        )
        .into(),
        Field::DrawActionCard => tr(lang, "draw an action card", "eine Aktionskarte ziehen").into(),
        Field::DoubleTile => tr(
            lang,
            "while free, everybody plays two tiles",
            "solange frei, spielt jeder zwei Plättchen",
        )
        .into(),
    }
}

pub fn action_card_name(lang: Lang, card: ActionCard) -> &'static str {
    match card {
        ActionCard::Stop => tr(lang, "Stop!", "Stop!"),
        ActionCard::SwapTile => tr(lang, "Swap tile", "Plättchentausch"),
        ActionCard::Skip => tr(lang, "Skip", "Überspringen"),
        ActionCard::ToStart => tr(lang, "To the start", "An den Anfang legen"),
        ActionCard::Ascending => tr(lang, "Ascending", "Aufsteigend anlegen"),
        ActionCard::ExtraTile => tr(lang, "One more tile", "Noch ein Plättchen"),
    }
}

pub fn luck_card_name(lang: Lang, card: LuckCard) -> &'static str {
    match card {
        LuckCard::FivePoints => tr(lang, "5 plus points", "5 Pluspunkte"),
        LuckCard::PositiveBulls => tr(lang, "Positive bulls", "Positive Hornochsen"),
    }
}

pub fn version_name(lang: Lang, v: Version) -> &'static str {
    match v {
        Version::Base => tr(lang, "base game", "Grundspiel"),
        Version::BaseLuck => tr(lang, "base game, luck cards", "Grundspiel, Glückskarten"),
        Version::Pro => tr(lang, "pro", "Profi"),
        Version::ProLuck => tr(lang, "pro, luck cards", "Profi, Glückskarten"),
    }
}

pub const HELP_EN: &str = "\
Lay your tiles on the board's rows: everybody chooses a tile at once,
then they are laid lowest first, each after the row whose last tile is
lower and closest (too low for all: after the highest). A tile goes on
the row's next field and does what the field says; the last field takes
the row. The most points win (−44 … +44); passing a clover back earns a
luck card. Fields:
  ·  nothing        +3/-2 points       +B/-2B bull heads as ± points
  +T draw a tile    +A action card     2T two tiles each round
  XX take the row   X> take the row behind your screen   ■ stop sign
Luck cards, played just before laying: 5 plus points: +5 instead of the
  field (not a row's last) · Positive bulls: on a row's last field two of
  its tiles count as plus points.
Action cards (pro): Stop! no tile on that row until a row is taken ·
  Swap tile: lay another tile instead · Skip: over the next field ·
  To the start: in front of a higher first tile · Ascending: on any
  lower row · One more tile: lay all your tiles now, lowest first.
Keys: ←/→ choose a tile · space mark it (two tiles) · Enter play
      ↑/↓ choose a card to play, a row, a luck card · Enter do it
      ? help · q quit";

pub const HELP_DE: &str = "\
Lege deine Plättchen an die Reihen: alle wählen gleichzeitig, dann wird
vom niedrigsten an gelegt, hinter die Reihe mit der nächstkleineren
letzten Zahl (zu niedrig für alle: hinter die höchste). Das Plättchen
kommt aufs nächste Feld und löst es aus; das letzte Feld nimmt die
Reihe. Die meisten Punkte gewinnen (−44 … +44); wer ein Kleeblatt
rückwärts passiert, bekommt eine Glückskarte. Felder:
  ·  nichts          +3/-2 Punkte        +B/-2B Hornochsen als ± Punkte
  +T Plättchen ziehen  +A Aktionskarte   2T zwei Plättchen je Runde
  XX Reihe nehmen   X> Reihe hinter den Sichtschirm   ■ Stoppschild
Glückskarten, direkt vor dem Anlegen: 5 Pluspunkte: +5 statt des Feldes
  (nicht das letzte) · Positive Hornochsen: auf dem letzten Feld zählen
  zwei Plättchen der Reihe als Pluspunkte.
Aktionskarten (Profi): Stop! keine Plättchen an diese Reihe, bis eine
  genommen wird · Plättchentausch: anderes legen · Überspringen: ein Feld
  weiter · An den Anfang legen: vor ein höheres erstes Plättchen ·
  Aufsteigend anlegen: an jede niedrigere Reihe · Noch ein Plättchen:
  alle eigenen Plättchen jetzt legen, das niedrigste zuerst.
Tasten: ←/→ Plättchen wählen · Leertaste markieren (zwei) · Enter spielen
        ↑/↓ Karte, Reihe oder Glückskarte wählen · Enter ausführen
        ? Hilfe · q Ende";
