//! The client's own address behind a reverse proxy. Only a connection from a trusted proxy
//! (`--trusted-proxy CIDR`) may say whom it forwards: then `X-Forwarded-For` or, without it,
//! `Forwarded` (RFC 7239) is read from the right, skipping the trusted proxies in the chain, and
//! the first address that is not one is the client's. From anyone else these headers are
//! ignored, so a client cannot pick the address its limits and bans are counted under.
//!
//! `X-Forwarded-For` comes first because nginx, Caddy, HAProxy and most others set it and pass a
//! client's own `Forwarded` header on untouched: read first, that header would let a client
//! behind such a proxy name any address it likes.

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use ipnet::IpNet;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// The proxies whose forwarding headers are believed.
#[derive(Clone, Debug, Default)]
pub struct TrustedProxies(pub Arc<Vec<IpNet>>);

impl TrustedProxies {
    pub fn new(nets: Vec<IpNet>) -> Self {
        TrustedProxies(Arc::new(nets))
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client's address for a connection from `peer` with these request headers.
    pub fn client_ip(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return canonical(peer);
        }
        let chain = forwarded_for(headers).unwrap_or_default();
        // From the right: each hop was added by the proxy after it; stop at the first address
        // no trusted proxy could have added for itself.
        let mut client = canonical(peer);
        for hop in chain.iter().rev() {
            client = canonical(*hop);
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

/// An IPv4 address mapped into IPv6 as the IPv4 address itself.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

/// The forwarded-for chain, left (the original client) to right (the last proxy's peer):
/// from `X-Forwarded-For` if the request has one, else from `Forwarded`. `None` when neither
/// is there; an entry that is not an address (`unknown`, an obfuscated name) ends the chain
/// there, keeping only what lies to its right.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<IpAddr>> {
    let joined = |name: &str| {
        let values: Vec<&str> = headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect();
        (!values.is_empty()).then(|| values.join(","))
    };
    let entries: Vec<String> = if let Some(xff) = joined("x-forwarded-for") {
        xff.split(',').map(|s| s.trim().to_string()).collect()
    } else {
        joined("forwarded")?
            .split(',')
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.trim().split_once('='))
                    .find(|(k, _)| k.trim().eq_ignore_ascii_case("for"))
                    .map(|(_, v)| v.trim().to_string())
                    .unwrap_or_default()
            })
            .collect()
    };
    let mut chain = Vec::new();
    for entry in entries.iter().rev() {
        match parse_node(entry) {
            Some(ip) => chain.push(ip),
            None => break,
        }
    }
    chain.reverse();
    Some(chain)
}

/// `192.0.2.1`, `192.0.2.1:4711`, `"[2001:db8::1]:4711"`, `2001:db8::1`.
fn parse_node(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(sock) = text.parse::<SocketAddr>() {
        return Some(sock.ip());
    }
    let inner = text.strip_prefix('[')?.split(']').next()?;
    inner.parse().ok()
}

/// The client's address, as the room counts it (limits, bans, logs): the peer's, or behind a
/// trusted proxy the one it forwards for.
#[derive(Clone, Copy, Debug)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = (StatusCode, &'static str);

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let Some(ConnectInfo(peer)) = parts.extensions.get::<ConnectInfo<SocketAddr>>() else {
            return Err((StatusCode::INTERNAL_SERVER_ERROR, "no peer address"));
        };
        let trusted = parts
            .extensions
            .get::<TrustedProxies>()
            .cloned()
            .unwrap_or_default();
        Ok(ClientIp(trusted.client_ip(peer.ip(), &parts.headers)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn proxies(nets: &[&str]) -> TrustedProxies {
        TrustedProxies::new(nets.iter().map(|n| n.parse().unwrap()).collect())
    }

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_cannot_choose_its_address() {
        let t = proxies(&["127.0.0.1/32"]);
        let h = headers(&[
            ("x-forwarded-for", "203.0.113.9"),
            ("forwarded", "for=203.0.113.9"),
        ]);
        assert_eq!(t.client_ip(ip("198.51.100.7"), &h), ip("198.51.100.7"));
        assert_eq!(
            TrustedProxies::default().client_ip(ip("127.0.0.1"), &h),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_last_untrusted_hop_is_the_client() {
        let t = proxies(&["10.0.0.0/8"]);
        // The client put a made-up address first; the proxy appended the one it saw.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 198.51.100.7, 10.0.0.2")]);
        assert_eq!(t.client_ip(ip("10.0.0.1"), &h), ip("198.51.100.7"));
        // Several header lines are one list.
        let h = headers(&[
            ("x-forwarded-for", "1.2.3.4"),
            ("x-forwarded-for", "198.51.100.7"),
        ]);
        assert_eq!(t.client_ip(ip("10.0.0.1"), &h), ip("198.51.100.7"));
        // No header from the proxy: the proxy itself.
        assert_eq!(
            t.client_ip(ip("10.0.0.1"), &HeaderMap::new()),
            ip("10.0.0.1")
        );
    }

    #[test]
    fn forwarded_is_read_when_there_is_no_x_forwarded_for() {
        let t = proxies(&["127.0.0.0/8", "::1/128"]);
        let forwarded = (
            "forwarded",
            "for=192.0.2.43;proto=https, for=\"[2001:db8:cafe::17]:4711\"",
        );
        assert_eq!(
            t.client_ip(ip("::1"), &headers(&[forwarded])),
            ip("2001:db8:cafe::17")
        );
        // A client's own Forwarded passed on by a proxy that sets X-Forwarded-For: not read.
        let h = headers(&[forwarded, ("x-forwarded-for", "198.51.100.1")]);
        assert_eq!(t.client_ip(ip("::1"), &h), ip("198.51.100.1"));
        let h = headers(&[("forwarded", "for=192.0.2.60:8080;by=127.0.0.1")]);
        assert_eq!(t.client_ip(ip("::ffff:127.0.0.1"), &h), ip("192.0.2.60"));
        // An obfuscated hop ends the chain: the proxy's own view is all that is left.
        let h = headers(&[("forwarded", "for=_hidden")]);
        assert_eq!(t.client_ip(ip("127.0.0.1"), &h), ip("127.0.0.1"));
    }
}
