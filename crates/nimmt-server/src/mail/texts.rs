//! The wording of the room's mails and of the small pages their links open, in English and
//! German. Placeholders are `{name}`; [`fill`] puts the values in.

use nimmt_protocol::Lang;

/// Every mail text: key, English, German.
const MAIL_TEXTS: &[(&str, &str, &str)] = &[
    ("verify_subject", "Confirm your e-mail address", "Bestätige deine E-Mail-Adresse"),
    (
        "verify_body",
        "Hello {name},\n\nplease confirm that this address belongs to your account {name} by opening this link (it works once, within 24 hours):\n\n{link}\n\nIf you did not ask for this, ignore this mail: the address is not used until it is confirmed.\n",
        "Hallo {name},\n\nbitte bestätige, dass diese Adresse zu deinem Konto {name} gehört, indem du diesen Link öffnest (er gilt einmal, innerhalb von 24 Stunden):\n\n{link}\n\nWenn du das nicht angefordert hast, ignoriere diese Mail: Die Adresse wird erst nach der Bestätigung verwendet.\n",
    ),
    ("move_subject", "Your move: {game} at table {table}", "Du bist am Zug: {game} an Tisch {table}"),
    (
        "move_body",
        "Hello {name},\n\nit is your move in {game} at table {table}. The deadline is {deadline}.\n\nPlay it here: {link}\n",
        "Hallo {name},\n\ndu bist am Zug in {game} an Tisch {table}. Die Frist endet {deadline}.\n\nHier spielen: {link}\n",
    ),
    ("digest_subject", "Your move at {count} tables", "Du bist an {count} Tischen am Zug"),
    (
        "digest_body",
        "Hello {name},\n\nthese tables wait for your move:\n\n{tables}\n",
        "Hallo {name},\n\ndiese Tische warten auf deinen Zug:\n\n{tables}\n",
    ),
    ("digest_line", "- {game} at table {table}, deadline {deadline}: {link}", "- {game} an Tisch {table}, Frist {deadline}: {link}"),
    (
        "unsubscribe_footer",
        "\n--\nYou get these mails because you asked for them on your account page. No more \"your move\" mails: {link}\n",
        "\n--\nDu bekommst diese Mails, weil du sie auf deiner Kontoseite gewählt hast. Keine „Du bist am Zug“-Mails mehr: {link}\n",
    ),
    ("reset_subject", "Reset your password", "Setze dein Passwort zurück"),
    (
        "reset_body",
        "Hello {name},\n\nsomeone (hopefully you) asked to reset the password of your account {name}. Choose a new one on this page (the link works once, within one hour):\n\n{link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n",
        "Hallo {name},\n\njemand (hoffentlich du) möchte das Passwort deines Kontos {name} zurücksetzen. Wähle auf dieser Seite ein neues (der Link gilt einmal, innerhalb einer Stunde):\n\n{link}\n\nWenn du das nicht angefordert hast, ignoriere diese Mail: Dein Passwort bleibt, wie es ist.\n",
    ),
    // The pages the links open.
    ("page_verify_title", "Confirm your e-mail address", "E-Mail-Adresse bestätigen"),
    ("page_verify_ask", "Confirm {address} as the address of your account?", "{address} als Adresse deines Kontos bestätigen?"),
    ("page_verify_button", "Confirm", "Bestätigen"),
    ("page_verified", "{address} is confirmed. You can close this page.", "{address} ist bestätigt. Du kannst diese Seite schließen."),
    ("page_unsubscribe_title", "No more mails", "Keine Mails mehr"),
    ("page_unsubscribe_ask", "Stop the \"your move\" mails to {address}?", "Keine „Du bist am Zug“-Mails mehr an {address} senden?"),
    ("page_unsubscribe_button", "Stop the mails", "Mails abbestellen"),
    ("page_unsubscribed", "Done: {address} gets no more \"your move\" mails. You can turn them on again on your account page.", "Erledigt: {address} bekommt keine „Du bist am Zug“-Mails mehr. Auf deiner Kontoseite kannst du sie wieder einschalten."),
    ("page_back", "Back to the room", "Zurück in den Raum"),
];

/// The text `key` in `lang`, with `params` filled in.
pub fn text(lang: Lang, key: &str, params: &[(&str, &str)]) -> String {
    let (_, en, de) = MAIL_TEXTS
        .iter()
        .find(|(k, _, _)| *k == key)
        .copied()
        .unwrap_or((key, key, key));
    fill(if lang == Lang::De { de } else { en }, params)
}

/// `template` with every `{name}` of `params` replaced by its value.
pub fn fill(template: &str, params: &[(&str, &str)]) -> String {
    let mut out = template.to_owned();
    for (name, value) in params {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// The language stored with an address (`en`, `de`).
pub fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::De => "de",
        Lang::En => "en",
    }
}

pub fn lang_from(name: &str) -> Lang {
    if name == "de" {
        Lang::De
    } else {
        Lang::En
    }
}

/// A game's title for people (its name if it is not known).
pub fn game_title(lang: Lang, game: &str) -> String {
    match nimmt_core::registry::find(game) {
        Ok(g) => {
            let title = g.descriptor().title;
            if lang == Lang::De {
                title.de
            } else {
                title.en
            }
        }
        Err(_) => game.to_owned(),
    }
}

/// A deadline for people: `2026-11-30 14:05 UTC`.
pub fn deadline(ms: i64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp(ms.div_euclid(1000))
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let f = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    at.format(&f).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mail_text_has_both_languages_and_the_same_placeholders() {
        // The placeholders of a text, each once, sorted.
        fn names(s: &str) -> Vec<&str> {
            let mut found: Vec<&str> = Vec::new();
            for (at, _) in s.match_indices('{') {
                let name = s[at + 1..].split('}').next().unwrap_or_default();
                if !found.contains(&name) {
                    found.push(name);
                }
            }
            found.sort_unstable();
            found
        }
        for (key, en, de) in MAIL_TEXTS {
            assert!(!en.is_empty() && !de.is_empty(), "{key}");
            assert_eq!(names(en), names(de), "{key}");
        }
    }

    #[test]
    fn texts_are_filled_in_the_asked_language() {
        let p = [("game", "6 nimmt!"), ("table", "7")];
        assert_eq!(
            text(Lang::En, "move_subject", &p),
            "Your move: 6 nimmt! at table 7"
        );
        assert_eq!(
            text(Lang::De, "move_subject", &p),
            "Du bist am Zug: 6 nimmt! an Tisch 7"
        );
        assert_eq!(deadline(86_400_000 + 61_000), "1970-01-02 00:01 UTC");
    }
}
