//! The Brettspiel's log: one line per event that changes what a player sees, in English or
//! German, all taken from the event (where a tile went, what its field did, the score after it,
//! a row's count and bull heads, the round's points).

use super::text::{action_card_name, field_text, luck_card_name, tr};
use super::BoardApp;
use nimmt_core::games::board::{Event, Field, ScoreReason};

/// `+3`, `-7`, `0`.
pub fn signed(n: i32) -> String {
    if n > 0 {
        format!("+{n}")
    } else {
        n.to_string()
    }
}

impl BoardApp {
    /// ` (what the field does)`, or nothing for an empty field.
    fn effect(&self, effect: Field) -> String {
        if effect == Field::Empty {
            String::new()
        } else {
            format!(": {}", field_text(self.lang, effect))
        }
    }

    /// The log line for `event`, if it gets one.
    pub fn narrate(&self, event: &Event) -> Option<String> {
        let lang = self.lang;
        let me = self.me();
        Some(match event {
            Event::Dealt { set, .. } if *set > 1 => tr(
                lang,
                "Twelve more tiles each from the supply",
                "Zwölf weitere Plättchen aus dem Vorrat",
            )
            .into(),
            Event::RoundStarted { round, count } => format!(
                "{} {round}{}",
                tr(lang, "Round", "Runde"),
                if *count > 1 {
                    tr(lang, ": two tiles each", ": je zwei Plättchen")
                } else {
                    ""
                }
            ),
            Event::Revealed { tiles } => {
                let t: Vec<String> = tiles
                    .iter()
                    .map(|(t, s)| format!("{} {t}", self.name(*s)))
                    .collect();
                format!("{}: {}", tr(lang, "Revealed", "Aufgedeckt"), t.join(", "))
            }
            Event::ActionCardPlayed { seat, action } => {
                format!("{}: {}", self.name(*seat), self.describe(action))
            }
            Event::Swapped { seat, back, tile } => format!(
                "{}: {back} {} {tile}",
                self.name(*seat),
                tr(
                    lang,
                    "back behind the screen, lays",
                    "zurück hinter den Schirm, legt"
                )
            ),
            Event::ExtraPlayed { seat, tiles, .. } => {
                let t: Vec<String> = tiles.iter().map(u8::to_string).collect();
                format!(
                    "{} {} {}",
                    self.name(*seat),
                    tr(lang, "lays now:", "legt jetzt:"),
                    t.join(", ")
                )
            }
            Event::LuckCardPlayed { seat, card } => format!(
                "{} {} {}",
                self.name(*seat),
                tr(lang, "plays", "spielt"),
                luck_card_name(lang, *card)
            ),
            Event::Laid {
                seat,
                tile,
                row,
                field,
                effect,
            } => format!(
                "{}: {tile} → {} {}, {} {}{}",
                self.name(*seat),
                tr(lang, "row", "Reihe"),
                row + 1,
                tr(lang, "field", "Feld"),
                field + 1,
                self.effect(*effect)
            ),
            Event::LaidAtStart {
                seat,
                tile,
                row,
                pushed,
                field,
                effect,
                ..
            } => format!(
                "{}: {tile} → {} {}; {pushed} → {} {}{}",
                self.name(*seat),
                tr(lang, "start of row", "Anfang von Reihe"),
                row + 1,
                tr(lang, "field", "Feld"),
                field + 1,
                self.effect(*effect)
            ),
            Event::StopPlaced { seat, row } => format!(
                "{}: {} {}",
                self.name(*seat),
                tr(lang, "stop sign on row", "Stoppschild auf Reihe"),
                row + 1
            ),
            Event::StopsRemoved => tr(
                lang,
                "The stop signs go back beside the board",
                "Die Stoppschilder kommen zurück neben den Plan",
            )
            .into(),
            Event::RowTaken {
                seat,
                row,
                tiles,
                to_screen,
                positive,
                minus,
                plus,
            } => {
                let mut line = format!(
                    "{} {} {}: {} {}",
                    self.name(*seat),
                    tr(lang, "takes row", "nimmt Reihe"),
                    row + 1,
                    tiles.len(),
                    tr(lang, "tiles", "Plättchen"),
                );
                if *to_screen {
                    line += tr(lang, " behind the screen", " hinter den Schirm");
                }
                if *minus > 0 {
                    line += &format!(
                        ", {minus} {}",
                        tr(lang, "bull heads minus", "Hornochsen minus")
                    );
                }
                if !positive.is_empty() {
                    line += &format!(
                        ", {plus} {}",
                        tr(lang, "bull heads plus", "Hornochsen plus")
                    );
                }
                line
            }
            Event::RowOpened {
                seat,
                tile,
                row,
                effect,
            } => format!(
                "{} {} {} {} {tile}{}",
                self.name(*seat),
                tr(lang, "opens row", "eröffnet Reihe"),
                row + 1,
                tr(lang, "with", "mit"),
                self.effect(*effect)
            ),
            Event::Scored {
                seat,
                delta,
                score,
                reason,
                wanted,
            } => {
                let why = match reason {
                    ScoreReason::FivePoints => tr(lang, " (5 plus points card)", " (5 Pluspunkte)"),
                    ScoreReason::Final => tr(lang, " (end count)", " (Schlusswertung)"),
                    _ => "",
                };
                let cut = match wanted {
                    Some(w) => format!(
                        " ({} {}, {})",
                        tr(lang, "of", "von"),
                        signed(*w),
                        tr(lang, "the track ends", "die Leiste endet")
                    ),
                    None => String::new(),
                };
                format!(
                    "  {} {}{why}{cut} → {score}",
                    self.name(*seat),
                    signed(*delta)
                )
            }
            Event::TileDrawn { seat, none, supply } => {
                if *none {
                    format!(
                        "{}: {}",
                        self.name(*seat),
                        tr(lang, "the supply is empty", "der Vorrat ist leer")
                    )
                } else {
                    format!(
                        "{} {} ({} {supply})",
                        self.name(*seat),
                        tr(lang, "draws a tile", "zieht ein Plättchen"),
                        tr(lang, "supply", "Vorrat")
                    )
                }
            }
            Event::TileDrawnPrivately { seat, tile } if *seat == me => format!(
                "{} {tile}",
                tr(lang, "You draw tile", "Du ziehst Plättchen")
            ),
            Event::ActionCardDrawn { seat, none, .. } => format!(
                "{} {}",
                self.name(*seat),
                if *none {
                    tr(
                        lang,
                        "draws no action card: none left",
                        "zieht keine Aktionskarte: keine mehr",
                    )
                } else {
                    tr(lang, "draws an action card", "zieht eine Aktionskarte")
                }
            ),
            Event::ActionCardDrawnPrivately { seat, card } if *seat == me => format!(
                "{} {}",
                tr(lang, "You draw", "Du ziehst"),
                action_card_name(lang, *card)
            ),
            Event::LuckCardTaken { seat, card } => format!(
                "{} {} {}",
                self.name(*seat),
                tr(lang, "takes", "nimmt"),
                luck_card_name(lang, *card)
            ),
            Event::RoundEnded {
                round,
                points,
                scores,
            } => {
                let each: Vec<String> = points
                    .iter()
                    .zip(scores)
                    .enumerate()
                    .map(|(s, (p, total))| {
                        format!(
                            "{} {} = {total}",
                            self.names().get(s).cloned().unwrap_or_default(),
                            signed(*p)
                        )
                    })
                    .collect();
                format!(
                    "{} {round}: {}",
                    tr(lang, "End of round", "Ende von Runde"),
                    each.join(" · ")
                )
            }
            _ => return None,
        })
    }
}
