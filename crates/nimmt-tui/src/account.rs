//! Logging in to an account from the terminal: `POST /api/account/login` on the room's HTTP
//! address; the session token it answers is then said in `hello`, which resumes the account's
//! identity with its seats.

use serde_json::Value;

/// The room's HTTP base for a server given as for `--server` (`ws://host:port[/ws]`,
/// `wss://…`, `http(s)://…` or `host:port`).
pub fn http_base(server: &str) -> String {
    let s = server.trim().trim_end_matches('/');
    let (scheme, rest) = match s.split_once("://") {
        Some(("wss" | "https", rest)) => ("https", rest),
        Some((_, rest)) => ("http", rest),
        None => ("http", s),
    };
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}")
}

/// A logged-in session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub player: String,
    pub name: String,
    pub token: String,
}

/// Logs in as `name`; `Err` carries the room's own words (wrong name or password, the wait
/// after failed logins) in `lang` (`en`, `de`).
pub fn log_in(server: &str, name: &str, password: &str, lang: &str) -> anyhow::Result<Session> {
    let url = format!("{}/api/account/login?lang={lang}", http_base(server));
    let answer = ureq::post(&url).send_json(serde_json::json!({
        "name": name,
        "password": password,
    }));
    let body: Value = match answer {
        Ok(r) => r.into_json()?,
        Err(ureq::Error::Status(_, r)) => {
            let body: Value = r.into_json().unwrap_or(Value::Null);
            let why = body["error"]
                .as_str()
                .unwrap_or("the server refused the login");
            anyhow::bail!("{why}");
        }
        Err(e) => anyhow::bail!("cannot reach {url}: {e}"),
    };
    let field = |k: &str| {
        body[k]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| anyhow::anyhow!("the server's answer has no {k}"))
    };
    Ok(Session {
        player: field("player")?,
        name: field("name")?,
        token: field("token")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_http_address_of_a_server() {
        assert_eq!(http_base("ws://127.0.0.1:8080"), "http://127.0.0.1:8080");
        assert_eq!(http_base("ws://127.0.0.1:8080/ws"), "http://127.0.0.1:8080");
        assert_eq!(http_base("wss://nimmt.example/ws"), "https://nimmt.example");
        assert_eq!(http_base("localhost:9000"), "http://localhost:9000");
    }
}
