//! Server texts: a stable key, named parameters, and the wording in the client's language. A
//! client may show `text` as it comes or translate `key` + `params` itself; [`TEXTS`] is the one
//! table of wordings (English and German).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The languages the server writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Lang {
    #[default]
    En,
    De,
}

/// A server text: `key` and `params` for clients that translate, `text` for those that show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Text {
    pub key: String,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub params: BTreeMap<String, String>,
    pub text: String,
}

impl Text {
    /// The text `key` in `lang`, with `{name}` placeholders filled from `params`.
    pub fn new<'a>(
        lang: Lang,
        key: &str,
        params: impl IntoIterator<Item = (&'a str, String)>,
    ) -> Text {
        let params: BTreeMap<String, String> =
            params.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let text = render(lang, key, &params);
        Text {
            key: key.to_owned(),
            params,
            text,
        }
    }

    /// The same text in another language.
    pub fn in_lang(&self, lang: Lang) -> Text {
        Text {
            key: self.key.clone(),
            params: self.params.clone(),
            text: render(lang, &self.key, &self.params),
        }
    }
}

/// Fills the wording of `key` in `lang`; an unknown key shows as itself with its parameters.
pub fn render(lang: Lang, key: &str, params: &BTreeMap<String, String>) -> String {
    let Some(&(_, en, de)) = TEXTS.iter().find(|(k, _, _)| *k == key) else {
        let ps: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        return format!("{key} {}", ps.join(" ")).trim_end().to_owned();
    };
    let template = match lang {
        Lang::En => en,
        Lang::De => de,
    };
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(start) = rest.find('{') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        match after.find('}') {
            Some(end) => {
                let name = &after[..end];
                match params.get(name) {
                    Some(v) => out.push_str(v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every server text: key, English, German.
pub const TEXTS: &[(&str, &str, &str)] = &[
    // Errors (the key is the error code).
    ("malformed", "Malformed message: {reason}", "Unlesbare Nachricht: {reason}"),
    ("too_large", "Message too large (at most {max} bytes).", "Nachricht zu groß (höchstens {max} Bytes)."),
    ("rate_limited", "Too many messages; slow down (try again in {retry_ms} ms).", "Zu viele Nachrichten; bitte langsamer (wieder in {retry_ms} ms)."),
    ("too_many_identities", "Too many new identities from your address; say hello with your token, or try again in {retry_ms} ms.", "Zu viele neue Identitäten von deiner Adresse; sende „hello“ mit deinem Token oder versuche es in {retry_ms} ms wieder."),
    ("vacation_not_allowed", "Vacations are only for turn-based tables whose host allows them (vacation=yes).", "Urlaub gibt es nur an Tischen mit Zugfristen, deren Gastgeber ihn erlaubt (vacation=yes)."),
    ("vacation_none", "You are not on vacation.", "Du bist nicht im Urlaub."),
    ("vacation_already", "You are on vacation already; /vacation off ends it.", "Du bist schon im Urlaub; /vacation off beendet ihn."),
    ("vacation_too_long", "At most {max} vacation days in any 30; you have {left} left.", "Höchstens {max} Urlaubstage in 30 Tagen; dir bleiben {left}."),
    ("vacation_started", "{name} is on vacation for {days} days: their clock stands still.", "{name} ist {days} Tage im Urlaub: seine Uhr steht still."),
    ("vacation_over", "{name} is back from vacation: their clock runs again.", "{name} ist aus dem Urlaub zurück: seine Uhr läuft wieder."),
    ("too_many_turn_based", "You already sit at {max} turn-based tables; finish a game there before taking another seat.", "Du sitzt schon an {max} Tischen mit Zugfristen; spiele dort eine Partie zu Ende, bevor du einen weiteren Platz nimmst."),
    ("too_many_tables", "You already host {max} open tables; finish or leave one before opening another.", "Du bist schon Gastgeber von {max} offenen Tischen; beende oder verlasse einen, bevor du einen neuen eröffnest."),
    ("flood", "Too much chat; wait a moment.", "Zu viel Chat; bitte einen Moment warten."),
    ("chat_empty", "A chat line needs some visible text.", "Eine Chatzeile braucht sichtbaren Text."),
    ("chat_too_long", "Chat lines hold at most {max} characters.", "Chatzeilen haben höchstens {max} Zeichen."),
    ("hello_first", "Say hello first.", "Bitte zuerst „hello“ senden."),
    ("already_hello", "Hello was already said on this connection.", "„hello“ wurde auf dieser Verbindung schon gesendet."),
    ("protocol", "This server speaks protocol {server}, not {client}.", "Dieser Server spricht Protokoll {server}, nicht {client}."),
    ("bad_name", "A name has 1 to 24 characters, no control characters, and does not start with /.", "Ein Name hat 1 bis 24 Zeichen, keine Steuerzeichen und beginnt nicht mit /."),
    ("name_invisible", "A name may not carry characters that cannot be seen or that change how text reads ({char}).", "Ein Name darf keine unsichtbaren oder die Leserichtung ändernden Zeichen enthalten ({char})."),
    ("name_marks", "A name may carry at most {max} marks on one letter.", "Ein Name darf höchstens {max} Akzente auf einem Buchstaben tragen."),
    ("name_reserved", "This name is kept for the room (its bots, its operators, deleted players); choose another.", "Dieser Name ist dem Raum vorbehalten (seinen Bots, Moderatoren, gelöschten Spielern); bitte einen anderen wählen."),
    // Accounts (HTTP answers under /api/account, and `hello`).
    ("name_owned", "{name} is the name of an account: log in, or choose another name.", "{name} ist der Name eines Kontos: melde dich an oder wähle einen anderen Namen."),
    ("already_account", "This identity already has an account.", "Diese Identität hat schon ein Konto."),
    ("session_needed", "Log in first (send Authorization: Bearer TOKEN).", "Bitte zuerst anmelden (Authorization: Bearer TOKEN senden)."),
    ("account_needed", "Only a logged-in account can do this.", "Das kann nur ein angemeldetes Konto."),
    ("password_short", "A password has at least {min} characters.", "Ein Passwort hat mindestens {min} Zeichen."),
    ("password_long", "A password has at most {max} characters.", "Ein Passwort hat höchstens {max} Zeichen."),
    ("login_failed", "Wrong name or password.", "Name oder Passwort falsch."),
    ("login_wait", "Too many failed logins; try again in {retry_s} s.", "Zu viele fehlgeschlagene Anmeldungen; versuche es in {retry_s} s wieder."),
    ("wrong_password", "The current password is wrong.", "Das aktuelle Passwort ist falsch."),
    // E-mail for accounts (HTTP answers under /api/account/mail, /api/mail and /mail).
    ("mail_not_offered", "This room sends no e-mail.", "Dieser Raum versendet keine E-Mails."),
    ("mail_address_bad", "That is not an e-mail address (name@example.org, at most 254 characters).", "Das ist keine E-Mail-Adresse (name@example.org, höchstens 254 Zeichen)."),
    ("mail_address_taken", "This e-mail address belongs to another account.", "Diese E-Mail-Adresse gehört zu einem anderen Konto."),
    ("mail_too_many", "At most 5 confirmation mails an hour; try again later.", "Höchstens 5 Bestätigungsmails pro Stunde; versuche es später wieder."),
    ("mail_no_address", "Set an e-mail address first.", "Bitte zuerst eine E-Mail-Adresse angeben."),
    ("mail_not_sent", "The mail could not be sent; try again later.", "Die Mail konnte nicht gesendet werden; versuche es später wieder."),
    ("mail_link_unknown", "This link is not valid (mistyped, or the address was changed since).", "Dieser Link ist ungültig (falsch kopiert, oder die Adresse wurde inzwischen geändert)."),
    ("mail_link_used", "This link was already used; it works only once.", "Dieser Link wurde schon benutzt; er gilt nur einmal."),
    ("mail_link_expired", "This link has expired; ask for a new one.", "Dieser Link ist abgelaufen; fordere einen neuen an."),
    ("mail_reset_who", "Give your account name or e-mail address.", "Gib deinen Kontonamen oder deine E-Mail-Adresse an."),
    ("mail_reset_wait", "Too many reset requests; try again in an hour.", "Zu viele Anfragen zum Zurücksetzen; versuche es in einer Stunde wieder."),
    ("bad_token", "This token is not known; say hello without it to get a new one.", "Dieses Token ist unbekannt; ohne Token gibt es ein neues."),
    ("no_such_table", "There is no table {table}.", "Es gibt keinen Tisch {table}."),
    ("table_full", "The table is full ({max} players).", "Der Tisch ist voll ({max} Spieler)."),
    ("already_started", "The game has already started.", "Das Spiel hat schon begonnen."),
    ("not_started", "The game has not started yet.", "Das Spiel hat noch nicht begonnen."),
    ("game_over", "The game is over.", "Das Spiel ist vorbei."),
    ("not_host", "Only the table's host may do that.", "Das darf nur der Gastgeber des Tisches."),
    ("not_seated", "Only players at this table may do that.", "Das dürfen nur Mitspieler an diesem Tisch."),
    ("already_seated", "You already sit at this table.", "Du sitzt schon an diesem Tisch."),
    ("not_at_table", "You are not at table {table}.", "Du bist nicht an Tisch {table}."),
    ("name_taken", "Someone at this table is already called {name}.", "An diesem Tisch heißt schon jemand {name}."),
    ("no_such_player", "Nobody called {name} sits at this table.", "An diesem Tisch sitzt niemand namens {name}."),
    ("bad_options", "{reason}", "{reason}"),
    ("options_unknown_game", "There is no game {name} (games: {known}).", "Es gibt kein Spiel {name} (Spiele: {known})."),
    ("options_players", "{game} is for {min} to {max} players, not {got}.", "{game} ist für {min} bis {max} Spieler, nicht für {got}."),
    ("options_unknown_option", "{game} has no option {key} (options: {known}).", "{game} hat keine Option {key} (Optionen: {known})."),
    ("options_bad_value", "{value} is no value for option {key}: expected {expected}.", "{value} ist kein Wert für die Option {key}: erwartet {expected}."),
    ("options_conflict", "The options {first} and {second} cannot be combined.", "Die Optionen {first} und {second} lassen sich nicht kombinieren."),
    ("options_repeated", "Option {key} is given twice ({first}, then {second}); give each option once.", "Die Option {key} ist zweimal angegeben ({first}, dann {second}); bitte jede Option nur einmal."),
    ("options_not_key_value", "{option} is not of the form KEY=VALUE.", "{option} hat nicht die Form SCHLÜSSEL=WERT."),
    ("stale", "That move answers an older state (version {version}); the table is at {current}.", "Dieser Zug bezieht sich auf einen älteren Stand (Version {version}); der Tisch ist bei {current}."),
    ("stale_future", "That move names version {version}, which the table has not reached (it is at {current}); ask for the state again.", "Dieser Zug nennt Version {version}, die der Tisch noch nicht erreicht hat (er ist bei {current}); bitte den Stand neu anfordern."),
    ("game_finished", "Game {table} is over (winners: {winners}); its record is at /api/games/{table}/record.", "Spiel {table} ist vorbei (Gewinner: {winners}); sein Protokoll steht unter /api/games/{table}/record."),
    ("sent_away", "The host sent you away from table {table}: you may watch it, but not play at it.", "Der Gastgeber hat dich von Tisch {table} weggeschickt: Du darfst zuschauen, aber nicht mitspielen."),
    ("not_your_turn", "You are not asked to decide now.", "Du bist gerade nicht am Zug."),
    ("illegal_action", "Not allowed: {reason}", "Nicht erlaubt: {reason}"),
    ("unknown_command", "Unknown command {command}; /help lists the commands.", "Unbekannter Befehl {command}; /help zeigt alle Befehle."),
    ("bad_command", "Usage: {usage}", "Aufruf: {usage}"),
    ("unknown_bot", "There is no bot level {level} (levels: {levels}).", "Es gibt keine Bot-Stufe {level} (Stufen: {levels})."),
    ("storage", "The server could not store this; nothing changed. Please try again.", "Der Server konnte das nicht speichern; nichts wurde geändert. Bitte noch einmal versuchen."),
    ("name_not_stored", "Your new name {name} could not be stored; nothing changed. Please try again.", "Dein neuer Name {name} konnte nicht gespeichert werden; nichts wurde geändert. Bitte noch einmal versuchen."),
    ("not_owner", "This table is moving to another server; nothing changed. Please try again in a few seconds.", "Dieser Tisch zieht auf einen anderen Server um; nichts wurde geändert. Bitte in ein paar Sekunden noch einmal versuchen."),
    ("table_moving", "Table {table} is moving to another server (its server lost hold of it); your seat is kept and the game goes on there in a few seconds.", "Tisch {table} zieht auf einen anderen Server um (sein Server hat ihn verloren); dein Platz bleibt dir, und das Spiel geht dort in ein paar Sekunden weiter."),
    // HTTP answers (the key is the answer's code).
    ("no_such_game", "There is no finished game {game}.", "Es gibt kein beendetes Spiel {game}."),
    ("not_found", "There is nothing at {path}.", "Unter {path} gibt es nichts."),
    ("no_cluster", "This server runs alone: it is no node of a cluster.", "Dieser Server läuft allein: er ist kein Knoten eines Verbunds."),
    ("bad_record", "The record of game {game} cannot be read; the room's operator has been told in the log.", "Die Aufzeichnung von Spiel {game} ist nicht lesbar; im Protokoll des Raums steht, warum."),
    ("no_such_address", "There is no player {address}.", "Es gibt keinen Spieler {address}."),
    ("not_rated", "{game} has no ratings (rated games: {rated}).", "{game} hat keine Wertung (gewertete Spiele: {rated})."),
    ("origin_not_allowed", "Pages of {origin} may not open the room's connection.", "Seiten von {origin} dürfen die Verbindung des Raums nicht öffnen."),
    ("not_a_websocket", "This address takes WebSocket connections only (GET with Upgrade: websocket).", "Diese Adresse nimmt nur WebSocket-Verbindungen an (GET mit Upgrade: websocket)."),
    ("too_many_connections", "Too many connections from this address; try again in a few seconds.", "Zu viele Verbindungen von dieser Adresse; versuche es in ein paar Sekunden wieder."),
    ("hint", "Hint: {best} is the best choice. Every choice ({unit}): {choices}", "Tipp: {best} ist die beste Wahl. Jede Wahl ({unit}): {choices}"),
    ("hint_unit_points", "bull heads expected in the deal, fewer is better", "erwartete Hornochsen in der Runde, weniger ist besser"),
    ("hint_unit_win", "chance to win in %, more is better", "Siegchance in %, mehr ist besser"),
    ("hint_unit_margin", "the team's points minus the buffalo's, fewer is better", "Punkte des Teams minus die des Büffels, weniger ist besser"),
    ("hint_unit_standing", "points against the others' mean, more is better", "Punkte gegenüber dem Mittel der anderen, mehr ist besser"),
    ("hints_off", "This table gives no hints (the host sets /option hints=yes before the start; such a game is never rated).", "An diesem Tisch gibt es keine Tipps (der Gastgeber setzt vor dem Start /option hints=yes; so ein Spiel wird nie gewertet)."),
    ("hint_not_asked", "There is nothing for you to choose right now.", "Gerade gibt es für dich nichts zu wählen."),
    ("analysis_busy", "Too many games wait for their analysis; ask again in a few minutes.", "Zu viele Spiele warten auf ihre Analyse; frag in ein paar Minuten noch einmal."),
    ("game_abandoned", "Game {game} was closed unfinished (nobody came back to it); its record shows the moves made, but there is no replay.", "Spiel {game} wurde unbeendet geschlossen (niemand kam zurück); sein Protokoll zeigt die gemachten Züge, eine Wiederholung gibt es nicht."),
    ("game_running", "Game {game} is not over yet; its replay is available once it is.", "Spiel {game} ist noch nicht vorbei; die Wiederholung gibt es, sobald es vorbei ist."),
    // Notices.
    ("joined", "{name} sits down (seat {seat}).", "{name} setzt sich (Platz {seat})."),
    ("watching", "{name} watches.", "{name} schaut zu."),
    ("left_seat", "{name} leaves the seat.", "{name} verlässt den Platz."),
    ("left_table", "{name} leaves the table.", "{name} verlässt den Tisch."),
    ("kicked", "{name} was sent away by {by}.", "{name} wurde von {by} weggeschickt."),
    ("host_is", "{name} is now the host.", "{name} ist jetzt Gastgeber."),
    ("option_set", "Option {key} = {value}.", "Option {key} = {value}."),
    ("started", "The game starts with {players} players.", "Das Spiel beginnt mit {players} Spielern."),
    ("bot_added", "{name} ({level}) sits down.", "{name} ({level}) setzt sich."),
    ("bot_removed", "{name} leaves.", "{name} geht."),
    ("bot_took_seat", "A bot plays for {name} from now on.", "Ein Bot spielt ab jetzt für {name}."),
    ("who", "Players: {players}. Watching: {spectators}.", "Spieler: {players}. Zuschauer: {spectators}."),
    ("help", "Commands:\n{commands}", "Befehle:\n{commands}"),
    ("help_options", "Options of {game}:\n{options}", "Optionen von {game}:\n{options}"),
    ("timer_expired", "Time is up for {name}; the bot decides.", "Die Zeit für {name} ist um; der Bot entscheidet."),
    ("deadline_missed", "{name} missed the deadline; the default move is played.", "{name} hat die Frist verpasst; der vorgesehene Zug wird gespielt."),
    ("deadline_bot", "{name} missed 3 deadlines: a bot plays the seat until they are back.", "{name} hat 3 Fristen verpasst: Ein Bot spielt den Platz, bis er zurück ist."),
    ("standing_in", "{name} is away; a bot plays the seat until they are back.", "{name} ist weg; ein Bot spielt den Platz, bis er zurück ist."),
    ("disconnected", "{name} lost the connection.", "{name} hat die Verbindung verloren."),
    ("back", "{name} is back.", "{name} ist zurück."),
    ("game_over_notice", "The game is over. Winner: {winners}.", "Das Spiel ist vorbei. Gewonnen: {winners}."),
    ("game_over_no_winner", "The game is over. Nobody at the table won.", "Das Spiel ist vorbei. Niemand am Tisch hat gewonnen."),
    ("nobody", "nobody", "niemand"),
    // Playing again, coming back.
    ("not_over", "The game is not over yet.", "Das Spiel ist noch nicht vorbei."),
    ("rematch_open", "The next game is already at table {table}.", "Das nächste Spiel läuft schon an Tisch {table}."),
    ("rematch_vote", "{name} wants to play again ({votes} of {players}); /rematch to agree.", "{name} möchte noch einmal spielen ({votes} von {players}); /rematch, um zuzustimmen."),
    ("rematch", "The next game starts at table {table}.", "Das nächste Spiel beginnt an Tisch {table}."),
    ("seat_back", "{name} takes their seat back.", "{name} übernimmt wieder den eigenen Platz."),
    // Private tables and their invitation links (errors and notices).
    ("not_invited", "Table {table} is private: you need its invitation link to join.", "Tisch {table} ist privat: Zum Mitspielen brauchst du seinen Einladungslink."),
    ("invite_needed", "Table {table} is private: you need its invitation link to take a seat. Ask the host for it.", "Tisch {table} ist privat: Um Platz zu nehmen, brauchst du seinen Einladungslink. Frag den Gastgeber danach."),
    ("invite_wrong", "This invitation link is not valid for table {table}. Check that you copied all of it, or ask the host for it again.", "Dieser Einladungslink gilt nicht für Tisch {table}. Prüfe, ob du ihn vollständig kopiert hast, oder frag den Gastgeber noch einmal."),
    ("invite_renewed", "This invitation link was renewed by the host; ask for the new one.", "Dieser Einladungslink wurde vom Gastgeber erneuert; frag nach dem neuen."),
    ("invite_no_watchers", "Table {table} is private and the host does not allow watchers: you need its invitation link.", "Tisch {table} ist privat und der Gastgeber lässt keine Zuschauer zu: Du brauchst seinen Einladungslink."),
    ("invite_not_private", "Table {table} is not private: anyone may join it from the lobby (the host sets /option private=yes for an invitation link).", "Tisch {table} ist nicht privat: Jeder kann ihm aus der Lobby beitreten (für einen Einladungslink setzt der Gastgeber /option private=yes)."),
    ("invite_guesses", "Too many wrong invitation codes from your address; try again in {minutes} min.", "Zu viele falsche Einladungscodes von deiner Adresse; versuche es in {minutes} Min. wieder."),
    // Bot accounts (errors and notices).
    ("not_bot", "Only a bot account may do this, and a bot account may not.", "Das darf nur ein Bot-Konto, und ein Bot-Konto darf das nicht."),
    ("bot_unavailable", "The bot {name} is not online or does not take this table.", "Der Bot {name} ist nicht online oder nimmt diesen Tisch nicht an."),
    ("bot_declines_game", "The bot {name} does not play {game}.", "Der Bot {name} spielt {game} nicht."),
    ("bot_declines_size", "The bot {name} does not play at a table of {players}.", "Der Bot {name} spielt nicht an einem Tisch mit {players}."),
    ("bot_declines_rated", "The bot {name} plays only casual games.", "Der Bot {name} spielt nur ungewertete Partien."),
    ("bot_declines_casual", "The bot {name} plays only rated games.", "Der Bot {name} spielt nur gewertete Partien."),
    ("bot_declines_option", "The bot {name} does not play with {option}={value}.", "Der Bot {name} spielt nicht mit {option}={value}."),
    // Bot accounts at tables: seating, faults, chat.
    ("bot_busy", "The bot {name} plays as many games as it takes ({most}).", "Der Bot {name} spielt schon so viele Partien, wie er annimmt ({most})."),
    ("bot_account_seated", "{name} (bot) takes a seat.", "{name} (Bot) nimmt Platz."),
    ("bot_fault", "{name} (bot) made a move the rules refuse ({reason}); the table played the default move.", "{name} (Bot) hat einen Zug gemacht, den die Regeln nicht erlauben ({reason}); der Tisch hat den Standardzug gespielt."),
    ("bot_fault_late", "{name} (bot) did not move within {seconds} s; the table played the default move.", "{name} (Bot) hat nicht innerhalb von {seconds} s gezogen; der Tisch hat den Standardzug gespielt."),
    ("bot_chat_seated", "A bot account may chat only at tables where it is seated.", "Ein Bot-Konto darf nur an Tischen chatten, an denen es sitzt."),
    ("bot_not_account", "{name} is not a bot account.", "{name} ist kein Bot-Konto."),
    ("invite_link", "Invitation link of table {table}: /t/{table}?invite={code} (whoever opens it takes a free seat).", "Einladungslink von Tisch {table}: /t/{table}?invite={code} (wer ihn öffnet, nimmt einen freien Platz)."),
    ("invite_renewed_notice", "{name} renewed the invitation link; the old one no longer works.", "{name} hat den Einladungslink erneuert; der alte gilt nicht mehr."),
    ("away_summary", "Moves a bot made for you while you were away: {moves}.", "Züge, die ein Bot für dich gemacht hat, während du weg warst: {moves}."),
    // The lobby's bot list, bot rests and the ladder.
    ("bot_most_games", "A bot plays at most {max} games at once and at least one (most_games), not {got}.", "Ein Bot spielt höchstens {max} Partien gleichzeitig und mindestens eine (most_games), nicht {got}."),
    ("bot_game_twice", "The game {game} is declared twice; declare each game once.", "Das Spiel {game} ist doppelt angegeben; gib jedes Spiel nur einmal an."),
    ("bot_players", "{game} is played by {min} to {max} players, not {got}.", "{game} wird von {min} bis {max} Spielern gespielt, nicht von {got}."),
    ("bot_resting", "Too many faulty moves: this bot rests and may say bot_ready again in {minutes} min.", "Zu viele fehlerhafte Züge: Dieser Bot pausiert und darf in {minutes} Min. wieder bot_ready senden."),
    ("bot_rests", "{faults} faulty moves within 10 minutes: this bot rests for {minutes} min (it keeps playing its tables, but takes no new ones).", "{faults} fehlerhafte Züge innerhalb von 10 Minuten: Dieser Bot pausiert {minutes} Min. (er spielt seine Tische weiter, nimmt aber keine neuen an)."),
    ("bot_back", "This bot rested long enough: it is listed and takes tables again.", "Dieser Bot hat lange genug pausiert: Er ist wieder gelistet und nimmt wieder Tische an."),
    ("ladder_unknown_game", "There is no game {game} (games: {known}).", "Es gibt kein Spiel {game} (Spiele: {known})."),
    // Tournaments: refusals (the code `tournament`, the key says why).
    ("tournament", "The tournament refused this.", "Das Turnier hat das abgelehnt."),
    ("tournament_table_size", "A tournament table has 3 to 6 seats, and at least as many as the game needs.", "Ein Turniertisch hat 3 bis 6 Plätze und mindestens so viele, wie das Spiel braucht."),
    ("tournament_rounds", "A Swiss tournament has 1 to 20 rounds.", "Ein Schweizer Turnier hat 1 bis 20 Runden."),
    ("tournament_advance", "At least one player goes on from each table, and at least two do not.", "Von jedem Tisch kommt mindestens ein Spieler weiter, und mindestens zwei scheiden aus."),
    ("tournament_registration_closed", "Registration for this tournament is closed.", "Die Anmeldung zu diesem Turnier ist geschlossen."),
    ("tournament_already_registered", "You are already registered for this tournament.", "Du bist für dieses Turnier schon angemeldet."),
    ("tournament_not_registered", "You are not registered for this tournament.", "Du bist für dieses Turnier nicht angemeldet."),
    ("tournament_already_withdrawn", "You have already withdrawn from this tournament.", "Du hast dich von diesem Turnier schon abgemeldet."),
    ("tournament_not_running", "This tournament is not running.", "Dieses Turnier läuft nicht."),
    ("tournament_no_such_table", "There is no such table in the current round.", "Diesen Tisch gibt es in der laufenden Runde nicht."),
    ("tournament_not_seated", "That player is not seated at that table.", "Dieser Spieler sitzt nicht an diesem Tisch."),
    ("tournament_bad_places", "The places do not match the table's seats.", "Die Plätze passen nicht zu den Sitzen des Tisches."),
    ("tournament_already_counted", "A different result was already counted for that table.", "Für diesen Tisch wurde schon ein anderes Ergebnis gezählt."),
    ("tournament_started", "This tournament has already started.", "Dieses Turnier hat schon begonnen."),
    ("tournament_too_few", "At least {needed} players are needed to start.", "Zum Start braucht es mindestens {needed} Spieler."),
    ("tournament_not_invited", "This tournament is by invitation: register with its invitation link.", "Dieses Turnier ist nur auf Einladung: Melde dich über seinen Einladungslink an."),
    ("tournament_not_creator", "Only the tournament's creator or an operator may start it.", "Nur wer das Turnier angelegt hat oder ein Moderator darf es starten."),
    ("tournament_unknown", "There is no such tournament.", "Dieses Turnier gibt es nicht."),
    ("tournament_exists", "A tournament with this number exists already.", "Ein Turnier mit dieser Nummer gibt es schon."),
    ("tournament_table_fixed", "This is a tournament table: its seats and options are fixed.", "Das ist ein Turniertisch: Seine Plätze und Optionen stehen fest."),
    // Tournaments: notices to the players.
    ("tournament_round_started", "{name}: round {round} has started; your table opens now.", "{name}: Runde {round} hat begonnen; dein Tisch wird jetzt eröffnet."),
    ("tournament_bye", "{name}: you have a bye in round {round} and get {points} points.", "{name}: Du setzt in Runde {round} aus und bekommst {points} Punkte."),
    ("tournament_bot_played", "{name}: you were missing in round {round}, so a bot played your seat; the points it earned are yours.", "{name}: Du hast in Runde {round} gefehlt, deshalb hat ein Bot deinen Platz gespielt; seine Punkte gehören dir."),
    ("tournament_over", "{name} is over: you placed {place} of {of}.", "{name} ist vorbei: Du bist auf Platz {place} von {of}."),
    ("tournament_cancelled", "{name} was cancelled: {entrants} players registered, {needed} were needed.", "{name} wurde abgesagt: {entrants} Spieler waren angemeldet, {needed} waren nötig."),
    // Tournaments: creating one, and who may register.
    ("tournament_name", "A tournament's name has 1 to {max} characters.", "Der Name eines Turniers hat 1 bis {max} Zeichen."),
    ("tournament_game", "Tournaments are played in {games}; not in {game}.", "Turniere werden in {games} gespielt, nicht in {game}."),
    ("tournament_start_past", "The start time has passed: choose a time from now on.", "Die Startzeit ist vorbei: Wähle eine Zeit ab jetzt."),
    ("tournament_create_not_allowed", "Only an operator of this room may create tournaments.", "Nur ein Moderator dieses Raums darf Turniere anlegen."),
    ("tournament_account_needed", "Sign in with your account to create a tournament.", "Melde dich mit deinem Konto an, um ein Turnier anzulegen."),
    ("tournament_accounts_only", "Only players with an account may register for tournaments: sign up first.", "Nur Spieler mit Konto können sich zu Turnieren anmelden: Leg dir zuerst eines an."),
    // Friends: following and challenges (errors and notices).
    ("not_allowed", "That is not allowed.", "Das ist nicht erlaubt."),
    ("challenge_closed", "This challenge is no longer open.", "Diese Herausforderung ist nicht mehr offen."),
    ("no_such_account", "There is no account called {name}.", "Es gibt kein Konto namens {name}."),
    ("follow_self", "You cannot follow yourself.", "Du kannst dir nicht selbst folgen."),
    ("too_many_followed", "You already follow {max} players; unfollow one first.", "Du folgst schon {max} Spielern; folge zuerst einem nicht mehr."),
    ("challenge_self", "You cannot challenge yourself.", "Du kannst dich nicht selbst herausfordern."),
    ("challenge_blocked", "{name} takes no challenges from you.", "{name} nimmt von dir keine Herausforderungen an."),
    ("challenges_off", "{name} takes no challenges.", "{name} nimmt keine Herausforderungen an."),
    ("challenges_followed_only", "{name} takes challenges only from players they follow.", "{name} nimmt Herausforderungen nur von Spielern an, denen er oder sie folgt."),
    ("too_many_turn_based_other", "{name} already sits at {max} turn-based tables; no more can be opened for them now.", "{name} sitzt schon an {max} Tischen mit Zugfristen; ein weiterer kann gerade nicht eröffnet werden."),
    ("challenge_expired", "This challenge has expired (a challenge stays open for one day).", "Diese Herausforderung ist abgelaufen (sie bleibt einen Tag offen)."),
    ("challenge_answered", "This challenge was already answered.", "Diese Herausforderung wurde schon beantwortet."),
    ("no_such_challenge", "There is no challenge {challenge}.", "Es gibt keine Herausforderung {challenge}."),
    ("not_your_challenge", "Only the challenged player may answer this challenge.", "Nur der Herausgeforderte darf diese Herausforderung beantworten."),
    ("challenge_pending", "You already challenged {name}; wait for the answer (a challenge stays open for one day).", "Du hast {name} schon herausgefordert; warte auf die Antwort (eine Herausforderung bleibt einen Tag offen)."),
    ("friends_usage", "Usage: /follow NAME, /unfollow NAME, /challenge NAME [GAME] [PACE] [rated|casual] [KEY=VALUE …], /accept ID, /decline ID.", "Aufruf: /follow NAME, /unfollow NAME, /challenge NAME [SPIEL] [TEMPO] [rated|casual] [SCHLÜSSEL=WERT …], /accept ID, /decline ID."),
    ("following_now", "You follow {name} now.", "Du folgst jetzt {name}."),
    ("following_stopped", "You no longer follow {name}.", "Du folgst {name} nicht mehr."),
    ("challenge_sent", "Challenge sent to {name} ({game}, {pace}).", "Herausforderung an {name} gesendet ({game}, {pace})."),
    ("challenge_incoming", "{from} challenges you to {game} ({pace}, {rated}). Answer with /accept {id} or /decline {id}.", "{from} fordert dich zu {game} heraus ({pace}, {rated}). Antworte mit /accept {id} oder /decline {id}."),
    ("challenge_accepted", "{to} accepted the challenge: table {table}.", "{to} hat die Herausforderung angenommen: Tisch {table}."),
    ("challenge_declined", "{to} declined the challenge to {game}.", "{to} hat die Herausforderung zu {game} abgelehnt."),
    ("followed_at", "{name} plays at table {tables}.", "{name} spielt an Tisch {tables}."),
    ("followed_online", "{name} is online.", "{name} ist online."),
    ("followed_offline", "{name} is offline.", "{name} ist offline."),
    // Moderation (errors, HTTP answers and notices).
    ("muted", "An operator muted you: you cannot chat until {until} ({reason}).", "Ein Moderator hat dich stummgeschaltet: Du kannst bis {until} nicht chatten ({reason})."),
    ("muted_forever", "An operator muted you: you cannot chat ({reason}).", "Ein Moderator hat dich stummgeschaltet: Du kannst nicht chatten ({reason})."),
    ("banned", "An operator banned you from this room until {until} ({reason}).", "Ein Moderator hat dich bis {until} aus diesem Raum verbannt ({reason})."),
    ("banned_forever", "An operator banned you from this room ({reason}).", "Ein Moderator hat dich aus diesem Raum verbannt ({reason})."),
    ("banned_address", "New players from your address are not let in until {until}; an operator banned a player who came from it.", "Neue Spieler von deiner Adresse kommen bis {until} nicht herein; ein Moderator hat einen Spieler von dort verbannt."),
    ("sign_in_needed", "Send your token as Authorization: Bearer TOKEN.", "Sende dein Token als Authorization: Bearer TOKEN."),
    ("not_operator", "Only an operator of this room may do that.", "Das darf nur ein Moderator dieses Raums."),
    ("no_such_identity", "There is no player {player}.", "Es gibt keinen Spieler {player}."),
    ("ambiguous_name", "Several players are called {name}; name one by its id: {ids}.", "Mehrere Spieler heißen {name}; nenne einen mit seiner Kennung: {ids}."),
    ("no_such_line", "Table {table} has no chat line {line} (any more).", "Tisch {table} hat keine Chatzeile {line} (mehr)."),
    ("no_such_seat", "Nobody plays seat {seat} of table {table}.", "Auf Platz {seat} an Tisch {table} spielt niemand."),
    ("no_such_report", "There is no report {report}.", "Es gibt keine Meldung {report}."),
    ("no_such_sanction", "There is no sanction {sanction} in force.", "Es gibt keine geltende Sanktion {sanction}."),
    ("reason_needed", "Say why (1 to {max} characters).", "Bitte einen Grund angeben (1 bis {max} Zeichen)."),
    ("bad_request", "{reason}", "{reason}"),
    ("not_yourself", "You cannot do that to yourself.", "Das geht nicht mit dir selbst."),
    ("too_many_reports", "You filed {max} reports within the last hour; you can file the next in {retry_min} min.", "Du hast in der letzten Stunde {max} Meldungen eingereicht; die nächste geht in {retry_min} Min."),
    ("closed_by_operator", "An operator closed this table ({reason}).", "Ein Moderator hat diesen Tisch geschlossen ({reason})."),
    // Web Push (HTTP answers under /api/push, and the notification's words).
    ("push_off", "This room sends no push notifications (it has no VAPID key).", "Dieser Raum sendet keine Push-Benachrichtigungen (er hat keinen VAPID-Schlüssel)."),
    ("push_bad_subscription", "This browser's push subscription cannot be used: {reason}.", "Das Push-Abonnement dieses Browsers ist nicht verwendbar: {reason}."),
    ("push_too_many", "An account keeps at most {max} browsers subscribed; unsubscribe one of them first.", "Ein Konto kann höchstens {max} Browser abonnieren; bitte zuerst einen davon abmelden."),
    ("push_your_move_title", "Your move", "Du bist am Zug"),
    ("push_your_move_body", "{game} at table {table} waits for your move: {left} left.", "{game} an Tisch {table} wartet auf deinen Zug: noch {left}."),
    ("left_days", "{n} days", "{n} Tage"),
    ("left_hours", "{n} hours", "{n} Stunden"),
    ("left_minutes", "{n} minutes", "{n} Minuten"),
    ("left_moment", "less than a minute", "weniger als eine Minute"),
    // Bot accounts: becoming one, and the account page's API tokens (HTTP answers).
    ("api_token_not_session", "An API token only connects a bot program; it cannot open the account page. Log in with the account's name and password.", "Ein API-Token verbindet nur ein Bot-Programm; mit ihm lässt sich die Kontoseite nicht öffnen. Melde dich mit Name und Passwort des Kontos an."),
    ("bot_confirm_needed", "A bot account stays a bot account for good: confirm it (\"confirm\": true).", "Ein Bot-Konto bleibt für immer ein Bot-Konto: bitte bestätigen (\"confirm\": true)."),
    ("bot_after_rated", "This account has played rated games; only an account without rated games can become a bot account.", "Dieses Konto hat gewertete Partien gespielt; nur ein Konto ohne gewertete Partien kann ein Bot-Konto werden."),
    ("bot_operator", "An operator's account cannot become a bot account.", "Das Konto eines Moderators kann kein Bot-Konto werden."),
    ("bot_account_needed", "Only a bot account has API tokens: make this account a bot account first.", "Nur ein Bot-Konto hat API-Tokens: mache dieses Konto zuerst zu einem Bot-Konto."),
    ("too_many_tokens", "An account has at most {max} API tokens; revoke one first.", "Ein Konto hat höchstens {max} API-Tokens; widerrufe zuerst eines."),
    ("token_name_bad", "Name the token (1 to {max} characters).", "Gib dem Token einen Namen (1 bis {max} Zeichen)."),
    ("no_such_token", "This account has no API token {id}.", "Dieses Konto hat kein API-Token {id}."),
    ("leaderboard_who", "A leaderboard shows who=people, who=bots or who=all, not who={who}.", "Eine Bestenliste zeigt who=people, who=bots oder who=all, nicht who={who}."),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_fill_the_wording_in_both_languages() {
        let t = Text::new(
            Lang::En,
            "joined",
            [("name", "Ann".to_string()), ("seat", "2".to_string())],
        );
        assert_eq!(t.text, "Ann sits down (seat 2).");
        assert_eq!(t.in_lang(Lang::De).text, "Ann setzt sich (Platz 2).");
    }

    #[test]
    fn every_text_has_both_languages_and_the_same_placeholders() {
        for (key, en, de) in TEXTS {
            assert!(!en.is_empty() && !de.is_empty(), "{key}");
            let names = |s: &str| {
                let mut v: Vec<String> = s
                    .split('{')
                    .skip(1)
                    .filter_map(|p| p.split_once('}'))
                    .map(|(n, _)| n.to_owned())
                    .collect();
                v.sort();
                v
            };
            assert_eq!(names(en), names(de), "{key}");
        }
        let mut keys: Vec<&str> = TEXTS.iter().map(|t| t.0).collect();
        keys.sort();
        let n = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), n, "keys are unique");
    }

    #[test]
    fn unknown_keys_show_themselves() {
        let t = Text::new(Lang::De, "mystery", [("a", "1".to_string())]);
        assert_eq!(t.text, "mystery a=1");
    }
}
