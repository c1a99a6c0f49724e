//! # nimmt-web
//!
//! The browser client (TypeScript, in `web/` at the workspace root), built by this crate's build
//! script with npm and embedded in the binary. [`asset`] answers a request path with the file to
//! serve; unknown paths get `index.html` (the client routes by itself), and without a built client
//! a small page says how to get it.

include!(concat!(env!("OUT_DIR"), "/files.rs"));

/// A file of the client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asset {
    pub bytes: &'static [u8],
    /// The `Content-Type` to send.
    pub mime: &'static str,
    /// Whether the file name carries a content hash (may be cached for good).
    pub immutable: bool,
}

/// Shown at `/` when the server was built without npm.
pub const FALLBACK_PAGE: &str = r#"<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>nimmt</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em">
<h1>nimmt</h1>
<p>The room is running, but this server was built without its browser client: npm was not found.
Install Node.js 20 or newer (with npm) and build again (<code>cargo build -p nimmt</code>);
the client in <code>web/</code> is then built and embedded by itself.</p>
<p lang="de">Der Raum läuft, aber dieser Server wurde ohne den Browser-Client gebaut: npm fehlte.
Node.js 20 oder neuer (mit npm) installieren und neu bauen; der Client wird dann mitgebaut.</p>
<p>Terminal players: <code>nimmt play</code>. API: <a href="/api/tables">/api/tables</a>, WebSocket <code>/ws</code>.</p>
</body></html>
"#;

/// Whether the real client is embedded (not the fallback page).
pub fn built() -> bool {
    FILES.iter().any(|(p, _)| *p == "index.html")
}

/// The `Content-Type` of a file name.
pub fn mime(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file for a request path (`/`, `/assets/index-abc.js`, `/table/3`). Paths without a file
/// extension get `index.html`; a missing file with an extension, and the server's own paths
/// (`/api/…`, `/ws`, `/healthz`), get `None` (a 404).
pub fn asset(path: &str) -> Option<Asset> {
    let path = path
        .split(['?', '#'])
        .next()
        .unwrap_or("")
        .trim_start_matches('/');
    if path.split('/').any(|p| p == "..") {
        return None;
    }
    let path = if path.is_empty() { "index.html" } else { path };
    if let Some((p, bytes)) = FILES.iter().find(|(p, _)| *p == path) {
        return Some(Asset {
            bytes,
            mime: mime(p),
            immutable: p.starts_with("assets/"),
        });
    }
    // The server's own routes are never the page.
    if path == "api" || path.starts_with("api/") || path == "ws" || path == "healthz" {
        return None;
    }
    let last = path.rsplit('/').next().unwrap_or("");
    if last.contains('.') && path != "index.html" {
        return None;
    }
    Some(match FILES.iter().find(|(p, _)| *p == "index.html") {
        Some((_, bytes)) => Asset {
            bytes,
            mime: mime("index.html"),
            immutable: false,
        },
        None => Asset {
            bytes: FALLBACK_PAGE.as_bytes(),
            mime: mime("index.html"),
            immutable: false,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_and_client_routes_get_the_page() {
        let root = asset("/").unwrap();
        assert_eq!(root.mime, "text/html; charset=utf-8");
        assert_eq!(asset("/replay/4").unwrap().bytes, root.bytes);
        let page = std::str::from_utf8(root.bytes).unwrap();
        assert!(page.contains("nimmt"));
        if built() {
            assert!(page.contains("<script"), "the built page loads the client");
        } else {
            assert!(
                page.contains("npm"),
                "the fallback page says how to get the client"
            );
        }
    }

    #[test]
    fn the_installable_apps_files_are_served_with_their_types() {
        assert_eq!(mime("manifest.webmanifest"), "application/manifest+json");
        assert_eq!(mime("sw.js"), "text/javascript; charset=utf-8");
        assert_eq!(mime("icon-192.png"), "image/png");
        if built() {
            for path in [
                "/sw.js",
                "/manifest.webmanifest",
                "/offline.html",
                "/icon-512.png",
            ] {
                let a = asset(path).unwrap_or_else(|| panic!("{path} is embedded"));
                assert!(
                    !a.immutable,
                    "{path} keeps its name across releases: never cached for good"
                );
                assert_ne!(a.bytes, asset("/").unwrap().bytes, "{path} is its own file");
            }
        }
        // A table's link loads the page.
        assert_eq!(asset("/t/12").unwrap().bytes, asset("/").unwrap().bytes);
    }

    #[test]
    fn missing_files_and_escapes_are_not_found() {
        assert_eq!(asset("/assets/nothing-here.js"), None);
        assert_eq!(asset("/../Cargo.toml"), None);
        assert_eq!(asset("/assets/../../secret"), None);
        assert_eq!(
            asset("/api/nothing"),
            None,
            "unknown API paths are 404s, not the page"
        );
        assert_eq!(asset("/ws"), None);
    }

    #[test]
    fn every_embedded_script_is_served_with_its_type() {
        for (p, bytes) in FILES {
            let a = asset(p).unwrap();
            assert_eq!(a.bytes, *bytes);
            if p.ends_with(".js") {
                assert_eq!(a.mime, "text/javascript; charset=utf-8");
                // Hashed bundles are kept for good; the service worker (`sw.js`) never is.
                assert_eq!(a.immutable, p.starts_with("assets/"), "{p}");
            }
        }
    }
}
