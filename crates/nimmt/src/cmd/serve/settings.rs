//! The room's settings: one file (`nimmt.toml`), the environment (`NIMMT_…`) over it, the
//! command line's flags over both. Every flag of `nimmt serve` is a key of the file, spelled
//! with `_` for `-` (`--bot-delay-ms` is `bot_delay_ms`, its variable `NIMMT_BOT_DELAY_MS`).
//! An unknown key or a bad value refuses to start, naming the key and why (`docs/deploy.md`).

use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The file read when `--config` is not given, if it exists in the working directory.
pub const DEFAULT_FILE: &str = "nimmt.toml";

/// How SQLite commits.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SqliteSync {
    /// Each commit reaches the disk before a move is acknowledged.
    Full,
    /// Each commit reaches the log at once (safe against a killed server, not a power cut).
    Normal,
}

/// How log lines are written.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line, for a log collector.
    Json,
}

/// Every setting of `nimmt serve`, with its default. The flags' help texts say what each means.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct Settings {
    pub addr: SocketAddr,
    pub database: String,
    pub allow_origin: Vec<String>,
    pub public_url: Vec<String>,
    pub bot_delay_ms: u64,
    pub reconnect_secs: u64,
    pub abandoned_close_after: u64,
    pub sleep_after_secs: u64,
    pub ladder_every_secs: u64,
    pub tournaments_by_anyone: bool,
    pub web_dir: Option<PathBuf>,
    pub msgs_per_sec: f64,
    pub queue_bytes: usize,
    pub max_conns_per_addr: usize,
    pub new_identities_per_min: f64,
    pub max_tables_per_identity: usize,
    pub max_reports_per_hour: u32,
    pub sqlite_sync: SqliteSync,
    pub data: Vec<String>,
    pub cluster: Option<String>,
    pub node_name: Option<String>,
    pub cluster_prefix: String,
    pub lease_ms: u64,
    pub trusted_proxy: Vec<String>,
    pub log_format: LogFormat,
    pub smtp: Option<String>,
    pub mail_from: Option<String>,
    pub vapid_key: Option<PathBuf>,
    pub vapid_subject: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "sqlite://nimmt.db".into(),
            allow_origin: Vec::new(),
            public_url: Vec::new(),
            bot_delay_ms: 600,
            reconnect_secs: 60,
            abandoned_close_after: 600,
            sleep_after_secs: 60,
            ladder_every_secs: 10,
            tournaments_by_anyone: false,
            web_dir: None,
            msgs_per_sec: 20.0,
            queue_bytes: 256 * 1024,
            max_conns_per_addr: 32,
            new_identities_per_min: 20.0,
            max_tables_per_identity: 5,
            max_reports_per_hour: 10,
            sqlite_sync: SqliteSync::Full,
            data: Vec::new(),
            cluster: None,
            node_name: None,
            cluster_prefix: "nimmt".into(),
            lease_ms: 3000,
            trusted_proxy: Vec::new(),
            log_format: LogFormat::Text,
            smtp: None,
            mail_from: None,
            vapid_key: None,
            vapid_subject: None,
        }
    }
}

/// The keys, as the environment spells them after `NIMMT_` (lower case).
const KEYS: &[&str] = &[
    "addr",
    "database",
    "allow_origin",
    "public_url",
    "bot_delay_ms",
    "reconnect_secs",
    "abandoned_close_after",
    "sleep_after_secs",
    "ladder_every_secs",
    "tournaments_by_anyone",
    "web_dir",
    "msgs_per_sec",
    "queue_bytes",
    "max_conns_per_addr",
    "new_identities_per_min",
    "max_tables_per_identity",
    "max_reports_per_hour",
    "sqlite_sync",
    "data",
    "cluster",
    "node_name",
    "cluster_prefix",
    "lease_ms",
    "trusted_proxy",
    "log_format",
    "smtp",
    "mail_from",
    "vapid_key",
    "vapid_subject",
];

/// Where the file comes from: a path given (it must exist) or the default one (if present).
pub enum Source<'a> {
    Given(&'a Path),
    Default,
}

/// Reads the file, the environment and then `flags` (only the flags given on the command
/// line: a serializable value whose absent fields are skipped), and checks the values.
pub fn load(source: Source<'_>, flags: &impl Serialize) -> Result<Settings, String> {
    let mut figment = Figment::from(Serialized::defaults(Settings::default()));
    match source {
        Source::Given(path) => {
            if !path.is_file() {
                return Err(format!("the config file {} does not exist", path.display()));
            }
            figment = figment.merge(Toml::file_exact(path));
        }
        Source::Default if Path::new(DEFAULT_FILE).is_file() => {
            figment = figment.merge(Toml::file_exact(DEFAULT_FILE))
        }
        Source::Default => {}
    }
    let settings: Settings = figment
        .merge(Env::prefixed("NIMMT_").only(KEYS))
        .merge(Serialized::defaults(flags))
        .extract()
        .map_err(describe)?;
    settings.check()?;
    Ok(settings)
}

/// One line per error: where it came from, the key, and why.
fn describe(error: figment::Error) -> String {
    error
        .into_iter()
        .map(|e| {
            let source = match e.metadata.as_ref() {
                Some(m) => match &m.source {
                    Some(figment::Source::File(path)) => path.display().to_string(),
                    _ => m.name.to_string(),
                },
                None => "settings".into(),
            };
            let key = e.path.join(".");
            let why = match &e.kind {
                figment::error::Kind::UnknownField(field, _) => {
                    return format!(
                        "{source}: unknown key `{field}` (`nimmt serve --help` lists the keys)"
                    );
                }
                kind => kind.to_string(),
            };
            if key.is_empty() {
                format!("{source}: {why}")
            } else {
                format!("{source}: key `{key}`: {why}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl Settings {
    /// The checks the types do not make.
    fn check(&self) -> Result<(), String> {
        let bad = |key: &str, why: &str| Err(format!("key `{key}`: {why}"));
        if !(self.msgs_per_sec.is_finite() && self.msgs_per_sec > 0.0) {
            return bad("msgs_per_sec", "must be a number above 0");
        }
        if !(self.new_identities_per_min.is_finite() && self.new_identities_per_min >= 0.0) {
            return bad("new_identities_per_min", "must be 0 (no cap) or more");
        }
        if !(self.database.starts_with("sqlite:") || self.database.starts_with("postgres")) {
            return bad(
                "database",
                "must be sqlite://FILE or postgres://USER@HOST:PORT/DB",
            );
        }
        if self.lease_ms < 100 {
            return bad("lease_ms", "must be at least 100 milliseconds");
        }
        if let Some(name) = &self.node_name {
            let ok = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
            if name.is_empty() || !name.chars().all(ok) {
                return bad("node_name", "letters, digits, - and _ only");
            }
        }
        for entry in &self.trusted_proxy {
            if parse_net(entry).is_none() {
                return bad(
                    "trusted_proxy",
                    &format!("`{entry}` is not an address or a network (CIDR, e.g. 10.0.0.0/8)"),
                );
            }
        }
        if let Some(smtp) = &self.smtp {
            if !(smtp.starts_with("smtp://") || smtp.starts_with("smtps://")) {
                return bad(
                    "smtp",
                    "must be smtp://HOST:PORT or smtps://USER:PASSWORD@HOST:PORT",
                );
            }
            if self.mail_from.is_none() {
                return bad(
                    "mail_from",
                    "the sender of the room's mails is needed with smtp",
                );
            }
        }
        if let Some(subject) = &self.vapid_subject {
            if !(subject.starts_with("mailto:") || subject.starts_with("https://")) {
                return bad("vapid_subject", "must be mailto:ADDRESS or https://URL");
            }
        }
        if let Some(entry) = self.data.iter().find(|d| !d.contains('=')) {
            return bad("data", &format!("`{entry}` is not KEY=FILE"));
        }
        Ok(())
    }

    /// The trusted proxies' networks (checked when the settings were loaded).
    pub fn trusted_proxies(&self) -> Vec<ipnet::IpNet> {
        self.trusted_proxy
            .iter()
            .filter_map(|e| parse_net(e))
            .collect()
    }

    /// The room's Web Push key, read from `vapid_key` (none: no Web Push); its contact is
    /// `vapid_subject`, else the first public URL, else the room's address.
    pub fn vapid(&self) -> anyhow::Result<Option<nimmt_server::push::Vapid>> {
        let Some(path) = &self.vapid_key else {
            return Ok(None);
        };
        let pem = std::fs::read_to_string(path)
            .map_err(|e| anyhow::anyhow!("cannot read the VAPID key {}: {e}", path.display()))?;
        let subject = self
            .vapid_subject
            .clone()
            .or_else(|| self.public_url.first().cloned())
            .unwrap_or_else(|| format!("http://{}", self.addr));
        nimmt_server::push::Vapid::from_pem(&pem, subject)
            .map(Some)
            .map_err(|e| anyhow::anyhow!("the VAPID key {}: {e}", path.display()))
    }

    /// The settings as a `nimmt.toml` would hold them, secrets masked.
    pub fn to_masked_toml(&self) -> String {
        let mut shown = self.clone();
        shown.database = mask_password(&shown.database);
        shown.cluster = shown.cluster.as_deref().map(mask_password);
        shown.smtp = shown.smtp.as_deref().map(mask_password);
        toml::to_string(&shown).unwrap_or_else(|e| format!("# cannot print the settings: {e}\n"))
    }
}

/// `10.0.0.0/8`, `::1/128`, or one address (`127.0.0.1`).
fn parse_net(text: &str) -> Option<ipnet::IpNet> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>().ok().or_else(|| {
        text.parse::<std::net::IpAddr>()
            .ok()
            .map(ipnet::IpNet::from)
    })
}

/// `scheme://user:secret@host…` with the secret replaced by `****`.
pub fn mask_password(url: &str) -> String {
    nimmt_server::store::masked_url(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_is_a_key_the_environment_may_set() {
        let value = serde_json::to_value(Settings::default()).unwrap();
        let mut keys: Vec<_> = value.as_object().unwrap().keys().cloned().collect();
        keys.sort();
        let mut listed: Vec<_> = KEYS.iter().map(|k| k.to_string()).collect();
        listed.sort();
        assert_eq!(keys, listed);
    }

    #[test]
    fn the_vapid_key_is_read_from_its_file_and_names_a_contact() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("vapid.pem");
        std::fs::write(&file, nimmt_server::push::Vapid::generate_pem()).unwrap();
        let mut s = Settings {
            vapid_key: Some(file.clone()),
            public_url: vec!["https://nimmt.example.org".into()],
            ..Settings::default()
        };
        assert_eq!(s.check(), Ok(()));
        let vapid = s.vapid().unwrap().unwrap();
        assert!(format!("{vapid:?}").contains("https://nimmt.example.org"));
        s.vapid_subject = Some("room@example.org".into());
        assert!(s.check().unwrap_err().contains("`vapid_subject`"));
        std::fs::write(&file, "not a key").unwrap();
        assert!(s.vapid().unwrap_err().to_string().contains("P-256"));
        assert!(Settings::default().vapid().unwrap().is_none());
    }

    #[test]
    fn smtp_needs_a_sender_and_its_password_is_masked() {
        let mut s = Settings {
            smtp: Some("smtps://room:secret@mail.example:465".into()),
            ..Settings::default()
        };
        assert!(s.check().unwrap_err().contains("`mail_from`"));
        s.mail_from = Some("Nimmt <room@example.org>".into());
        assert_eq!(s.check(), Ok(()));
        let shown = s.to_masked_toml();
        assert!(
            shown.contains("smtps://room:****@mail.example:465"),
            "{shown}"
        );
        assert!(!shown.contains("secret"));
        s.smtp = Some("http://mail.example".into());
        assert!(s.check().unwrap_err().contains("`smtp`"));
    }
}
