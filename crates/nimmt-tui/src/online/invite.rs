//! Invitation links in the terminal: `/join ID CODE` (or `/join ID`), or a link
//! `http://host/t/ID?invite=CODE` pasted into the chat line, joins table ID as a player with the
//! code; the host's `/invite` notice gets the full link on this client's server.

use nimmt_protocol::TableId;

/// The table and code a typed line asks to join, if it is such a line. `/join` alone is the
/// table's own command (sit down at the table one is at) and is not read here.
pub fn join_line(line: &str) -> Option<(TableId, Option<String>)> {
    let line = line.trim();
    if let Some(rest) = line.strip_prefix("/join ") {
        let mut words = rest.split_whitespace();
        let table = words.next()?.parse().ok()?;
        let code = words.next().map(str::to_owned);
        return words.next().is_none().then_some((table, code));
    }
    if line.contains(char::is_whitespace) {
        return None;
    }
    let (_, path) = line.split_once("/t/")?;
    let (table, query) = path.split_once('?').unwrap_or((path, ""));
    let table = table.trim_end_matches('/').parse().ok()?;
    let code = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("invite="))
        .filter(|c| !c.is_empty())
        .map(str::to_owned);
    Some((table, code))
}

/// The full invitation link of `table` with `code` on the server at `server` (as given on the
/// command line: `host:port`, `ws://host:port/ws`, `wss://…`).
pub fn link(server: &str, table: &str, code: &str) -> String {
    let s = server.trim().trim_end_matches('/');
    let (scheme, rest) = s.split_once("://").unwrap_or(("ws", s));
    let host = rest.split('/').next().unwrap_or(rest);
    let scheme = if matches!(scheme, "wss" | "https") {
        "https"
    } else {
        "http"
    };
    format!("{scheme}://{host}/t/{table}?invite={code}")
}

#[cfg(test)]
mod tests {
    use super::super::{Online, OnlineEffect, OnlineInput};
    use super::*;
    use crate::input::Key;
    use crate::text::Lang;
    use nimmt_protocol::{ClientMsg, Role};

    #[test]
    fn a_typed_join_line_or_a_pasted_link_joins_as_a_player_with_the_code() {
        for line in ["/join 7 C0de", "http://127.0.0.1:8080/t/7?invite=C0de"] {
            let mut o = Online::new("127.0.0.1:8080", "Bea", Lang::En);
            o.handle(OnlineInput::Key(Key::Tab));
            for c in line.chars() {
                o.handle(OnlineInput::Key(Key::Char(c)));
            }
            let sent = o.handle(OnlineInput::Key(Key::Enter));
            let join = ClientMsg::Join {
                table: 7,
                role: Role::Player,
                invite: Some("C0de".into()),
            };
            assert_eq!(sent, vec![OnlineEffect::Send(join)], "{line}");
        }
    }

    #[test]
    fn join_lines_and_pasted_links_name_the_table_and_the_code() {
        assert_eq!(
            join_line("/join 12 Aq3v_-x"),
            Some((12, Some("Aq3v_-x".into())))
        );
        assert_eq!(join_line("/join 12"), Some((12, None)));
        assert_eq!(join_line("/join"), None);
        assert_eq!(join_line("/join twelve"), None);
        assert_eq!(
            join_line("https://room.example/t/7?invite=Zz9"),
            Some((7, Some("Zz9".into())))
        );
        assert_eq!(join_line("see /t/7?invite=Zz9 here"), None);
        assert_eq!(join_line("hello"), None);
    }

    #[test]
    fn the_link_is_on_the_servers_own_address() {
        assert_eq!(
            link("127.0.0.1:8080", "5", "C0de"),
            "http://127.0.0.1:8080/t/5?invite=C0de"
        );
        assert_eq!(
            link("wss://room.example/ws", "5", "C0de"),
            "https://room.example/t/5?invite=C0de"
        );
    }
}
