//! The name rule: which names a player may carry, and when two names are one.
//!
//! - A name is trimmed; it has 1 to [`MAX_NAME_CHARS`] characters and does not start with `/`.
//! - It carries no character that cannot be seen or that changes how text around it reads:
//!   control and format characters (general categories Cc, Cf, Cs, Co, Cn: U+0000.., U+200B,
//!   U+FEFF, the bidirectional marks and isolates), line and paragraph separators (U+2028,
//!   U+2029), spaces other than the plain space, Unicode's default-ignorable code points (the
//!   Hangul fillers, variation selectors other than the emoji and text presentation selectors
//!   U+FE0E and U+FE0F, which are dropped) and the blank Braille pattern; at most
//!   [`MAX_MARKS`] combining marks stand on one letter. A run of spaces reads as one.
//! - Two names are one name when their [`key`]s are equal (NFKC + case folding: "Ann" and
//!   "ＡＮＮ") and, at a table, when their [`skeleton`]s are equal (Unicode TR39 confusables:
//!   "Ann" with a Cyrillic А).
//! - The names the room gives its bots ("Bot 1", "Bot 2", …) and the words that speak for the
//!   room ([`RESERVED_WORDS`]) are [`reserved`], in any case, width or look-alike letters.

use crate::refusal::Refusal;
use caseless::Caseless;
use nimmt_protocol::{ErrorCode, MAX_NAME_CHARS};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::GeneralSecurityProfile;

/// The most combining marks one letter may carry (so a name cannot spill over the lines
/// around it).
pub const MAX_MARKS: usize = 3;

/// Words a player may not take as a name: they would speak for the room, or for a deleted
/// account.
pub const RESERVED_WORDS: &[&str] = &[
    "admin",
    "administrator",
    "operator",
    "moderator",
    "system",
    "server",
    "deleted player",
    "gelöschter Spieler",
];

/// The shown name of an account that was deleted (its games stay under this name).
pub const DELETED_PLAYER: &str = "deleted player";

/// Why a name is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    #[error("a name needs at least one visible character")]
    Empty,
    #[error("a name has at most {max} characters")]
    TooLong { max: usize },
    #[error("a name does not start with /")]
    Slash,
    #[error("a name may not carry {}", code_point(*.0))]
    Invisible(char),
    #[error("at most {max} marks on one letter")]
    Marks { max: usize },
    #[error("this name is reserved")]
    Reserved,
}

/// `U+200B` for a character.
pub fn code_point(c: char) -> String {
    format!("U+{:04X}", c as u32)
}

/// Whether `c` cannot be seen, or changes how the text around it reads.
fn invisible(c: char) -> bool {
    use GeneralCategory::*;
    match c.general_category() {
        Control | Format | Surrogate | PrivateUse | Unassigned | LineSeparator
        | ParagraphSeparator => true,
        SpaceSeparator => c != ' ',
        // The blank Braille pattern, and the default-ignorable code points (the TR39 skeleton
        // drops exactly these).
        _ => {
            c == '\u{2800}'
                || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
                || unicode_security::skeleton(c.encode_utf8(&mut [0; 4]))
                    .next()
                    .is_none()
        }
    }
}

/// Checks a name as a player types it; `Ok`: the name as it is shown (trimmed, runs of spaces
/// as one). Reserved names are refused too (see [`reserved`]).
pub fn check(name: &str) -> Result<String, NameError> {
    let shown = check_shape(name)?;
    if reserved(&shown) {
        return Err(NameError::Reserved);
    }
    Ok(shown)
}

/// [`check`] without the reserved names: the room's own names (its bots) pass.
pub fn check_shape(name: &str) -> Result<String, NameError> {
    let mut shown = String::with_capacity(name.len());
    let mut marks = 0;
    for c in name.trim_matches(|c: char| c.is_whitespace()).chars() {
        if c.is_whitespace() && shown.ends_with(' ') {
            // A run of plain spaces reads as one (other spaces are refused below).
            if c == ' ' {
                continue;
            }
        }
        // The emoji and text presentation selectors only choose how the character before them
        // is drawn ("❤️"): dropped rather than refused.
        if matches!(c, '\u{FE0E}' | '\u{FE0F}') {
            continue;
        }
        if invisible(c) {
            return Err(NameError::Invisible(c));
        }
        if is_mark(c) {
            marks += 1;
            if marks > MAX_MARKS {
                return Err(NameError::Marks { max: MAX_MARKS });
            }
        } else {
            marks = 0;
        }
        shown.push(c);
    }
    if !shown.chars().any(|c| !is_mark(c) && c != ' ') {
        return Err(NameError::Empty);
    }
    if shown.chars().count() > MAX_NAME_CHARS {
        return Err(NameError::TooLong {
            max: MAX_NAME_CHARS,
        });
    }
    if shown.starts_with('/') {
        return Err(NameError::Slash);
    }
    Ok(shown)
}

/// Whether a text has something to see: a character that is neither a space, nor a mark, nor
/// [invisible](check). A chat line without one is refused.
pub fn visible(text: &str) -> bool {
    text.chars()
        .any(|c| !c.is_whitespace() && !is_mark(c) && !invisible(c))
}

impl NameError {
    /// The room's answer: `bad_name`, with a text that says what is wrong.
    pub fn refusal(&self) -> Refusal {
        let r = Refusal::new(ErrorCode::BadName);
        match self {
            NameError::Empty | NameError::TooLong { .. } | NameError::Slash => r,
            NameError::Invisible(c) => r.keyed("name_invisible").with("char", code_point(*c)),
            NameError::Marks { max } => r.keyed("name_marks").with("max", max),
            NameError::Reserved => r.keyed("name_reserved"),
        }
    }
}

fn is_mark(c: char) -> bool {
    use GeneralCategory::*;
    matches!(
        c.general_category(),
        NonspacingMark | EnclosingMark | SpacingMark
    )
}

/// The name's key: NFKC, Unicode case folding, NFKC again (the canonical caseless match of
/// Unicode chapter 3), spaces trimmed and runs of spaces as one. "Ann", "ann" and "ＡＮＮ"
/// have one key; accounts' names are unique by key.
pub fn key(name: &str) -> String {
    let folded: String = name.nfkc().default_case_fold().nfkc().collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The name's confusable skeleton: the Unicode TR39 skeleton of its [`key`], so that neither
/// case nor width nor look-alike letters tell two names apart: "Ann", "ＡＮＮ" and "Аnn"
/// (Cyrillic А) have one skeleton.
pub fn skeleton(name: &str) -> String {
    spaced(unicode_security::skeleton(&key(name)).collect())
}

/// The TR39 skeleton of the name as written (NFKC, case kept): capital I and small l look
/// alike, though their folded forms (i, l) do not.
fn cased_skeleton(name: &str) -> String {
    spaced(unicode_security::skeleton(&name.nfkc().collect::<String>()).collect())
}

/// The skeleton folded and taken again: "0" and "O" and "o" are one here.
fn loose_skeleton(name: &str) -> String {
    let folded: String = skeleton(name).chars().default_case_fold().collect();
    spaced(unicode_security::skeleton(&folded).collect())
}

fn spaced(s: String) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// How profile addresses name a bot level (`bot:strong`) and a guest (`id:PLAYER`): no person's
/// name starts so.
const PROFILE_PREFIXES: [&str; 2] = ["bot:", "id:"];

/// Whether two names read as one: equal keys, or equal skeletons (folded, as written, or folded
/// twice).
pub fn same(a: &str, b: &str) -> bool {
    key(a) == key(b)
        || skeleton(a) == skeleton(b)
        || cased_skeleton(a) == cased_skeleton(b)
        || loose_skeleton(a) == loose_skeleton(b)
}

/// Whether the name is kept for the room: a bot's name as the room gives it ("Bot", "Bot 7",
/// "bot7", "ＢＯＴ １"), one of [`RESERVED_WORDS`], in any case, width or look-alike letters, or
/// a name that starts as the profile addresses of bots and guests do (`bot:`, `id:`).
pub fn reserved(name: &str) -> bool {
    if RESERVED_WORDS.iter().any(|w| same(w, name)) {
        return true;
    }
    let folded = key(name);
    if PROFILE_PREFIXES.iter().any(|p| folded.starts_with(p)) {
        return true;
    }
    let skel = loose_skeleton(name);
    let Some(rest) = skel.strip_prefix(&loose_skeleton("Bot")) else {
        return false;
    };
    let digits = loose_skeleton("0123456789");
    rest.trim_start().chars().all(|c| digits.contains(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn profile_addresses_are_not_names() {
        assert!(reserved("bot:strong"));
        assert!(reserved("ID:1234"));
        assert!(reserved("ｂｏｔ:x"));
        assert!(!reserved("Idris"));
        assert!(!reserved("Botany: notes"));
    }

    #[test]
    fn key_folds_case_and_width() {
        assert_eq!(key("Ann"), key("ＡＮＮ"));
        assert_eq!(key("Ann"), key("aNN"));
        assert_eq!(key("Straße"), key("STRASSE"));
        assert_eq!(key("  Ann   Lee "), "ann lee");
        assert_ne!(key("Ann"), key("Anna"));
    }

    #[test]
    fn skeleton_sees_look_alike_letters() {
        assert_eq!(skeleton("Ann"), skeleton("\u{0410}nn"));
        assert_eq!(skeleton("Ann"), skeleton("\u{0430}NN"));
        assert_eq!(skeleton("Paypal"), skeleton("Pаypаl"));
        assert!(same("Bill", "BiII"));
        assert!(same("Ann", "ＡＮＮ"));
        assert!(!same("Ann", "Anne"));
        assert_ne!(skeleton("Ann"), skeleton("Ben"));
    }

    #[test]
    fn check_trims_and_keeps_what_is_seen() {
        assert_eq!(check("  Ann ").unwrap(), "Ann");
        assert_eq!(check("Ann   Lee").unwrap(), "Ann Lee");
        assert_eq!(check("grüß 🐮").unwrap(), "grüß 🐮");
        assert_eq!(check("Zoë").unwrap(), "Zoë");
        assert_eq!(check("Nguyễn").unwrap(), "Nguyễn");
        assert_eq!(check("हिन्दी").unwrap(), "हिन्दी");
        assert_eq!(check("Ann ❤\u{fe0f}").unwrap(), "Ann ❤");
        assert_eq!(check("Ann\u{fe0f}").unwrap(), "Ann");
    }

    #[test]
    fn check_refuses_what_cannot_be_seen() {
        for bad in [
            "\u{200b}",
            "Ann\u{200b}",
            "A\u{2028}nn",
            "\u{feff}Ann",
            "An\u{0}n",
            "a\u{7}b",
            "a\u{202e}live",
            "a\u{2066}b",
            "Ann\u{3164}",
            "Ann\u{fe00}",
            "Ann\u{00a0}Lee",
            "Ann\u{2800}",
            "Ann\u{e000}",
        ] {
            assert!(
                matches!(check(bad), Err(NameError::Invisible(_))),
                "{bad:?}: {:?}",
                check(bad)
            );
        }
        assert_eq!(check(""), Err(NameError::Empty));
        assert_eq!(check("   "), Err(NameError::Empty));
        assert_eq!(check("\u{301}\u{301}"), Err(NameError::Empty));
        assert_eq!(
            check("a\u{301}\u{301}\u{301}\u{301}"),
            Err(NameError::Marks { max: MAX_MARKS })
        );
        assert_eq!(check(&"x".repeat(25)), Err(NameError::TooLong { max: 24 }));
        assert_eq!(check("/kick"), Err(NameError::Slash));
    }

    #[test]
    fn a_text_of_invisible_characters_shows_nothing() {
        assert!(!visible("\u{200b}"));
        assert!(!visible(" \u{200b}\u{feff} \u{2800}"));
        assert!(!visible("\u{301}"));
        assert!(visible("hi\u{200b}"));
        assert!(visible("🐮"));
    }

    #[test]
    fn bots_and_room_words_are_reserved() {
        for name in [
            "Bot 1",
            "bot 12",
            "BOT1",
            "Bot",
            "ＢＯＴ １",
            "B\u{043e}t 2",
            "B0t l",
            "Admin",
            "ＡＤＭＩＮ",
            "System",
            "Deleted Player",
            "GELÖSCHTER SPIELER",
        ] {
            assert!(reserved(name), "{name:?} should be reserved");
            assert_eq!(check(name), Err(NameError::Reserved), "{name:?}");
        }
        for name in ["Bottom", "Bot Ann", "Robot 1", "Ann", "Adminah"] {
            assert!(!reserved(name), "{name:?} should be free");
        }
        assert_eq!(check_shape("Bot 3").unwrap(), "Bot 3");
    }
}
