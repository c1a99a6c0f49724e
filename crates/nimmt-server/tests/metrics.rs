//! `/metrics` as an operator's Prometheus scrapes it after real traffic: HTTP requests by route,
//! WebSocket connections by kind, a game with a bot (tables by game and state, the store's
//! queue and commits, the bot's thinking time); and the Grafana dashboard in `docs/` charts
//! only names a real scrape has, and every one of them.

mod common;

use common::accounts::sign_up;
use common::{http_get, server, Db, Player};
use nimmt_protocol::ServerMsg;
use std::collections::{BTreeMap, BTreeSet};

/// A scrape as series (`name{labels}`, labels as written) → value; every line checked to be a
/// comment or a sample.
fn parse(text: &str) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("{line:?}"));
        let value: f64 = value.parse().unwrap_or_else(|_| panic!("{line:?}"));
        assert!(value.is_finite() && value >= 0.0, "{line:?}");
        out.insert(series.to_owned(), value);
    }
    out
}

fn value(m: &BTreeMap<String, f64>, series: &str) -> f64 {
    *m.get(series)
        .unwrap_or_else(|| panic!("no {series} in {:#?}", m.keys().collect::<Vec<_>>()))
}

/// The `_bucket` lines of `name{labels,le=…}`: cumulative (never falling), `+Inf` last and equal
/// to `_count`; returns the count and the sum.
fn histogram(m: &BTreeMap<String, f64>, name: &str, labels: &str) -> (f64, f64) {
    let prefix = format!("{name}_bucket{{{labels},le=");
    let buckets: Vec<(&String, f64)> = m
        .iter()
        .filter(|(k, _)| k.starts_with(&prefix))
        .map(|(k, v)| (k, *v))
        .collect();
    assert!(buckets.len() > 3, "{prefix}: {buckets:?}");
    let mut les: Vec<(f64, f64)> = buckets
        .iter()
        .map(|(k, v)| {
            let le = k[prefix.len()..].trim_end_matches('}').trim_matches('"');
            let le = if le == "+Inf" {
                f64::INFINITY
            } else {
                le.parse().unwrap()
            };
            (le, *v)
        })
        .collect();
    les.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert!(
        les.windows(2).all(|w| w[0].1 <= w[1].1),
        "{prefix}: {les:?}"
    );
    let count = value(m, &format!("{name}_count{{{labels}}}"));
    assert_eq!(les.last().unwrap(), &(f64::INFINITY, count), "{prefix}");
    (count, value(m, &format!("{name}_sum{{{labels}}}")))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_requests_connections_tables_commits_and_bots() {
    let db = Db::sqlite();
    let (srv, url) = server(&db).await;
    let addr = srv.addr;
    // HTTP: a few routes, one of them refused, and a page of the client.
    assert_eq!(http_get(addr, "/healthz").await.0, 200);
    assert_eq!(http_get(addr, "/healthz").await.0, 200);
    assert_eq!(http_get(addr, "/api/tables").await.0, 200);
    assert_eq!(http_get(addr, "/api/games/424242/record").await.0, 404);
    http_get(addr, "/some/page").await;
    // WebSocket: one not yet said hello, a guest, an account.
    let _silent = nimmt_server::client::Client::connect(&url).await.unwrap();
    let (_, token) = sign_up(addr, None, "Cleo", "a long enough password").await;
    let _cleo = Player::join_as(&url, "Cleo", Some(&token)).await;
    // A game with a bot: a few moves stored, the bot asked each turn.
    let mut ann = Player::join(&url, "Ann").await;
    ann.create(&[], Some(2)).await;
    assert!(matches!(
        ann.command("/bot add").await,
        ServerMsg::Ack { .. }
    ));
    assert!(matches!(ann.command("/start").await, ServerMsg::Ack { .. }));
    assert_eq!(ann.play_moves(3).await, 3);

    let (status, text) = http_get(addr, "/metrics").await;
    assert_eq!(status, 200);
    let m = parse(&text);
    let node = "node=\"single\"";

    // Per route: the pattern, never the raw path; its answers by status class.
    let route = |method: &str, r: &str| format!("{node},method=\"{method}\",route=\"{r}\"");
    let (n, sum) = histogram(
        &m,
        "nimmt_http_request_duration_seconds",
        &route("GET", "/healthz"),
    );
    assert_eq!(n, 2.0);
    assert!(sum > 0.0 && sum < 2.0, "{sum}");
    let record = route("GET", "/api/games/{id}/record");
    assert_eq!(
        histogram(&m, "nimmt_http_request_duration_seconds", &record).0,
        1.0
    );
    let refused = format!("nimmt_http_responses_total{{{record},status=\"4xx\"}}");
    assert_eq!(value(&m, &refused), 1.0);
    assert_eq!(
        value(
            &m,
            &format!(
                "nimmt_http_responses_total{{{},status=\"2xx\"}}",
                route("GET", "/healthz")
            )
        ),
        2.0
    );
    assert!(!text.contains("424242"), "a raw path became a label");
    assert_eq!(
        histogram(
            &m,
            "nimmt_http_request_duration_seconds",
            &route("GET", "fallback")
        )
        .0,
        1.0
    );
    assert!(
        histogram(
            &m,
            "nimmt_http_request_duration_seconds",
            &route("GET", "/ws")
        )
        .0 >= 3.0
    );

    // Connections by kind, adding up to all of them.
    let kind = |k: &str| {
        value(
            &m,
            &format!("nimmt_connections_by_kind{{{node},kind=\"{k}\"}}"),
        )
    };
    assert_eq!(kind("hello"), 1.0);
    assert_eq!(kind("guest"), 1.0);
    assert_eq!(kind("account"), 1.0);
    assert_eq!(value(&m, &format!("nimmt_connections{{{node}}}")), 3.0);

    // Tables by game and state: Ann's classic table plays, nothing else is there.
    let tables = |game: &str, state: &str| {
        value(
            &m,
            &format!("nimmt_tables_by_game{{{node},game=\"{game}\",state=\"{state}\"}}"),
        )
    };
    assert_eq!(tables("classic", "playing"), 1.0);
    assert_eq!(tables("classic", "open"), 0.0);
    assert_eq!(tables("help", "playing"), 0.0);

    // The store: its database by file name, its queue empty between moves, its commits timed.
    let database = format!("{node},database=\"sqlite:nimmt.db\"");
    assert_eq!(
        value(&m, &format!("nimmt_store_queue_depth{{{database}}}")),
        0.0
    );
    assert_eq!(
        value(&m, &format!("nimmt_commit_failures_total{{{database}}}")),
        0.0
    );
    let (commits, took) = histogram(&m, "nimmt_commit_seconds", &database);
    assert!(commits >= 4.0, "{commits}");
    assert!(took > 0.0 && took / commits < 1.0, "{took} s for {commits}");
    let moves = value(&m, &format!("nimmt_moves_total{{{node}}}"));
    assert!(moves >= 3.0, "{moves} moves");

    // The bot thought about its moves, for a plausible while.
    let (decisions, thought) = histogram(
        &m,
        "nimmt_bot_decision_seconds",
        &format!("{node},game=\"classic\""),
    );
    assert!(decisions >= 1.0, "{decisions}");
    assert!(
        thought > 0.0 && thought / decisions < 5.0,
        "{thought} s for {decisions}"
    );

    dashboard_charts_what_the_scrape_has(&text);
    srv.stop().await;
}

/// Every metric name in `docs/grafana-dashboard.json` is in `scrape`, and every metric of the
/// scrape is charted; the dashboard is a Grafana JSON model with a Prometheus data source.
fn dashboard_charts_what_the_scrape_has(scrape: &str) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/grafana-dashboard.json"
    );
    let dash: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).expect("dashboard is JSON");
    assert!(
        dash["title"].is_string() && dash["schemaVersion"].is_u64(),
        "{dash}"
    );
    let panels = dash["panels"].as_array().expect("panels");
    let mut exprs = Vec::new();
    for p in panels {
        if p["type"] == "row" {
            continue;
        }
        assert!(p["title"].is_string() && p["gridPos"].is_object(), "{p}");
        let targets = p["targets"]
            .as_array()
            .unwrap_or_else(|| panic!("no targets: {p}"));
        assert!(!targets.is_empty(), "{p}");
        for t in targets {
            exprs.push(
                t["expr"]
                    .as_str()
                    .unwrap_or_else(|| panic!("no expr: {t}"))
                    .to_owned(),
            );
        }
    }
    let name = regex_lite_names(&exprs.join(" "));
    let series: BTreeSet<&str> = scrape
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split(['{', ' ']).next())
        .collect();
    for n in &name {
        assert!(
            series.contains(n.as_str()),
            "the dashboard charts {n}, which /metrics lacks"
        );
    }
    let families: BTreeSet<&str> = scrape
        .lines()
        .filter_map(|l| l.strip_prefix("# TYPE "))
        .filter_map(|l| l.split(' ').next())
        .collect();
    for f in families {
        assert!(
            name.iter().any(|n| n == f
                || ["_bucket", "_sum", "_count"]
                    .iter()
                    .any(|s| *n == format!("{f}{s}"))),
            "the dashboard does not chart {f}"
        );
    }
}

/// The words starting with `nimmt_` in PromQL text.
fn regex_lite_names(promql: &str) -> BTreeSet<String> {
    promql
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| w.starts_with("nimmt_"))
        .map(str::to_owned)
        .collect()
}
